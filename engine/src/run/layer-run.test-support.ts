// A real run context for testing the model and tool layers on their own: the run's own event log,
// trace builder, debugger and approvals, with a run → agent "writer" → step "work" already started
// (the same nodes, so the same replay keys, as `<Agent name="writer"><Step id="work" /></Agent>`).
import type { ToolSet } from "ai";
import type { Scope } from "../capabilities/index.ts";
import type { Breakpoint } from "../debug/index.ts";
import type { PriceTable } from "../pricing/index.ts";
import type { ReplayPlan } from "../replay/index.ts";
import type { TraceEvent, TraceNode } from "../trace/index.ts";
import { startNode, type Place, type RunContext } from "./run-context.ts";
import { createRunContext } from "./run.ts";
import type { ValueLimits } from "./value-limits.ts";

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
  // The context run() makes, so these tests start a run as run() does.
  const ctx: RunContext = createRunContext(
    {
      runId: "run_layers",
      warn: () => {},
      ...(options.replay ? { replay: options.replay } : {}),
      ...(options.prices ? { prices: options.prices } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.startPaused ? { startPaused: true } : {}),
      ...(options.breakpoints ? { breakpoints: options.breakpoints } : {}),
    },
    controller,
  );
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
