// Public surface of graph/: the Agent tree as nodes and edges, its automatic layout, folded
// subtrees, and a run's states drawn on it.
export { agentGraph, graphNodeAt } from "./agent-graph.ts";
export type { AgentGraph, GraphEdge, GraphNode } from "./agent-graph.ts";
export { visibleGraph } from "./collapse.ts";
export type { VisibleGraph } from "./collapse.ts";
export { LIVE_STATE_LABEL, liveStates } from "./live-status.ts";
export type { LiveState, LiveStates } from "./live-status.ts";
export { layoutGraph, NODE_HEIGHT, NODE_WIDTH } from "./layout.ts";
export { readableViewport, MIN_READABLE_ZOOM } from "./readable-fit.ts";
