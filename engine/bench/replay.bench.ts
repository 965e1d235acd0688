// Benchmark (not a test) of replay, fork and stepping on a 1,000-tool-call run (the workload of
// run.bench.ts: a zero-latency scripted model and five trivial tools). It records one run, keeps
// its events, then measures in one process, in seeded shuffled rounds, by CPU time:
//   - the live run again, `replay(events)`, and `fork(events, { at: <middle model call> })`;
//   - a run stepped to its end (`startPaused: true`, `handle.step()` at every `paused` event)
//     against a plain run whose events are read the same way;
//   - a run with three breakpoints that never match against one with none.
// Every run is checked before its time counts. Plain .ts with jsx() calls so Node 22 runs it:
//   cd engine && node bench/replay.bench.ts          (--quick: one round per shape, no warm-up)
// Results are recorded in docs/benchmarks.md ("Replay and stepping").
import { availableParallelism, loadavg } from "node:os";
import { run, type Breakpoint, type RunHandle, type RunResult, type TraceEvent, type TraceNode } from "june";
import { scripted, type ScriptedModel, type ScriptedResponse } from "june/sdk/scripted";
import { fork, replay } from "june/sdk/replay";
import { FINAL_TEXT, TOOL_CALLS, agent, collectGarbage, countKind, median, pct, script, shuffled, startClock, type Shape } from "./workload.ts";

const QUICK = process.argv.includes("--quick");
const SHAPES: Shape[] = [
  { name: "1000 turns × 1 call", turns: 1000, perTurn: 1, warmup: 1, runs: 7 },
  { name: "100 turns × 10 calls", turns: 100, perTurn: 10, warmup: 2, runs: 11 },
].map((shape) => (QUICK ? { ...shape, warmup: 0, runs: 1 } : shape));

/** Three breakpoints of every kind that no boundary of this workflow matches. */
const NEVER: Breakpoint[] = [
  { kind: "tool", tool: "deploy" },
  { kind: "step", step: "publish" },
  { kind: "agent", agent: "reviewer" },
];

/** What one recorded run gives the variants that replay it. */
interface Recording {
  shape: Shape;
  responses: ScriptedResponse[];
  events: TraceEvent[];
  /** The recorded trace without times, as JSON: what a replay's must equal. */
  trace: string;
  /** The fork point: the middle model call's node id and its index among the model calls. */
  forkAt: { nodeId: string; index: number };
  /** The prompt the recorded model got at the fork point, as JSON. */
  forkPrompt: string;
}

interface Sample {
  cpu: number;
  wall: number;
  /** CPU ms spent building the replay plan from the events (inside `cpu`). */
  planCpu?: number;
  events?: number;
  pausedBytes?: number;
}

interface Variant {
  key: string;
  label: string;
  exec(rec: Recording): Promise<Sample>;
}

/** The tree without times (and the run id, which is not in the tree): what a replay reproduces. */
function timeless(node: TraceNode): unknown {
  const { startedAt: _s, endedAt: _e, children, ...rest } = node;
  return { ...rest, children: children.map(timeless) };
}

function modelCalls(node: TraceNode, into: TraceNode[] = []): TraceNode[] {
  if (node.kind === "model-call") into.push(node);
  for (const child of node.children) modelCalls(child, into);
  return into;
}

/** Fails loudly if a run went wrong, so a broken run never reports a time. */
function checkRun(result: RunResult, shape: Shape, side: string): void {
  if (result.status !== "succeeded") throw new Error(`${side}: the run ${result.status}: ${result.error?.code} ${result.error?.message}`);
  if (result.steps.work !== FINAL_TEXT) throw new Error(`${side}: the step's value was ${JSON.stringify(result.steps.work)}`);
  const toolCalls = countKind(result.trace, "tool-call");
  const calls = countKind(result.trace, "model-call");
  if (toolCalls !== TOOL_CALLS || calls !== shape.turns + 1) throw new Error(`${side}: the trace has ${toolCalls} tool calls and ${calls} model calls`);
}

