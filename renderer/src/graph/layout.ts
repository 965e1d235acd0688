// Automatic top-to-bottom layout of the Agent tree with dagre; every node has the same size.
import { Graph, layout } from "@dagrejs/dagre";
import type { AgentGraph } from "./agent-graph.ts";

export const NODE_WIDTH = 224;
export const NODE_HEIGHT = 60;

export interface Positioned {
  positions: Map<string, { x: number; y: number }>;
  width: number;
  height: number;
}

/** Top-left corners of every node (what @xyflow/react expects), laid out top to bottom. */
export function layoutGraph(graph: AgentGraph): Positioned {
  const g = new Graph({ multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 28, ranksep: 56, edgesep: 16, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of graph.edges) {
    // Labelled edges reserve room for their label so it never sits on a node.
    const label = edge.label ? { width: edge.label.length * 7 + 16, height: 20, labelpos: "c" } : {};
    g.setEdge(edge.source, edge.target, label, edge.id);
  }
  layout(g);
  const positions = new Map<string, { x: number; y: number }>();
  for (const node of graph.nodes) {
    const placed = g.node(node.id);
    positions.set(node.id, { x: placed.x - NODE_WIDTH / 2, y: placed.y - NODE_HEIGHT / 2 });
  }
  const size = g.graph();
  return { positions, width: size.width ?? 0, height: size.height ?? 0 };
}
