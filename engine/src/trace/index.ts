// Public surface of trace/.
export { emptyUsage } from "./types.ts";
export type {
  ApprovalMode,
  CapabilityRecord,
  Cost,
  KindedNode,
  NodeError,
  NodeStatus,
  ToolDenialRecord,
  ToolInfo,
  TraceNode,
  TraceNodeBase,
  TraceNodeOf,
  Usage,
} from "./types.ts";
export type {
  AgentInput,
  ApprovalDecision,
  CatchInput,
  CatchOutput,
  ServerRequestInput,
  GuardInput,
  GuardOutput,
  CompositeToolResult,
  ModelCallInput,
  ModelCallOutput,
  NodeInput,
  NodeKind,
  NodeOutput,
  NodePayloads,
  PromptMessage,
  RecordedToolCall,
  StepInput,
  ModelExchange,
  RecordedBody,
  RecordedExchange,
} from "./payloads.ts";
export { EXCHANGE_BODY_CAP, EXCHANGE_RUN_BUDGET, ExchangeRecorder, redactUrl } from "./model-exchange.ts";
export type { ExchangeRecorderOptions } from "./model-exchange.ts";
export { choicesOf, elicitProblems } from "./elicit-check.ts";
export type { ElicitProblem } from "./elicit-check.ts";
export { todosOf } from "./todos.ts";
export type { Todo, TodoStatus } from "./todos.ts";
export type { ElicitChoice, ElicitField, ElicitSchema, ElicitValue, ElicitationAsk, SamplingAsk, SamplingMessage, ServerAsk } from "./server-asks.ts";
export type {
  ApprovalRequest,
  ApprovalRequestedEvent,
  ApprovalResolvedEvent,
  NodeEndEvent,
  NodeStartEvent,
  NodeStartInput,
  NodeUpdateEvent,
  PausedEvent,
  ReplayedEvent,
  ResumedEvent,
  StartedNode,
  StartedNodeOf,
  ToolDeniedEvent,
  TraceEvent,
  TraceEventInput,
  UsageEvent,
} from "./events.ts";
export type { Breakpoint, BoundaryKind, PendingModelRequest, PendingToolCall, StopInfo, StopReason } from "./stops.ts";
export { encodePrompt, fullPrompt, promptAtStop } from "./prompt-delta.ts";
export { toolCallAnswer } from "./payloads.ts";
export type { PromptDelta } from "./prompt-delta.ts";
export { TraceBuilder, addCost, addUsage, applyTraceEvents, buildRunTrace, buildTrace, emptyRunTrace, RunSpending, spentAfter, spentOf, stopAfter } from "./fold.ts";
export type { ReplayedFrom, RunTrace, Spent } from "./fold.ts";
export { DeltaCoalescer, FRAME_MS, deltaField } from "./delta-coalescer.ts";
export type { DeliverTrace, DeltaCoalescerOptions, FlushScheduler } from "./delta-coalescer.ts";
export { openTraceWriter, readTraceEvents, readTraceFile, readTraceJson } from "./jsonl-store.ts";
export type { ReadTrace, TraceDigest, TraceJson, TraceWriter } from "./jsonl-store.ts";
