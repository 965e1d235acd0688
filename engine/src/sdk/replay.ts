// `june/sdk/replay`: record and replay from code and tests. A run's record is its events (the
// `.june/runs/<run-id>.jsonl` the studio writes, or any events you kept from `handle.events`).
//
// @example
// import { readTraceFile } from "june";
// import { replay, fork } from "june/sdk/replay";
// const { events } = readTraceFile(".june/runs/run_x.jsonl");
// await run(<Release />, { replay: replay(events) }).result;              // no provider calls
// await run(<Release />, { replay: fork(events, { at: "n9" }) }).result;  // live from model call n9
export { ReplayPlan, fork, replay, replayModel, resume } from "../replay/index.ts";
export type { ReplayMode, ReplayModel, ReplayPlanInput } from "../replay/index.ts";
