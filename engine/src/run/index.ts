// Public surface of run/.
export { run } from "./run.ts";
export type { RunHandle, RunOptions, RunResult } from "./run.ts";
export { newRunId } from "./run-id.ts";
export { DEFAULT_MAX_TURNS } from "./model-loop.ts";
export { DEFAULT_VALUE_LIMITS, checkValueLimits } from "./value-limits.ts";
export type { ValueLimits } from "./value-limits.ts";
export { EventLog } from "./event-log.ts";
export { checkApprovalAnswer } from "./approvals.ts";
export type { ApprovalAnswer } from "./run.ts";
