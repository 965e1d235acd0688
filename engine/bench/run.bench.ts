// Benchmark (not a test) of run overhead: a 1,000-tool-call run on a zero-latency scripted model,
// June's run() against the raw AI SDK loop (generateText / streamText) with the same tools, in one
// process. Two shapes: 1,000 turns of one tool call, and 100 turns of ten parallel calls. Plain .ts
// with jsx() calls so Node 22 runs it directly:
//   cd engine && node bench/run.bench.ts
// Results are recorded in docs/benchmarks.md ("Run overhead").
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { generateText, stepCountIs, streamText, tool, type ToolSet } from "ai";
import { z } from "zod";
import { Agent, Step, Tool, openTraceWriter, run, type RunResult, type TraceNode } from "june";
import { jsx } from "june/jsx-runtime";
import { scripted, type ScriptedModel, type ScriptedResponse } from "june/sdk/scripted";

/** Total tool calls per run, in every shape. */
const TOOL_CALLS = 1000;
const SHAPES = [
  { name: "1000 turns × 1 call", turns: 1000, perTurn: 1 },
  { name: "100 turns × 10 calls", turns: 100, perTurn: 10 },
] as const;
const WARMUP_RUNS = 3;
const RUNS = 9;
/** The overhead the issue asks June to stay under, as a fraction of the raw loop's time. */
const TARGET = 0.2;
const PROMPT = "Work through the files.";
const FINAL_TEXT = "Done: all files read, written and checked.";

