// What one run shares across everything it executes: its id, abort signal, event sequence and
// trace, approvals, the capability cache, and where execution currently is (a Place).
import type { LanguageModel, ToolSet } from "ai";
import type { CompositeRunner, ParentScope, Scope, ToolPolicy, ToolSourceCache } from "../capabilities/index.ts";
import type { ModelExchange, NodeStatus, TraceBuilder, TraceEvent, TraceEventInput, NodeError, NodeStartInput, Usage } from "../trace/index.ts";
import type { AgentProps } from "../workflow/index.ts";
import type { RunDebugger } from "../debug/index.ts";
import type { PriceTable } from "../pricing/index.ts";
import type { ReplayPlan } from "../replay/index.ts";
import { JuneError, isJuneError } from "../errors/index.ts";
import type { ApprovalRegistry } from "./approvals.ts";
import type { EventLog } from "./event-log.ts";
import type { ValueLimits } from "./value-limits.ts";
import type { SandboxSettings } from "../sandbox/index.ts";

export interface RunContext {
  runId: string;
  signal: AbortSignal;
  log: EventLog;
  builder: TraceBuilder;
  approvals: ApprovalRegistry;
  cache: ToolSourceCache;
  composites: CompositeRunner;
  defaultModel: LanguageModel | undefined;
  modelOverride: LanguageModel | undefined;
  /** Use streamText (text deltas in the trace) rather than generateText. */
  stream: boolean;
  onEvent: ((event: TraceEvent) => void) | undefined;
  /** Who keeps model calls' raw provider bodies (RunOptions.onModelExchange); undefined: nobody, and nothing is taken. */
  onExchange: ((exchange: ModelExchange) => void) | undefined;
  policies: readonly ToolPolicy[];
  /** The project's sandbox for `<Bash />` declared without one. */
  sandbox: SandboxSettings | undefined;
  warn: (message: string) => void;
  seq: number;
  nodes: number;
  blocksLoaded: BlockLoad[];
  /** Boundaries ask it whether to stop (stepping, breakpoints, pause). */
  debug: RunDebugger;
  /** Answers from a recorded run (replay, fork, resume). */
  replay: ReplayPlan | undefined;
  /**
   * Per step node, the tool call ids its latest model answer asked for if that answer came from
   * the record: only those calls' results and approval decisions come from the record. A live
   * answer's call is live whatever id it carries (a scripted model restarts at `call_0_0`), and
   * the set is replaced at the step's next model call, after the SDK ran the previous answer's tools.
   */
  replayedToolCalls: Map<string, ReadonlySet<string>>;
  prices: PriceTable;
  /** How deep and large a value from outside may be (the run's input, tool results, model tool inputs). */
  limits: ValueLimits;
  /** Stops the run (aborts its signal) with `reason`. */
  stop: (reason: JuneError) => void;
  /** Set when onEvent (the run's recorder) threw: the run stops and fails with it. */
  recordFailure: JuneError | undefined;
}

/** The agent steps run in: its resolved scope and model settings. */
export interface AgentFrame {
  name: string;
  label: string;
  nodeId: string;
  scope: Scope;
  props: AgentProps;
  /** The agent's instructions with its inject blocks appended. */
  instructions: string | undefined;
  /** Loader tools of its progressive blocks (not governed by the tool policy). */
  loaders: ToolSet;
}

/** A progressive block the model loaded, recorded apart from tool calls. */
export interface BlockLoad {
  block: string;
  agentPath: string[];
  step: string;
}

/** Where execution is: the node new nodes go under, and the (sub)run whose steps they are. */
export interface Place {
  ctx: RunContext;
  parentNodeId: string;
  agentPath: string[];
  /** `research:` inside the composite tool "research"; "" at the run's top. */
  stepPrefix: string;
  steps: Record<string, unknown>;
  stepOrder: string[];
  parentScope: ParentScope;
  agent: AgentFrame | undefined;
  signal: AbortSignal;
  /** The step running, for block loads and approvals. */
  stepId: string | undefined;
}

