// The engine as a browser may import it: the types of the trace's nodes, events and stops, the
// SourceLocation they carry, each node kind's payloads, the one fold of a run's events into its
// tree (fold.ts) and the one reader of a model call's delta-encoded prompt (prompt-delta.ts) —
// nothing that needs Node. The renderer knows the engine only through this entry (its types through
// renderer/src/contract/june-types.ts, the fold through renderer/src/trace/index.ts);
// docs/architecture.md lists it as the engine's one browser-safe entry.
export { emptyUsage } from "./types.ts";
export { addCost, addUsage, applyTraceEvents, buildRunTrace, buildTrace, emptyRunTrace, RunSpending, sameCost, sameUsage, spentAfter, spentOf, stopAfter } from "./fold.ts";
export type { ReplayedFrom, RunTrace, Spent } from "./fold.ts";
export { fullPrompt, promptAtStop } from "./prompt-delta.ts";
export type { PromptDelta } from "./prompt-delta.ts";
export type * from "./types.ts";
export type * from "./payloads.ts";
export type * from "./events.ts";
export type * from "./stops.ts";
export type * from "./server-asks.ts";
export { choicesOf, elicitProblems } from "./elicit-check.ts";
export type { ElicitProblem } from "./elicit-check.ts";
export { todosOf } from "./todos.ts";
export type { Todo, TodoStatus } from "./todos.ts";
export type { SourceLocation } from "../errors/index.ts";
