// Trace events: plain JSON, each with the run id and a sequence number, so a store or a
// transport can replay them into the same tree (fold.ts).
import type { SourceLocation } from "../errors/index.ts";
import type { ElicitValue, ServerAsk } from "./server-asks.ts";
import type { StopInfo } from "./stops.ts";
import type { NodeInput, NodeKind } from "./payloads.ts";
import type { CapabilityRecord, NodeError, NodeStatus, ToolDenialRecord, ToolInfo, Usage } from "./types.ts";

interface EventBase {
  runId: string;
  /** 1, 2, 3, … per run, in the order things happened. */
  seq: number;
  /** Epoch milliseconds. */
  time: number;
}

/** A node as it starts, of kind `K`: its input is that kind's (payloads.ts). */
export interface StartedNode<K extends NodeKind> {
  id: string;
  parentId: string | null;
  kind: K;
  name: string;
  input?: NodeInput<K>;
  source?: SourceLocation;
  capabilities?: CapabilityRecord[];
  tools?: ToolInfo[];
  /** The AI SDK's tool call id, on tool-call and approval nodes. */
  callId?: string;
}

export interface NodeStartEvent extends EventBase {
  type: "node-start";
  /** Discriminated on `kind`, like the trace node it starts. */
  node: StartedNodeOf<NodeKind>;
}

/** A started node of one of the kinds `K` (a union for a union of kinds). */
export type StartedNodeOf<K extends NodeKind> = K extends NodeKind ? StartedNode<K> : never;

/** A node to start, before the run gives it its id: still discriminated on `kind`. */
export type NodeStartInput<K extends NodeKind = NodeKind> = K extends NodeKind ? Omit<StartedNode<K>, "id"> : never;

/** Streamed text and late-known facts about a running node. */
export interface NodeUpdateEvent extends EventBase {
  type: "node-update";
  nodeId: string;
  textDelta?: string;
  reasoningDelta?: string;
  status?: NodeStatus;
  /** Fields of the node's kind's input (payloads.ts), merged into it (e.g. a model call's resolved settings). */
  input?: Record<string, unknown>;
  /** An agent's resolved capabilities, known once its declarations have resolved. */
  capabilities?: CapabilityRecord[];
  tools?: ToolInfo[];
}

export interface NodeEndEvent extends EventBase {
  type: "node-end";
  nodeId: string;
  status: Exclude<NodeStatus, "pending" | "running" | "waiting">;
  /** The node's kind's output (payloads.ts); the event names only the node, so it is typed on the node once folded. */
  output?: unknown;
  error?: NodeError;
}

/** What a pending approval shows: the tool, its input, and where it was asked. */
export interface ApprovalRequest {
  approvalId: string;
  /** The approval node in the trace. */
  nodeId: string;
  toolName: string;
  toolCallId: string;
  input: unknown;
  /** Agent names from the run's root to the asking agent. */
  agentPath: string[];
  /** The step id, prefixed by the composite tools it runs in: `research:findings`. */
  step: string;
  /** Answered from a recorded run (replay, fork, resume): nobody is asked. */
  replayed?: true;
  /**
   * A resumed run found this tool approved and started, with no result recorded: it may or may
   * not have run. It runs again only if approved again.
   */
  outcomeUnknown?: true;
  /**
   * Why the tool runs its programs without a sandbox (its description says so: no bubblewrap, or
   * `sandbox.enabled: false`); absent when it runs them sandboxed or runs none. Whoever asks the
   * person shows it, so nobody approves an unconfined command unknowingly.
   */
  noSandbox?: string;
  /**
   * What an MCP server asks for during the tool call `toolCallId` (a form, or a sampling by the
   * agent's model); absent for the tool call itself. `toolName` and `input` are still the call's.
   */
  ask?: ServerAsk;
}

export interface ApprovalRequestedEvent extends EventBase {
  type: "approval-requested";
  approval: ApprovalRequest;
}

export interface ApprovalResolvedEvent extends EventBase {
  type: "approval-resolved";
  approvalId: string;
  approved: boolean;
  reason?: string;
  /** An elicitation's answers, when it was approved (submitted). */
  content?: Record<string, ElicitValue>;
  /** An elicitation dismissed without an answer (MCP's "cancel"; a plain denial is "decline"). */
  cancelled?: true;
}

/** Tokens a model call used; the builder adds them to the node and every ancestor. */
export interface UsageEvent extends EventBase {
  type: "usage";
  nodeId: string;
  usage: Usage;
  /** What the call cost in US dollars by the run's price table; absent when the model has no price. */
  costUsd?: number;
}

/** The tool policy kept a tool from an agent. */
export interface ToolDeniedEvent extends EventBase {
  type: "tool-denied";
  nodeId: string;
  denial: ToolDenialRecord;
}

/** The run stopped at a boundary (stepping, a breakpoint, a pause); it holds until resumed. */
export interface PausedEvent extends EventBase {
  type: "paused";
  stop: StopInfo;
}

/** The run went on from a stop: stepped, continued, the approval was decided, or it was aborted. */
export interface ResumedEvent extends EventBase {
  type: "resumed";
  stopId: number;
  how: "step" | "continue" | "decision" | "abort";
}

/** A node's result came from a recorded run (replay, fork, resume), not from the model or tool. */
export interface ReplayedEvent extends EventBase {
  type: "replayed";
  nodeId: string;
  from: { runId: string; nodeId: string };
}

export type TraceEvent =
  | NodeStartEvent
  | NodeUpdateEvent
  | NodeEndEvent
  | ApprovalRequestedEvent
  | ApprovalResolvedEvent
  | UsageEvent
  | ToolDeniedEvent
  | PausedEvent
  | ResumedEvent
  | ReplayedEvent;

/** An event before the run stamps it with its id, sequence number and time. */
export type TraceEventInput = TraceEvent extends infer E ? (E extends TraceEvent ? Omit<E, "runId" | "seq" | "time"> : never) : never;