/**
 * A place, its fields always in this order: every place has one shape, so the optimized code that
 * reads places stays valid from one run to the next (places made by spreading and adding a field
 * each got a shape V8 forgot when the run's objects died, and every run compiled that code again).
 */
export function newPlace(place: Place): Place {
  return {
    ctx: place.ctx,
    parentNodeId: place.parentNodeId,
    agentPath: place.agentPath,
    stepPrefix: place.stepPrefix,
    steps: place.steps,
    stepOrder: place.stepOrder,
    parentScope: place.parentScope,
    agent: place.agent,
    signal: place.signal,
    stepId: place.stepId,
  };
}

export function emit(ctx: RunContext, input: TraceEventInput): TraceEvent {
  return record(ctx, { ...input, runId: ctx.runId, seq: ++ctx.seq, time: Date.now() } as TraceEvent);
}

// The node events are built whole where they start (the hottest events: two per tool call and
// model call), not as an input spread into another object; their fields keep emit's order.
function record(ctx: RunContext, event: TraceEvent): TraceEvent {
  ctx.builder.apply(event);
  ctx.log.push(event);
  if (ctx.onEvent) {
    // Events are emitted from everywhere (a stream transform, an abort listener, a tool's start):
    // a recorder that throws there must fail this run, not escape into the SDK or the process.
    try {
      ctx.onEvent(event);
    } catch (error) {
      recordingFailed(ctx, event, error);
    }
  }
  return event;
}

// The first failure stops the run, which then fails with it; the recorder still sees the events
// that follow (the nodes ending), and a throw on those is the same breakage, not news.
function recordingFailed(ctx: RunContext, event: TraceEvent, error: unknown): void {
  if (ctx.recordFailure) return;
  ctx.recordFailure =
    isJuneError(error) && error.code === "JUNE_RECORD_FAILED"
      ? error
      : new JuneError(
          "JUNE_RECORD_FAILED",
          `june: the run's onEvent handler threw on event ${event.seq} (${event.type}), so the run can't be recorded and was stopped: ` +
            `${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
  ctx.stop(ctx.recordFailure);
}

/**
 * A model call's usage event on `nodeId` (with its cost when priced), built whole as the node
 * events are: one per model call, and a shape that outlives the run (shapes/index.ts).
 */
export function emitUsage(ctx: RunContext, nodeId: string, usage: Usage, costUsd: number | undefined): void {
  const runId = ctx.runId;
  const seq = ++ctx.seq;
  const time = Date.now();
  record(ctx, costUsd === undefined ? { type: "usage", nodeId, usage, runId, seq, time } : { type: "usage", nodeId, usage, costUsd, runId, seq, time });
}

export function startNode(
  ctx: RunContext,
  node: NodeStartInput,
): string {
  const id = `n${++ctx.nodes}`;
  // The caller's object (always a fresh literal) becomes the event's node, its id last as before.
  const started = node as typeof node & { id: string };
  started.id = id;
  record(ctx, { type: "node-start", node: started, runId: ctx.runId, seq: ++ctx.seq, time: Date.now() } as TraceEvent);
  return id;
}

export function endNode(
  ctx: RunContext,
  nodeId: string,
  status: Exclude<NodeStatus, "pending" | "running" | "waiting">,
  extra?: { output?: unknown; error?: NodeError },
): void {
  const runId = ctx.runId;
  const seq = ++ctx.seq;
  const time = Date.now();
  // A literal for each way a node ends, not `extra` spread into one: every end event then has one
  // of three shapes that outlive the run (shapes/index.ts says why that matters).
  let event: TraceEvent;
  if (extra === undefined || !("output" in extra || "error" in extra)) event = { type: "node-end", nodeId, status, runId, seq, time };
  else if ("error" in extra) event = { type: "node-end", nodeId, status, error: extra.error, runId, seq, time } as TraceEvent;
  else event = { type: "node-end", nodeId, status, output: extra.output, runId, seq, time };
  record(ctx, event);
}
