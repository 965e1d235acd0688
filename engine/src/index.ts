// The `june` package: JSX agents on the AI SDK.
export { Agent, Step, Catch } from "./workflow/index.ts";
export type { AgentProps, StepProps, CatchProps } from "./workflow/index.ts";
export {
  Tool,
  Bash,
  Tools,
  Inherit,
  Namespace,
  RequireApproval,
  defineCapabilities,
  defineAgent,
  Delegate,
  toolSource,
  checkPolicy,
} from "./capabilities/index.ts";
export type {
  AgentSettings,
  BashProps,
  Bundle,
  CallableAgent,
  CallableAgentConfig,
  CompositeResult,
  CompositeToolProps,
  DelegateAgent,
  DelegateProps,
  InheritProps,
  NamespaceProps,
  RequireApprovalProps,
  ToolProps,
  ToolSource,
  ToolsProps,
  ValueToolProps,
  LoadedTools,
  ToolOrigin,
  PolicyRule,
  ToolDenial,
  ToolDescriptor,
  ToolPolicy,
  ToolKind,
} from "./capabilities/index.ts";
export { inspect, collectErrors } from "./inspect/index.ts";
export { run, DEFAULT_VALUE_LIMITS, checkValueLimits } from "./run/index.ts";
export { defineConfig } from "./loading/config.ts";
export type { JuneConfig, McpServerConfig } from "./loading/config.ts";
export type { Problem, ProjectEntry } from "./project/index.ts";
export type { RunHandle, RunOptions, RunResult, ValueLimits } from "./run/index.ts";
export { openTraceWriter, readTraceEvents, readTraceFile, readTraceJson, buildTrace, TraceBuilder, DeltaCoalescer, FRAME_MS, deltaField } from "./trace/index.ts";
export { applyTraceEvents, buildRunTrace, emptyRunTrace, emptyUsage, RunSpending, spentAfter, spentOf, stopAfter } from "./trace/index.ts";
export type { DeliverTrace, DeltaCoalescerOptions, FlushScheduler, ReplayedFrom, RunTrace, Spent } from "./trace/index.ts";
export type { ApprovalRequest, ElicitSchema, ElicitValue, ServerAsk, TraceEvent, ReadTrace, TraceDigest, TraceJson, TraceWriter, PausedEvent, ResumedEvent, ReplayedEvent, UsageEvent } from "./trace/index.ts";
export { ExchangeRecorder, EXCHANGE_BODY_CAP, EXCHANGE_RUN_BUDGET } from "./trace/index.ts";
export type { ModelExchange, RecordedBody, RecordedExchange } from "./trace/index.ts";
export type { InspectOptions } from "./inspect/index.ts";
export { JuneError, isJuneError } from "./errors/index.ts";
export type { JuneErrorCode, SourceLocation } from "./errors/index.ts";
export { Fragment, createElementFromConfig as createElement } from "./jsx/index.ts";
export type { JuneElement, JuneNode, JSX } from "./jsx/index.ts";
export type { CapabilityRecord, NodeKind, NodeStatus, ToolInfo, TraceNode, Usage } from "./trace/index.ts";
export type { Breakpoint, BoundaryKind, PendingModelRequest, PendingToolCall, StopInfo, StopReason } from "./debug/index.ts";
export { sandboxStatus, sandboxNotice } from "./sandbox/index.ts";
export type { SandboxNotice, SandboxSettings, SandboxStatus } from "./sandbox/index.ts";
export { costOf, defaultPrices, priceOf } from "./pricing/index.ts";
export type { ModelPrice, PriceTable } from "./pricing/index.ts";
export type { Cost } from "./trace/index.ts";
export type { McpCatalog, McpPromptArgument, McpPromptInfo, McpPromptResult, McpResourceContent, McpResourceInfo, McpResourceTemplateInfo, McpServerInfo } from "./mcp/browser.ts";
