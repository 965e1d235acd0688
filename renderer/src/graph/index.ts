// Public surface of graph/: the Agent tree as nodes and edges, and its automatic layout.
export { agentGraph, graphNodeAt } from "./agent-graph.ts";
export type { AgentGraph, GraphEdge, GraphNode } from "./agent-graph.ts";
export { layoutGraph, NODE_HEIGHT, NODE_WIDTH } from "./layout.ts";
