// Test support: random workflows from a seed — agents with nested agents, composite tools
// (<Tool workflow>) and defined agents, leaf tools that need approval in every way a tool can
// (its own needsApproval, a per-call function, <RequireApproval>) or not at all — and a scripted
// responder that calls the tools it is offered, several at once, for a bounded number of turns.
import { tool } from "ai";
import { z } from "zod";
import { Agent, RequireApproval, Step, Tool, defineAgent, type Breakpoint, type JuneNode } from "june";
import type { ScriptedCall, ScriptedResponse } from "june/sdk/scripted";
import { hashSeed, mulberry32, type Rng } from "../../../test/support/invariants.ts";

/** How a tool comes to need approval: not at all, its own needsApproval, a per-call function, a wrapper. */
export type Gate = "none" | "own" | "per-call" | "wrap";

export interface ToolSpec {
  kind: "leaf" | "composite" | "callable";
  name: string;
  gate: Gate;
  /** The workflow a composite or defined agent runs. */
  inner?: AgentSpec;
}

export interface AgentSpec {
  name: string;
  tools: ToolSpec[];
  steps: string[];
  /** An <Agent> nested in this one's workflow, after its first step. */
  sub?: AgentSpec;
}

export interface WorkflowSpec {
  agents: AgentSpec[];
  stream: boolean;
  startPaused: boolean;
  breakpoints: Breakpoint[];
  /** Every tool by name (names are unique in a workflow). */
  tools: Map<string, ToolSpec>;
}

/** Whether a call of `tool` with `input` waits for approval, as the workflow declares it. */
export function needsApproval(spec: ToolSpec, input: unknown): boolean {
  if (spec.gate === "per-call") return perCallGate(input);
  return spec.gate !== "none";
}

// The per-call function asks for even n only.
const perCallGate = (input: unknown) => ((input as { n?: number } | undefined)?.n ?? 0) % 2 === 0;

export function generateWorkflow(rng: Rng): WorkflowSpec {
  let ids = 0;
  const tools = new Map<string, ToolSpec>();
  const steps: string[] = [];
  const agent = (depth: number): AgentSpec => {
    const name = `agent${++ids}`;
    const toolCount = rng.int(1, depth === 0 ? 4 : 2);
    const own: ToolSpec[] = [];
    for (let i = 0; i < toolCount; i++) own.push(toolSpec(depth));
    const stepIds = Array.from({ length: depth === 0 ? rng.int(1, 2) : 1 }, () => `s${++ids}`);
    steps.push(...stepIds);
    return { name, tools: own, steps: stepIds, ...(depth === 0 && rng.chance(0.3) ? { sub: agent(1) } : {}) };
  };
  const toolSpec = (depth: number): ToolSpec => {
    const roll = rng.next();
    const kind = depth >= 2 || roll < 0.6 ? "leaf" : roll < 0.8 ? "composite" : "callable";
    const gate: Gate = kind === "leaf" ? rng.pick(["none", "none", "own", "per-call", "wrap"] as const) : rng.pick(["none", "wrap"] as const);
    const spec: ToolSpec = { kind, name: `${kind}${++ids}`, gate };
    if (kind !== "leaf") spec.inner = agent(depth + 1);
    if (kind === "callable") spec.inner!.steps = ["main"];
    tools.set(spec.name, spec);
    return spec;
  };
  const agents = Array.from({ length: rng.chance(0.2) ? 2 : 1 }, () => agent(0));
  const breakpoints: Breakpoint[] = [];
  if (rng.chance(0.2)) breakpoints.push({ kind: "tool", tool: rng.pick([...tools.keys()]) });
  if (rng.chance(0.15)) breakpoints.push({ kind: "step", step: rng.pick(steps) });
  return { agents, stream: rng.chance(0.5), startPaused: rng.chance(0.15), breakpoints, tools };
}

/** What the rendered tools report: each execution of a leaf tool, as it begins. */
export interface ExecutionRecorder {
  executed(toolName: string, toolCallId: string, input: unknown): void;
}

const input = z.object({ n: z.number() });
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

export function renderWorkflow(spec: WorkflowSpec, recorder: ExecutionRecorder): JuneNode {
  return <>{spec.agents.map((agent) => renderAgent(agent, recorder, ""))}</>;
}

function renderAgent(spec: AgentSpec, recorder: ExecutionRecorder, suffix: string): JuneNode {
  const [first, ...rest] = spec.steps;
  return (
    <Agent name={spec.name}>
      {spec.tools.map((t) => renderTool(t, recorder))}
      <Step id={first!} prompt={`${first}${suffix}`} />
      {spec.sub ? renderAgent(spec.sub, recorder, suffix) : null}
      {rest.map((id) => (
        <Step id={id} prompt={`${id}${suffix}`} />
      ))}
    </Agent>
  );
}

function renderTool(spec: ToolSpec, recorder: ExecutionRecorder): JuneNode {
  const element = spec.kind === "leaf" ? renderLeaf(spec, recorder) : spec.kind === "composite" ? renderComposite(spec, recorder) : renderCallable(spec, recorder);
  return spec.gate === "wrap" ? <RequireApproval>{element}</RequireApproval> : element;
}

function renderLeaf(spec: ToolSpec, recorder: ExecutionRecorder): JuneNode {
  const value = tool({
    description: `Leaf tool ${spec.name}`,
    inputSchema: input,
    ...(spec.gate === "own" ? { needsApproval: true } : {}),
    ...(spec.gate === "per-call" ? { needsApproval: async (i: { n: number }) => perCallGate(i) } : {}),
    execute: async ({ n }, { toolCallId }) => {
      recorder.executed(spec.name, toolCallId, { n });
      // Some tools take a few turns of the event loop, so decisions and stops land mid-execution.
      for (let i = 0; i < n % 3; i++) await immediate();
      return `${spec.name} ran with ${n}`;
    },
  });
  return <Tool name={spec.name} value={value} />;
}

function renderComposite(spec: ToolSpec, recorder: ExecutionRecorder): JuneNode {
  return (
    <Tool name={spec.name} description={`Composite ${spec.name}`} input={input}>
      {({ n }) => renderAgent(spec.inner!, recorder, ` for ${spec.name} ${n}`)}
    </Tool>
  );
}

function renderCallable(spec: ToolSpec, recorder: ExecutionRecorder): JuneNode {
  const Callee = defineAgent({
    name: spec.name,
    description: `Defined agent ${spec.name}`,
    input,
    prompt: ({ n }) => `main for ${spec.name} ${n}`,
    capabilities: () => <>{spec.inner!.tools.map((t) => renderTool(t, recorder))}</>,
  });
  return <Callee />;
}

/**
 * The model's behaviour, from the seed and the conversation alone (so it is the same however the
 * run's parallel parts interleave): per conversation 0–2 turns of 1–3 calls to offered tools,
 * then text.
 */
export function responder(seed: number): (call: ScriptedCall) => ScriptedResponse {
  return (call) => {
    const key = JSON.stringify(call.prompt.find((m) => m.role === "user")?.content);
    const turn = call.prompt.filter((m) => m.role === "assistant").length;
    const toolTurns = mulberry32(hashSeed(`${seed}|${key}`)).pick([0, 1, 1, 2, 2]);
    if (turn >= toolTurns || call.tools.length === 0) return { text: `done after ${turn} turns` };
    const rng = mulberry32(hashSeed(`${seed}|${key}|${turn}`));
    const count = rng.pick([1, 1, 1, 2, 2, 3]);
    return { toolCalls: Array.from({ length: count }, () => ({ toolName: rng.pick(call.tools), input: { n: rng.int(0, 9) } })) };
  };
}
