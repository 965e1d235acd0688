// What one run shares across everything it executes: its id, abort signal, event sequence and
// trace, approvals, the capability cache, and where execution currently is (a Place).
import type { LanguageModel, ToolSet } from "ai";
import type { CompositeRunner, ParentScope, Scope, ToolPolicy, ToolSourceCache } from "../capabilities/index.ts";
import type { NodeKind, NodeStatus, TraceBuilder, TraceEvent, TraceEventInput, NodeError, NodeStartEvent } from "../trace/index.ts";
import type { AgentProps } from "../workflow/index.ts";
import type { RunDebugger } from "../debug/index.ts";
import type { PriceTable } from "../pricing/index.ts";
import type { ReplayPlan } from "../replay/index.ts";
import type { ApprovalRegistry } from "./approvals.ts";
import type { EventLog } from "./event-log.ts";

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
  policies: readonly ToolPolicy[];
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
  stepId?: string;
}

export function emit(ctx: RunContext, input: TraceEventInput): TraceEvent {
  const event = { ...input, runId: ctx.runId, seq: ++ctx.seq, time: Date.now() } as TraceEvent;
  ctx.builder.apply(event);
  ctx.log.push(event);
  ctx.onEvent?.(event);
  return event;
}

export function startNode(
  ctx: RunContext,
  node: Omit<NodeStartEvent["node"], "id"> & { kind: NodeKind },
): string {
  const id = `n${++ctx.nodes}`;
  emit(ctx, { type: "node-start", node: { ...node, id } });
  return id;
}

export function endNode(
  ctx: RunContext,
  nodeId: string,
  status: Exclude<NodeStatus, "pending" | "running" | "waiting">,
  extra: { output?: unknown; error?: NodeError } = {},
): void {
  emit(ctx, { type: "node-end", nodeId, status, ...extra });
}
