// Folded subtrees of the Agent tree: the nodes still drawn when some nodes hide what is under
// them, and how many each folded node hides (shown on it as "+n").
import type { AgentGraph } from "./agent-graph.ts";

export interface VisibleGraph extends AgentGraph {
  /** A folded node's id → how many nodes it hides. */
  hidden: Map<string, number>;
  /** The ids of nodes that have children (what can fold). */
  parents: Set<string>;
}

/**
 * `graph` without the descendants of the `folded` nodes, and the edges that touch them.
 *
 * @example
 * const visible = visibleGraph(graph, new Set([composite.id]));
 * visible.hidden.get(composite.id); // 2
 */
export function visibleGraph(graph: AgentGraph, folded: ReadonlySet<string>): VisibleGraph {
  const parents = new Set<string>();
  for (const node of graph.nodes) if (node.parentId) parents.add(node.parentId);
  const hidden = new Map<string, number>();
  if (folded.size === 0) return { ...graph, hidden, parents };
  // Nodes come in document order, parents before children: one pass finds every hidden node.
  const hiddenBy = new Map<string, string>();
  for (const node of graph.nodes) {
    if (!node.parentId) continue;
    const owner = hiddenBy.get(node.parentId) ?? (folded.has(node.parentId) ? node.parentId : undefined);
    if (owner) {
      hiddenBy.set(node.id, owner);
      hidden.set(owner, (hidden.get(owner) ?? 0) + 1);
    }
  }
  return {
    nodes: graph.nodes.filter((n) => !hiddenBy.has(n.id)),
    edges: graph.edges.filter((e) => !hiddenBy.has(e.source) && !hiddenBy.has(e.target)),
    hidden,
    parents,
  };
}
