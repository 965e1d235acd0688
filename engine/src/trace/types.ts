// The trace's data shapes: plain JSON, shared by runs, `inspect`, the store and the studio. What
// each kind of node carries as input and output is payloads.ts's.
import type { SourceLocation } from "../errors/index.ts";
import type { NodeInput, NodeKind, NodeOutput } from "./payloads.ts";

export type NodeStatus = "pending" | "running" | "waiting" | "succeeded" | "failed" | "aborted";

/** Token usage; every field is a number so roll-ups add without checks. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedInputTokens: number;
  totalTokens: number;
}

/** Where an agent's tool came from, exactly the spec's plain-data shape. */
export interface CapabilityRecord {
  name: string;
  source: string;
  composite?: true;
  granted?: string;
}

/** How a tool is approved: always, never, or decided per call by its own function. */
export type ApprovalMode = "always" | "never" | "per-call";

/**
 * What the studio shows for one tool an agent can call, beyond the spec's record: why it needs
 * approval (provenance) and where it was declared. Plain data, never the tool itself.
 */
export interface ToolInfo {
  name: string;
  description?: string;
  composite?: true;
  approval: ApprovalMode;
  /** Why it waits for approval, outermost reason last, e.g. `<RequireApproval> at a.tsx:4:7`. */
  approvalReasons: string[];
  /** Why it runs without asking, when its source decided so (an MCP tool's `readOnlyHint: true`, its server's `approve: "never"`). */
  runsUnasked?: string;
  /** The declaration and every bundle, wrapper and grant it came through, outermost last. */
  provenance: string[];
  declaredAt?: SourceLocation;
}

/** A tool the project's tool policy kept from an agent. */
export interface ToolDenialRecord {
  tool: string;
  kind: "fn" | "builtin" | "mcp";
  reason: "rule" | "rule-error";
  message: string;
}

/** Money spent on model calls; calls of a model with no known price are counted, not guessed. */
export interface Cost {
  usd: number;
  /** Model calls whose model has no price in the table (their tokens are in usage). */
  unpricedCalls: number;
}

export interface NodeError {
  code: string;
  message: string;
  /** A failed tool's error class when not plain `Error` (the model saw `TypeError: …`). */
  name?: string;
  source?: SourceLocation;
}

/** What every trace node has, whatever its kind. */
export interface TraceNodeBase {
  id: string;
  parentId: string | null;
  kind: NodeKind;
  name: string;
  status: NodeStatus;
  /** Epoch milliseconds; null for a node that has not started (e.g. from `inspect`). */
  startedAt: number | null;
  endedAt: number | null;
  usage: Usage;
  /** What the model calls at or under this node cost, by the run's price table. */
  cost?: Cost;
  error?: NodeError;
  /** On agent nodes that declare capabilities: where each tool came from. */
  capabilities?: CapabilityRecord[];
  /** On agent nodes: every tool the agent's steps are offered, with approval provenance. */
  tools?: ToolInfo[];
  /** On agent nodes: tools the tool policy kept from it. */
  denied?: ToolDenialRecord[];
  /** The AI SDK's tool call id, on tool-call and approval nodes. */
  callId?: string;
  /** Where the element behind this node was written (dev JSX runtime). */
  source?: SourceLocation;
  children: TraceNode[];
}

/**
 * A node of kind `K`, with that kind's input and output (payloads.ts). Either may be absent: a
 * node from `inspect` or one that failed has no output, and a record may lack an input.
 */
export interface KindedNode<K extends NodeKind> extends TraceNodeBase {
  kind: K;
  input?: NodeInput<K>;
  output?: NodeOutput<K>;
}

/** A node of one of the kinds `K` (a union for a union of kinds). */
export type TraceNodeOf<K extends NodeKind> = K extends NodeKind ? KindedNode<K> : never;

/**
 * A node of the trace, discriminated on `kind`: narrowing on it types the input and output.
 *
 * @example
 * if (node.kind === "model-call") node.input?.modelId; // string
 */
export type TraceNode = TraceNodeOf<NodeKind>;

export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 };
}

/**
 * True when `node` is of kind `kind`: narrows where a comparison can't (a kind held in a variable).
 *
 * @example
 * nodes.filter((n) => isKind(n, "model-call")); // TraceNodeOf<"model-call">[]
 */
export function isKind<K extends NodeKind>(node: TraceNode, kind: K): node is TraceNodeOf<K> {
  return node.kind === kind;
}
