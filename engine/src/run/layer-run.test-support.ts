// A real run context for testing the model and tool layers on their own: the run's own event log,
// trace builder, debugger and approvals, with a run → agent "writer" → step "work" already started
// (the same nodes, so the same replay keys, as `<Agent name="writer"><Step id="work" /></Agent>`).
import type { ToolSet } from "ai";
import { ToolSourceCache, type Scope } from "../capabilities/index.ts";
import { RunDebugger, type Breakpoint } from "../debug/index.ts";
import { defaultPrices, type PriceTable } from "../pricing/index.ts";
import type { ReplayPlan } from "../replay/index.ts";
import { TraceBuilder, type TraceEvent, type TraceNode } from "../trace/index.ts";
import { ApprovalRegistry } from "./approvals.ts";
import { compositeRunner } from "./composite-runner.ts";
import { EventLog } from "./event-log.ts";
import { emit, startNode, type Place, type RunContext } from "./run-context.ts";
import { valueLimits, type ValueLimits } from "./value-limits.ts";

export interface LayerRunOptions {
  replay?: ReplayPlan;
  startPaused?: boolean;
  breakpoints?: Breakpoint[];
  prices?: PriceTable;
  limits?: Partial<ValueLimits>;
}

export interface LayerRun {
  ctx: RunContext;
  place: Place;
  stepNodeId: string;
  /** Every event so far, in order. */
  readonly events: TraceEvent[];
  /** The node `id` as the trace has it now. */
  node(id: string): TraceNode;
  /** The step's children now, as `[kind, name, status]`. */
  children(): [string, string, string][];
  /** The run's `count`th event of `type` (1 = its first), waiting for it if it hasn't come yet. */
  event<T extends TraceEvent["type"]>(type: T, count?: number): Promise<Extract<TraceEvent, { type: T }>>;
  abort(reason?: unknown): void;
}

export function layerRun(options: LayerRunOptions = {}): LayerRun {
  const controller = new AbortController();
  const ctx: RunContext = {
    runId: "run_layers",
    signal: controller.signal,
    log: new EventLog(),
    builder: new TraceBuilder(),
    approvals: new ApprovalRegistry(),
    cache: new ToolSourceCache(controller.signal),
    composites: compositeRunner(() => ctx),
    defaultModel: undefined,
    modelOverride: undefined,
    stream: true,
    onEvent: undefined,
    policies: [],
    sandbox: undefined,
    warn: () => {},
    seq: 0,
    nodes: 0,
    blocksLoaded: [],
    debug: new RunDebugger({
      emit: (event) => emit(ctx, event),
      signal: controller.signal,
      ...(options.startPaused ? { startPaused: true } : {}),
      ...(options.breakpoints ? { breakpoints: options.breakpoints } : {}),
    }),
    replay: options.replay,
    replayedToolCalls: new Map(),
    prices: options.prices ?? defaultPrices,
    limits: valueLimits(options.limits),
    stop: (reason) => controller.abort(reason),
    recordFailure: undefined,
  };
  const rootId = startNode(ctx, { parentId: null, kind: "run", name: "workflow" });
  const agentNodeId = startNode(ctx, { parentId: rootId, kind: "agent", name: "writer" });
  const stepNodeId = startNode(ctx, { parentId: agentNodeId, kind: "step", name: "work" });
  const scope: Scope = { tools: {}, entries: [], records: undefined, byName: new Map(), denied: [] };
  const place: Place = {
    ctx,
    parentNodeId: stepNodeId,
    agentPath: ["writer"],
    stepPrefix: "",
    steps: {},
    stepOrder: [],
    parentScope: { none: "top-level" },
    agent: { name: "writer", label: "<Agent> writer", nodeId: agentNodeId, scope, props: {}, instructions: undefined, loaders: {} as ToolSet },
    signal: controller.signal,
    stepId: "work",
  };
  return {
    ctx,
    place,
    stepNodeId,
    get events() {
      return ctx.log.events;
    },
    node: (id) => ctx.builder.node(id)!,
    children: () => ctx.builder.node(stepNodeId)!.children.map((c) => [c.kind, c.name, c.status]),
    event: async (type, count = 1) => {
      let seen = 0;
      for await (const event of ctx.log) if (event.type === type && ++seen === count) return event as never;
      throw new Error(`the run's log closed before its event ${type} #${count}`);
    },
    abort: (reason) => controller.abort(reason),
  };
}
