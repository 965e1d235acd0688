// The workload the run benchmarks share (run.bench.ts, replay.bench.ts): five real AI SDK tools,
// a zero-latency scripted model's script of N turns of M tool calls then a text answer, the agent
// June runs it in, and the measuring helpers (CPU clock, GC, seeded shuffle, medians).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { stepCountIs, tool, type LanguageModel, type ToolSet } from "ai";
import { z } from "zod";
import { Agent, Step, Tool, type TraceNode } from "june";
import { jsx } from "june/jsx-runtime";
import type { ScriptedResponse } from "june/sdk/scripted";

/** Total tool calls per run, in every shape. */
export const TOOL_CALLS = 1000;
export const PROMPT = "Work through the files.";
export const FINAL_TEXT = "Done: all files read, written and checked.";

/** A run's shape: `turns` model turns of `perTurn` tool calls each, then the answer; rounds to measure. */
export interface Shape {
  name: string;
  turns: number;
  perTurn: number;
  warmup: number;
  runs: number;
}

// A full collection before every timed run, so no run pays for the garbage of the one before it.
// (The same as `node --expose-gc`, without changing the command.)
setFlagsFromString("--expose-gc");
export const collectGarbage = runInNewContext("gc") as () => void;

// Five real AI SDK tools with zod input schemas and trivial async executes, shared by both sides.
export const tools = {
  readFile: tool({
    description: "Read a file",
    inputSchema: z.object({ path: z.string() }),
    execute: async ({ path }) => `contents of ${path}`,
  }),
  writeFile: tool({
    description: "Write a file",
    inputSchema: z.object({ path: z.string(), text: z.string() }),
    execute: async ({ path, text }) => ({ path, bytes: text.length }),
  }),
  listDir: tool({
    description: "List a directory",
    inputSchema: z.object({ dir: z.string() }),
    execute: async ({ dir }) => [`${dir}/a.ts`, `${dir}/b.ts`],
  }),
  search: tool({
    description: "Search the project",
    inputSchema: z.object({ query: z.string(), limit: z.number().int().optional() }),
    execute: async ({ query, limit }) => ({ query, hits: limit ?? 3 }),
  }),
  stat: tool({
    description: "Stat a file",
    inputSchema: z.object({ path: z.string() }),
    execute: async ({ path }) => ({ path, size: path.length * 10, dir: false }),
  }),
} satisfies ToolSet;
type ToolName = keyof typeof tools;
export const TOOL_NAMES = Object.keys(tools) as ToolName[];

function toolInput(name: ToolName, i: number): Record<string, unknown> {
  const path = `src/file${i}.ts`;
  switch (name) {
    case "readFile":
    case "stat":
      return { path };
    case "writeFile":
      return { path, text: `export const n = ${i};` };
    case "listDir":
      return { dir: `src/dir${i}` };
    case "search":
      return { query: `symbol${i}`, limit: 5 };
  }
}

/** `turns` responses of `perTurn` tool calls each (cycling through the five tools), then the answer. */
export function script(shape: Shape): ScriptedResponse[] {
  const responses: ScriptedResponse[] = [];
  let i = 0;
  for (let t = 0; t < shape.turns; t++) {
    const toolCalls = [];
    for (let c = 0; c < shape.perTurn; c++, i++) {
      const toolName = TOOL_NAMES[i % TOOL_NAMES.length]!;
      toolCalls.push({ toolName, input: toolInput(toolName, i) });
    }
    responses.push({ toolCalls });
  }
  responses.push({ text: FINAL_TEXT });
  return responses;
}

/** The June workflow: one agent with the five tools and one step, allowed every turn of the shape. */
export function agent(model: LanguageModel, shape: Shape) {
  return jsx(Agent, {
    model,
    name: "worker",
    stopWhen: stepCountIs(shape.turns + 1),
    children: [...TOOL_NAMES.map((name) => jsx(Tool, { name, value: tools[name] })), jsx(Step, { id: "work", prompt: PROMPT })],
  });
}

export function countKind(node: TraceNode, kind: string): number {
  let n = node.kind === kind ? 1 : 0;
  for (const child of node.children) n += countKind(child, kind);
  return n;
}

/** Starts timing; the returned function gives CPU and wall milliseconds since. */
export function startClock(): () => { cpu: number; wall: number } {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { cpu: (used.user + used.system) / 1000, wall: performance.now() - wall };
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A seeded shuffle, so the order of the variants changes every round but every run of the bench is alike. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed * 2654435761 + 1;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export const pct = (ratio: number) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)}%`;
