// Public surface of trace/: the run's trace as the engine folds it, and reading it (walk, prompts,
// node kinds).
// The one fold of a run's events (the engine's, through its browser-safe entry): the store hands
// its immutable RunTrace to React.
export { applyTraceEvents, buildRunTrace, emptyRunTrace, emptyUsage, addUsage, addCost, sameUsage, sameCost } from "../../../engine/src/trace/browser.ts";
export type { RunTrace } from "../../../engine/src/trace/browser.ts";
export { visibleRows, nodesOfKind, pathTo, indexTree, enclosingAgent } from "./walk.ts";
export type { TreeRow } from "./walk.ts";
// A model call's whole prompt, read back from the trace's delta encoding by the engine's one codec.
export { fullPrompt, promptAtStop } from "../../../engine/src/trace/browser.ts";
// Whether an MCP elicitation's answers fit its form: the engine's one rule, which the run applies too.
export { choicesOf, elicitProblems } from "../../../engine/src/trace/browser.ts";
// A TodoWrite call's todo list, read by the engine's one reader (the tool checks its input with it too).
export { todosOf } from "../../../engine/src/trace/browser.ts";
