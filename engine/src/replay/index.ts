// Public surface of replay/: running a workflow again with answers from a recorded run.
export { ReplayPlan, replay, fork, resume } from "./plan.ts";
export { replayModel } from "./replay-model.ts";
export type { ReplayModel } from "./replay-model.ts";
export type { ReplayMode, ReplayPlanInput } from "./types.ts";
export { callKey, modelCallKey, nodeKey } from "./call-key.ts";
export { recordedGenerate, recordedStream } from "./recorded-answer.ts";
export type { RecordedModelCall, ToolAnswer } from "./plan.ts";