// Five real AI SDK tools with zod input schemas and trivial async executes, shared by both sides.
const tools = {
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
const TOOL_NAMES = Object.keys(tools) as (keyof typeof tools)[];

function toolInput(name: keyof typeof tools, i: number): Record<string, unknown> {
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

/** `turns` responses of `perTurn` tool calls each (cycling through the five tools), then text. */
function script(turns: number, perTurn: number): ScriptedResponse[] {
  const responses: ScriptedResponse[] = [];
  let i = 0;
  for (let t = 0; t < turns; t++) {
    const toolCalls = [];
    for (let c = 0; c < perTurn; c++, i++) {
      const toolName = TOOL_NAMES[i % TOOL_NAMES.length]!;
      toolCalls.push({ toolName, input: toolInput(toolName, i) });
    }
    responses.push({ toolCalls });
  }
  responses.push({ text: FINAL_TEXT });
  return responses;
}

type Mode = "generate" | "stream";
interface Sample {
  ms: number;
  events?: number;
  traceBytes?: number;
  fileBytes?: number;
}
interface Variant {
  key: string;
  label: string;
  exec: (responses: ScriptedResponse[], turns: number, dir: string, index: number) => Promise<Sample>;
}

/** Fails loudly if a side didn't make every call, so a broken run never reports a time. */
function checkModel(model: ScriptedModel, turns: number, side: string): void {
  if (model.calls.length !== turns + 1) throw new Error(`${side}: the model was called ${model.calls.length} times, expected ${turns + 1}`);
}

function checkRaw(text: string, toolResults: number, model: ScriptedModel, turns: number, side: string): void {
  checkModel(model, turns, side);
  if (text !== FINAL_TEXT) throw new Error(`${side}: final text was ${JSON.stringify(text)}`);
  if (toolResults !== TOOL_CALLS) throw new Error(`${side}: ${toolResults} tool results, expected ${TOOL_CALLS}`);
}

function countKind(node: TraceNode, kind: string): number {
  let n = node.kind === kind ? 1 : 0;
  for (const child of node.children) n += countKind(child, kind);
  return n;
}

function checkJune(result: RunResult, model: ScriptedModel, turns: number, side: string): void {
  checkModel(model, turns, side);
  if (result.status !== "succeeded") throw new Error(`${side}: run ${result.status}: ${result.error?.code} ${result.error?.message}`);
  if (result.steps.work !== FINAL_TEXT) throw new Error(`${side}: step value was ${JSON.stringify(result.steps.work)}`);
  const calls = countKind(result.trace, "tool-call");
  const modelCalls = countKind(result.trace, "model-call");
  if (calls !== TOOL_CALLS || modelCalls !== turns + 1) throw new Error(`${side}: trace has ${calls} tool calls and ${modelCalls} model calls`);
}

function rawVariant(mode: Mode): Variant {
  return {
    key: `raw-${mode}`,
    label: mode === "generate" ? "AI SDK generateText" : "AI SDK streamText",
    async exec(responses, turns) {
      const model = scripted(responses);
      const stopWhen = stepCountIs(turns + 1);
      const start = performance.now();
      let text: string;
      let toolResults = 0;
      if (mode === "generate") {
        const result = await generateText({ model, tools, prompt: PROMPT, stopWhen });
        text = result.text;
        for (const step of result.steps) toolResults += step.toolResults.length;
      } else {
        const result = streamText({ model, tools, prompt: PROMPT, stopWhen });
        for await (const part of result.fullStream) if (part.type === "error") throw part.error;
        text = await result.text;
        for (const step of await result.steps) toolResults += step.toolResults.length;
      }
      const ms = performance.now() - start;
      checkRaw(text, toolResults, model, turns, this.label);
      return { ms };
    },
  };
}

function juneVariant(mode: Mode, store: boolean): Variant {
  return {
    key: `june-${mode}${store ? "-jsonl" : ""}`,
    label: `June run(), stream: ${mode === "stream"}${store ? ", JSONL store" : ""}`,
    async exec(responses, turns, dir, index) {
      const model = scripted(responses);
      const element = jsx(Agent, {
        model,
        name: "worker",
        stopWhen: stepCountIs(turns + 1),
        children: [...TOOL_NAMES.map((name) => jsx(Tool, { name, value: tools[name] })), jsx(Step, { id: "work", prompt: PROMPT })],
      });
      const path = join(dir, `${this.key}-${index}.jsonl`);
      const start = performance.now();
      const writer = store ? openTraceWriter(path) : undefined;
      const handle = run(element, { stream: mode === "stream", ...(writer ? { onEvent: (event) => writer.append(event) } : {}) });
      const result = await handle.result;
      writer?.close();
      const ms = performance.now() - start;
      checkJune(result, model, turns, this.label);
      let events = 0;
      for await (const _ of handle.events) events++;
      const sample: Sample = { ms, events, traceBytes: Buffer.byteLength(JSON.stringify(result.trace)) };
      if (writer) {
        sample.fileBytes = statSync(path).size;
        rmSync(path);
      }
      return sample;
    },
  };
}

const VARIANTS: Variant[] = [
  rawVariant("generate"),
  juneVariant("generate", false),
  rawVariant("stream"),
  juneVariant("stream", false),
  juneVariant("stream", true),
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measureShape(shape: (typeof SHAPES)[number], dir: string) {
  const responses = script(shape.turns, shape.perTurn);
  const samples = new Map<string, Sample[]>(VARIANTS.map((v) => [v.key, []]));
  for (let r = 0; r < WARMUP_RUNS + RUNS; r++) {
    // Rotate the order every run, so no variant always runs right after the same one (GC, JIT).
    for (let k = 0; k < VARIANTS.length; k++) {
      const variant = VARIANTS[(r + k) % VARIANTS.length]!;
      const sample = await variant.exec(responses, shape.turns, dir, r);
      if (r >= WARMUP_RUNS) samples.get(variant.key)!.push(sample);
    }
  }
  return samples;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "june-run-bench-"));
  try {
    console.log(`Run overhead: ${TOOL_CALLS} tool calls on a zero-latency scripted model, June vs the raw AI SDK loop`);
    console.log(`Node ${process.version}, ${availableParallelism()} cores; median of ${RUNS} runs after ${WARMUP_RUNS} warm-up runs, order rotated each run\n`);
    for (const shape of SHAPES) {
      const samples = await measureShape(shape, dir);
      const ms = (key: string) => median(samples.get(key)!.map((s) => s.ms));
      console.log(`${shape.name} (${shape.turns + 1} model calls)`);
      for (const v of VARIANTS) {
        const s = samples.get(v.key)!;
        const extra = s[0]!.events !== undefined ? `  events ${s[0]!.events}, trace JSON ${s[0]!.traceBytes} B${s[0]!.fileBytes ? `, JSONL ${s[0]!.fileBytes} B` : ""}` : "";
        console.log(`  ${v.label.padEnd(38)} ${ms(v.key).toFixed(1).padStart(8)} ms  [${s.map((x) => x.ms.toFixed(0)).join(" ")}]${extra}`);
      }
      const pairs = [
        ["june-generate", "raw-generate"],
        ["june-stream", "raw-stream"],
        ["june-stream-jsonl", "raw-stream"],
      ] as const;
      for (const [june, raw] of pairs) {
        const ratio = ms(june) / ms(raw);
        console.log(`  ${june} / ${raw}: ${ratio.toFixed(2)}×, overhead ${((ratio - 1) * 100).toFixed(1)}%`);
      }
      console.log("");
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
