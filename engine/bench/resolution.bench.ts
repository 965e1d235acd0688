// Benchmark (not a test) of capability resolution: inspect() on workflows of N agents × 50 tools,
// against a baseline measured in the same process — building the same ToolSets with a plain object
// loop, which is all the raw AI SDK needs. Plain .ts with jsx() calls so Node 22 runs it directly:
//   cd engine && node bench/resolution.bench.ts
// Results are recorded in docs/benchmarks.md ("Capability resolution").
import { tool, type Tool as AiTool, type ToolSet } from "ai";
import { z } from "zod";
import {
  Agent,
  Inherit,
  Namespace,
  RequireApproval,
  Step,
  Tool,
  collectErrors,
  defineCapabilities,
  inspect,
  type JuneElement,
  type JuneNode,
  type TraceNode,
} from "june";
import { Fragment, jsx } from "june/jsx-runtime";
import { scripted } from "june/sdk/scripted";

const SIZES = [100, 250, 500, 1000];
/** Runs per size: at least MIN_RUNS, more for small N so each size is measured over a similar time. */
const MIN_RUNS = 7;
const runsFor = (n: number) => Math.max(MIN_RUNS, Math.round(3000 / n));
const WARMUP_RUNS = 10;
/** Of each agent's 50 tools, 30 sit in <Namespace name="fs"> (every third also in <RequireApproval>)… */
const NAMESPACED = 30;
/** …and 20 come from the <Kit> bundle (every fifth wrapped in <RequireApproval> inside it). */
const BUNDLED = 20;
const TOOLS_PER_AGENT = NAMESPACED + BUNDLED;
/** What each agent's nested agent takes with <Inherit>. */
const INHERITED = ["fs_t1", "fs_t3", "kit_k2"];

// One pool of AI SDK tools shared by every agent, as an app shares its tool definitions.
const pool: AiTool<any, any>[] = Array.from({ length: TOOLS_PER_AGENT }, (_, i) =>
  tool({
    description: `Tool number ${i}`,
    inputSchema: z.object({ value: z.string() }),
    execute: async ({ value }) => `${i}:${value}`,
  }),
);
const model = scripted([]);

const Kit = defineCapabilities(
  ({ offset }: { offset: number }) => {
    const tools: JuneNode[] = [];
    for (let i = 0; i < BUNDLED; i++) {
      const declared = jsx(Tool, { name: `kit_k${i}`, value: pool[offset + i] });
      tools.push(i % 5 === 0 ? jsx(RequireApproval, { children: declared }) : declared);
    }
    return jsx(Fragment, { children: tools });
  },
  { name: "Kit" },
);

/** One agent: 50 tools through a namespace, approvals and a bundle, a step, and a nested agent that inherits 3. */
function agentElement(a: number): JuneElement {
  const namespaced: JuneNode[] = [];
  for (let i = 0; i < NAMESPACED; i++) {
    const declared = jsx(Tool, { name: `t${i}`, value: pool[i] });
    namespaced.push(i % 3 === 0 ? jsx(RequireApproval, { children: declared }) : declared);
  }
  return jsx(Agent, {
    model,
    name: `agent${a}`,
    children: [
      jsx(Namespace, { name: "fs", children: namespaced }),
      jsx(Kit, { offset: NAMESPACED }),
      jsx(Step, { id: `work${a}`, prompt: "Do the work" }),
      jsx(Agent, {
        model,
        name: `helper${a}`,
        children: [jsx(Inherit, { capabilities: INHERITED }), jsx(Step, { id: `help${a}`, prompt: "Help" })],
      }),
    ],
  });
}

function workflow(n: number): JuneElement {
  return jsx(Fragment, { children: Array.from({ length: n }, (_, a) => agentElement(a)) });
}

/** The same ToolSets, built by hand: names prefixed, approvals set, the nested agent's 3 copied over. */
function baselineAgent(): number {
  const tools: ToolSet = {};
  for (let i = 0; i < NAMESPACED; i++) {
    const t = pool[i]!;
    tools[`fs_t${i}`] = i % 3 === 0 ? { ...t, needsApproval: true } : t;
  }
  for (let i = 0; i < BUNDLED; i++) {
    const t = pool[NAMESPACED + i]!;
    tools[`kit_k${i}`] = i % 5 === 0 ? { ...t, needsApproval: true } : t;
  }
  const helper: ToolSet = {};
  for (const name of INHERITED) helper[name] = tools[name]!;
  return Object.keys(tools).length + Object.keys(helper).length;
}