function checkCalls(model: ScriptedModel, expected: number, side: string, offset = 0): void {
  const made = model.calls.length - offset;
  if (made !== expected) throw new Error(`${side}: the live model was called ${made} times, expected ${expected}`);
}

function checkTrace(result: RunResult, rec: Recording, side: string): void {
  if (JSON.stringify(timeless(result.trace)) !== rec.trace) throw new Error(`${side}: the trace differs from the recorded one`);
}

async function collect(handle: RunHandle): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  for await (const event of handle.events) events.push(event);
  return events;
}

function countType(events: TraceEvent[], type: TraceEvent["type"]): number {
  return events.filter((e) => e.type === type).length;
}

/** A model that fails the run if it is ever called (a replay must make no model call). */
function forbidden(): ScriptedModel {
  return scripted(() => {
    throw new Error("the model was called during a replay");
  });
}

/**
 * The live model of a fork from model call `from`: the same script, answering call `from` first,
 * with the tool call ids the recorded calls had (`call_<index>_<position>`), so the fork's trace
 * equals the recorded one. A fresh scripted model would restart its ids at call_0_0, ids the record
 * already has (see docs/benchmarks.md, "Replay and stepping").
 */
function continuing(responses: ScriptedResponse[], from: number): ScriptedModel {
  const model = scripted(responses);
  // The scripted model answers call N (= calls so far) with responses[N] and names its tool calls
  // call_N_i: `from` recorded placeholders make its first call number `from`.
  for (let i = 0; i < from; i++) model.calls.push({ tools: [], prompt: [] });
  return model;
}

const live: Variant = {
  key: "live",
  label: "live run",
  async exec(rec) {
    const model = scripted(rec.responses);
    const element = agent(model, rec.shape);
    collectGarbage();
    const clock = startClock();
    const result = await run(element).result;
    const sample = clock();
    checkRun(result, rec.shape, this.label);
    checkCalls(model, rec.shape.turns + 1, this.label);
    return sample;
  },
};

const replayed: Variant = {
  key: "replay",
  label: "replay(events)",
  async exec(rec) {
    const model = forbidden();
    const element = agent(model, rec.shape);
    collectGarbage();
    const clock = startClock();
    const plan = replay(rec.events);
    const planCpu = clock().cpu;
    const handle = run(element, { replay: plan });
    const result = await handle.result;
    const sample = clock();
    checkRun(result, rec.shape, this.label);
    checkCalls(model, 0, this.label);
    checkTrace(result, rec, this.label);
    const events = await collect(handle);
    const expected = rec.shape.turns + 1 + TOOL_CALLS;
    if (countType(events, "replayed") !== expected) throw new Error(`${this.label}: ${countType(events, "replayed")} replayed events, expected ${expected}`);
    return { ...sample, planCpu };
  },
};

const forked: Variant = {
  key: "fork",
  label: "fork(events, { at: middle })",
  async exec(rec) {
    const at = rec.forkAt.index;
    const model = continuing(rec.responses, at);
    const element = agent(model, rec.shape);
    collectGarbage();
    const clock = startClock();
    const plan = fork(rec.events, { at: rec.forkAt.nodeId });
    const planCpu = clock().cpu;
    const handle = run(element, { replay: plan });
    const result = await handle.result;
    const sample = clock();
    checkRun(result, rec.shape, this.label);
    // The live model got exactly the calls from the fork point on, the first with the recorded prompt.
    checkCalls(model, rec.shape.turns + 1 - at, this.label, at);
    if (JSON.stringify(model.calls[at]!.prompt) !== rec.forkPrompt) throw new Error(`${this.label}: the fork call's prompt differs from the recorded one`);
    checkTrace(result, rec, this.label);
    // Before the fork point from the record (model calls and their tool calls), the rest live.
    const events = await collect(handle);
    const expected = at + at * rec.shape.perTurn;
    if (countType(events, "replayed") !== expected) throw new Error(`${this.label}: ${countType(events, "replayed")} replayed events, expected ${expected}`);
    return { ...sample, planCpu };
  },
};

