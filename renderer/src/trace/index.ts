// Public surface of trace/: the renderer's own replay of trace events into a tree, and reading it.
export { applyTraceEvents, buildTraceTree, emptyTrace, emptyUsage, addUsage, addCost, flushHeld, hasGap } from "./trace-tree.ts";
export type { TraceTree } from "./trace-tree.ts";
export { visibleRows, nodesOfKind, pathTo, indexTree, enclosingAgent } from "./walk.ts";
export type { TreeRow } from "./walk.ts";
export { fullPrompt, promptAtStop } from "./full-prompt.ts";