/** Fails loudly if the workflow didn't resolve as intended, so a broken run never reports a time. */
function check(tree: TraceNode, n: number): void {
  const errors = collectErrors(tree);
  if (errors.length > 0) throw new Error(`bench workflow failed: ${errors[0]!.error!.code} ${errors[0]!.error!.message}`);
  const agents = tree.children;
  if (agents.length !== n) throw new Error(`expected ${n} agents, got ${agents.length}`);
  for (const agent of agents) {
    const tools = agent.tools ?? [];
    const waiting = tools.filter((t) => t.approval === "always").length;
    const helper = agent.children.find((c) => c.kind === "agent");
    if (tools.length !== TOOLS_PER_AGENT || waiting !== 14 || helper?.tools?.length !== INHERITED.length) {
      throw new Error(`agent ${agent.name} resolved to ${tools.length} tools (${waiting} with approval)`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timeInspect(element: JuneElement, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    await inspect(element);
    times.push(performance.now() - start);
  }
  return times;
}

/** Baseline ms for n agents: median of MIN_RUNS batches, each repeated until long enough to measure. */
function timeBaseline(n: number): number {
  const times: number[] = [];
  for (let r = 0; r < MIN_RUNS; r++) {
    let sink = 0;
    let passes = 0;
    const start = performance.now();
    do {
      for (let a = 0; a < n; a++) sink += baselineAgent();
      passes++;
    } while (performance.now() - start < 50);
    times.push((performance.now() - start) / passes);
    if (sink !== passes * n * (TOOLS_PER_AGENT + INHERITED.length)) throw new Error("baseline built the wrong ToolSets");
  }
  return median(times);
}

async function main(): Promise<void> {
  // Warm up both paths so the JIT has compiled them before anything is measured.
  const warm = workflow(SIZES[0]!);
  check(await inspect(warm), SIZES[0]!);
  await timeInspect(warm, WARMUP_RUNS);
  timeBaseline(SIZES[0]!);

  const rows: { n: number; ms: number; perAgent: number; perTool: number; baseline: number }[] = [];
  for (const n of SIZES) {
    const element = workflow(n);
    check(await inspect(element), n);
    const ms = median(await timeInspect(element, runsFor(n)));
    const baselineMs = timeBaseline(n);
    rows.push({ n, ms, perAgent: (ms * 1000) / n, perTool: (ms * 1000) / (n * TOOLS_PER_AGENT), baseline: (baselineMs * 1000) / n });
  }

  const first = rows[0]!;
  console.log(`Capability resolution: inspect() on N agents × ${TOOLS_PER_AGENT} tools (median of ${runsFor(SIZES[0]!)} to ${runsFor(SIZES[SIZES.length - 1]!)} runs per N)`);
  console.log(`Node ${process.version}, ${(await import("node:os")).availableParallelism()} cores\n`);
  const header = ["N", "total ms", "µs/agent", "µs/tool", "per-agent vs N=100", "baseline µs/agent", "June ÷ baseline"];
  const table = rows.map((r) => [
    String(r.n),
    r.ms.toFixed(1),
    r.perAgent.toFixed(1),
    r.perTool.toFixed(2),
    `${(r.perAgent / first.perAgent).toFixed(2)}×`,
    r.baseline.toFixed(2),
    `${(r.perAgent / r.baseline).toFixed(0)}×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join("  ");
  console.log(line(header));
  for (const row of table) console.log(line(row));

  const last = rows[rows.length - 1]!;
  const growth = last.perAgent / first.perAgent;
  const verdict =
    growth <= 1.5
      ? `linear: per-agent time at N=${last.n} is ${growth.toFixed(2)}× that at N=${first.n} (flat within 1.5×)`
      : `NOT linear: per-agent time at N=${last.n} is ${growth.toFixed(2)}× that at N=${first.n} (more than 1.5×)`;
  console.log(`\nVerdict: ${verdict}`);
}

await main();
