// Public surface of trace/.
export { emptyUsage } from "./types.ts";
export type {
  ApprovalMode,
  CapabilityRecord,
  Cost,
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
  PausedEvent,
  ReplayedEvent,
  ResumedEvent,
  ToolDeniedEvent,
  TraceEvent,
  TraceEventInput,
  UsageEvent,
} from "./events.ts";
export type { Breakpoint, BoundaryKind, PendingModelRequest, PendingToolCall, StopInfo, StopReason } from "./stops.ts";
export { TraceBuilder, addCost, addUsage, applyTraceEvents, buildRunTrace, buildTrace, emptyRunTrace, flushHeld, hasGap, RunSpending, spentAfter, spentOf } from "./fold.ts";
export type { ReplayedFrom, RunTrace, Spent } from "./fold.ts";
export { DeltaCoalescer, FRAME_MS, deltaField } from "./delta-coalescer.ts";
export type { DeliverTrace, DeltaCoalescerOptions, FlushScheduler } from "./delta-coalescer.ts";
export { openTraceWriter, readTraceFile } from "./jsonl-store.ts";
export type { ReadTrace, TraceWriter } from "./jsonl-store.ts";
