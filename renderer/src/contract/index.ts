// The renderer's window on the studio contract (electron/src/contract) and the engine's trace
// types. Everything here is a type: the renderer never imports the engine or the hosts at run time.
export type {
  ApprovalRecord,
  Bridge,
  EventBatch,
  PendingApproval,
  Problem,
  ProjectEntry,
  ProjectSnapshot,
  Result,
  RunStatus,
  RunSummary,
  StudioApi,
  StudioError,
  StudioEvent,
  StudioMethod,
  RequestOf,
  ResponseMap,
} from "../../../electron/src/contract/index.ts";
export type {
  ApprovalMode,
  ApprovalRequest,
  CapabilityRecord,
  NodeError,
  NodeKind,
  NodeStatus,
  SourceLocation,
  ToolDenialRecord,
  ToolInfo,
  TraceEvent,
  TraceNode,
  Usage,
} from "june";
