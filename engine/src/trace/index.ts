// Public surface of trace/.
export { emptyUsage } from "./types.ts";
export type {
  ApprovalMode,
  CapabilityRecord,
  NodeError,
  NodeKind,
  NodeStatus,
  ToolDenialRecord,
  ToolInfo,
  TraceNode,
  Usage,
} from "./types.ts";
export type {
  ApprovalRequest,
  ApprovalRequestedEvent,
  ApprovalResolvedEvent,
  NodeEndEvent,
  NodeStartEvent,
  NodeUpdateEvent,
  ToolDeniedEvent,
  TraceEvent,
  TraceEventInput,
  UsageEvent,
} from "./events.ts";
export { TraceBuilder, buildTrace, addUsage } from "./builder.ts";
export { openTraceWriter, readTraceFile } from "./jsonl-store.ts";
export type { ReadTrace, TraceWriter } from "./jsonl-store.ts";