/** The baseline of stepping: a plain run whose events are read as they come, as a driver does. */
const reading: Variant = {
  key: "read",
  label: "live run, events read",
  async exec(rec) {
    const model = scripted(rec.responses);
    const element = agent(model, rec.shape);
    collectGarbage();
    const clock = startClock();
    const handle = run(element);
    let events = 0;
    for await (const _event of handle.events) events++;
    const result = await handle.result;
    const sample = clock();
    checkRun(result, rec.shape, this.label);
    checkCalls(model, rec.shape.turns + 1, this.label);
    return { ...sample, events };
  },
};

const stepping: Variant = {
  key: "step",
  label: "stepped: startPaused + step()",
  async exec(rec) {
    const model = scripted(rec.responses);
    const element = agent(model, rec.shape);
    collectGarbage();
    const clock = startClock();
    const handle = run(element, { startPaused: true });
    let paused = 0;
    let resumed = 0;
    let events = 0;
    for await (const event of handle.events) {
      events++;
      if (event.type === "paused") {
        paused++;
        handle.step();
      } else if (event.type === "resumed" && event.how === "step") resumed++;
    }
    const result = await handle.result;
    const sample = clock();
    checkRun(result, rec.shape, this.label);
    checkCalls(model, rec.shape.turns + 1, this.label);
    // Before every model call and every tool, and after the step.
    const boundaries = rec.shape.turns + 1 + TOOL_CALLS + 1;
    if (paused !== boundaries || resumed !== boundaries) throw new Error(`${this.label}: stopped ${paused} times and stepped on ${resumed}, expected ${boundaries}`);
    return { ...sample, events };
  },
};

const breakpoints: Variant = {
  key: "breakpoints",
  label: "3 breakpoints, none matching",
  async exec(rec) {
    const model = scripted(rec.responses);
    const element = agent(model, rec.shape);
    collectGarbage();
    const clock = startClock();
    const handle = run(element, { breakpoints: NEVER });
    const result = await handle.result;
    const sample = clock();
    checkRun(result, rec.shape, this.label);
    checkCalls(model, rec.shape.turns + 1, this.label);
    const events = await collect(handle);
    if (countType(events, "paused") !== 0) throw new Error(`${this.label}: the run stopped`);
    return sample;
  },
};

const VARIANTS = [live, replayed, forked, reading, stepping, breakpoints];
const COMPARISONS = [
  { of: "replay", to: "live", what: "replay vs live" },
  { of: "fork", to: "live", what: "fork at the middle vs live" },
  { of: "step", to: "read", what: "stepped to the end vs events read" },
  { of: "read", to: "live", what: "events read vs live (the driver's loop)" },
  { of: "breakpoints", to: "live", what: "3 unmatched breakpoints vs none" },
] as const;

async function record(shape: Shape): Promise<Recording> {
  const responses = script(shape);
  const model = scripted(responses);
  const handle = run(agent(model, shape));
  const events = await collect(handle);
  const result = await handle.result;
  checkRun(result, shape, "recording");
  const calls = modelCalls(result.trace);
  const index = Math.floor(calls.length / 2);
  return {
    shape,
    responses,
    events,
    trace: JSON.stringify(timeless(result.trace)),
    forkAt: { nodeId: calls[index]!.id, index },
    forkPrompt: JSON.stringify(model.calls[index]!.prompt),
  };
}

/** Every variant once per round, in a different order each round. */
async function measure(rec: Recording): Promise<Map<string, Sample[]>> {
  const samples = new Map<string, Sample[]>(VARIANTS.map((v) => [v.key, []]));
  for (let round = 0; round < rec.shape.warmup + rec.shape.runs; round++) {
    for (const variant of shuffled(VARIANTS, round + 1)) {
      const sample = await variant.exec(rec);
      if (round >= rec.shape.warmup) samples.get(variant.key)!.push(sample);
    }
  }
  return samples;
}

