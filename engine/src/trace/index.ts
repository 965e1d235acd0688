// Public surface of trace/.
export { emptyUsage } from "./types.ts";
export type {
  ApprovalMode,
  CapabilityRecord,
  NodeError,
  NodeKind,
  NodeStatus,
  ToolInfo,
  TraceNode,
  Usage,
} from "./types.ts";
