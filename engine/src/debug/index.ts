// Public surface of debug/: stepping through a run, breakpoints and stops.
export { RunDebugger } from "./debugger.ts";
export type { Boundary } from "./debugger.ts";
export type { Breakpoint, BoundaryKind, PendingModelRequest, PendingToolCall, StopInfo, StopReason } from "../trace/index.ts";