/** What stepping adds to the record: the `paused` events, each with its stop (a model call's whole prompt). */
async function pausedSize(rec: Recording): Promise<{ events: number; paused: number; pausedBytes: number; allBytes: number }> {
  const handle = run(agent(scripted(rec.responses), rec.shape), { startPaused: true });
  const events: TraceEvent[] = [];
  for await (const event of handle.events) {
    events.push(event);
    if (event.type === "paused") handle.step();
  }
  checkRun(await handle.result, rec.shape, "stepped (size)");
  let pausedBytes = 0;
  let allBytes = 0;
  for (const event of events) {
    const bytes = Buffer.byteLength(JSON.stringify(event)) + 1;
    allBytes += bytes;
    if (event.type === "paused") pausedBytes += bytes;
  }
  return { events: events.length, paused: countType(events, "paused"), pausedBytes, allBytes };
}

function report(rec: Recording, samples: Map<string, Sample[]>, size: Awaited<ReturnType<typeof pausedSize>>): void {
  const { shape } = rec;
  const of = (key: string) => samples.get(key)!;
  const cpu = (key: string) => median(of(key).map((s) => s.cpu));
  const wall = (key: string) => median(of(key).map((s) => s.wall));
  // Each run against the baseline of the same round; the figure is the median of those ratios.
  const ratio = (key: string, baseline: string) => median(of(key).map((s, i) => s.cpu / of(baseline)[i]!.cpu));

  console.log(`${shape.name}: ${shape.turns + 1} model calls, ${TOOL_CALLS} tool calls (medians of ${shape.runs} runs)`);
  console.log(`  ${"".padEnd(32)}   CPU ms  wall ms  CPU ms of each run, sorted`);
  for (const v of VARIANTS) {
    const runs = of(v.key).map((x) => x.cpu).sort((a, b) => a - b).map((x) => x.toFixed(0)).join(" ");
    console.log(`  ${v.label.padEnd(32)} ${cpu(v.key).toFixed(0).padStart(8)} ${wall(v.key).toFixed(0).padStart(8)}  [${runs}]`);
  }
  for (const c of COMPARISONS) {
    const r = ratio(c.of, c.to);
    console.log(`  ${c.what.padEnd(40)} ${r.toFixed(2)}×  ${pct(r).padStart(7)}`);
  }
  const plan = (key: string) => median(of(key).map((s) => s.planCpu!));
  console.log(
    `  building the plan from ${rec.events.length} recorded events: replay ${plan("replay").toFixed(0)} ms, fork ${plan("fork").toFixed(0)} ms ` +
      `(CPU, inside the figures above); fork at model call ${rec.forkAt.index + 1} of ${shape.turns + 1}`,
  );
  const steps = shape.turns + 1 + TOOL_CALLS + 1;
  // The median of the per-round differences (stepped − read in the same round), like the ratios.
  const perStop = median(of("step").map((s, i) => s.cpu - of("read")[i]!.cpu)) / steps;
  console.log(`  stepping: ${steps} stops, ${(perStop * 1000).toFixed(0)} µs of CPU per stop (median per-round difference ÷ stops)`);
  console.log(
    `  a stepped run's record: ${size.events} events (${of("read")[0]!.events} unstepped), ${size.paused} paused events of ` +
      `${(size.pausedBytes / 1e6).toFixed(1)} MB of JSON in ${(size.allBytes / 1e6).toFixed(1)} MB\n`,
  );
}

async function main(): Promise<void> {
  console.log(`Replay and stepping: ${TOOL_CALLS} tool calls on a zero-latency scripted model`);
  console.log(
    `Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}; ` +
      `each round runs every variant once, in a shuffled order\n`,
  );
  for (const shape of SHAPES) {
    const rec = await record(shape);
    const samples = await measure(rec);
    report(rec, samples, await pausedSize(rec));
  }
  console.log(`Load average at the end: ${loadavg()[0]!.toFixed(1)}`);
}

await main();
