// Trace events: plain JSON, each with the run id and a sequence number, so a store or a
// transport can replay them into the same tree (see builder.ts).
import type { SourceLocation } from "../errors/index.ts";
import type { CapabilityRecord, NodeError, NodeKind, NodeStatus, ToolDenialRecord, ToolInfo, Usage } from "./types.ts";

interface EventBase {
  runId: string;
  /** 1, 2, 3, … per run, in the order things happened. */
  seq: number;
  /** Epoch milliseconds. */
  time: number;
}

export interface NodeStartEvent extends EventBase {
  type: "node-start";
  node: {
    id: string;
    parentId: string | null;
    kind: NodeKind;
    name: string;
    input?: unknown;
    source?: SourceLocation;
    capabilities?: CapabilityRecord[];
    tools?: ToolInfo[];
    /** The AI SDK's tool call id, on tool-call and approval nodes. */
    callId?: string;
  };
}

/** Streamed text and late-known facts about a running node. */
export interface NodeUpdateEvent extends EventBase {
  type: "node-update";
  nodeId: string;
  textDelta?: string;
  reasoningDelta?: string;
  status?: NodeStatus;
  /** Fields merged into the node's `input` (e.g. a model call's resolved settings). */
  input?: Record<string, unknown>;
  /** An agent's resolved capabilities, known once its declarations have resolved. */
  capabilities?: CapabilityRecord[];
  tools?: ToolInfo[];
}

export interface NodeEndEvent extends EventBase {
  type: "node-end";
  nodeId: string;
  status: Exclude<NodeStatus, "pending" | "running" | "waiting">;
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
}

/** Tokens a model call used; the builder adds them to the node and every ancestor. */
export interface UsageEvent extends EventBase {
  type: "usage";
  nodeId: string;
  usage: Usage;
}

/** The tool policy kept a tool from an agent. */
export interface ToolDeniedEvent extends EventBase {
  type: "tool-denied";
  nodeId: string;
  denial: ToolDenialRecord;
}

export type TraceEvent =
  | NodeStartEvent
  | NodeUpdateEvent
  | NodeEndEvent
  | ApprovalRequestedEvent
  | ApprovalResolvedEvent
  | UsageEvent
  | ToolDeniedEvent;

/** An event before the run stamps it with its id, sequence number and time. */
export type TraceEventInput = TraceEvent extends infer E ? (E extends TraceEvent ? Omit<E, "runId" | "seq" | "time"> : never) : never;
