// Reading a trace tree: the rows a tree view shows, the agents in it, the path to a node.
import type { NodeKind, TraceNode, TraceNodeOf } from "../contract/index.ts";

export interface TreeRow {
  node: TraceNode;
  /** 1 for the root. */
  level: number;
  /** 1-based position among its siblings, and how many siblings there are (aria-posinset/-setsize). */
  position: number;
  siblings: number;
  expanded: boolean;
}

/** The rows of a tree view, depth first, skipping the children of collapsed nodes. */
export function visibleRows(root: TraceNode | undefined, collapsed: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  if (!root) return rows;
  // An explicit stack: a 10,000-node run must not recurse 10,000 frames deep.
  const stack: Array<{ node: TraceNode; level: number; position: number; siblings: number }> = [{ node: root, level: 1, position: 1, siblings: 1 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const expanded = !collapsed.has(item.node.id);
    rows.push({ ...item, expanded });
    if (!expanded) continue;
    const children = item.node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      stack.push({ node: children[i]!, level: item.level + 1, position: i + 1, siblings: children.length });
    }
  }
  return rows;
}

/** Every node of a kind, depth first, with the names of the agents above it. */
export function nodesOfKind<K extends NodeKind>(root: TraceNode | undefined, kind: K): Array<{ node: TraceNodeOf<K>; agentPath: string[] }> {
  const found: Array<{ node: TraceNodeOf<K>; agentPath: string[] }> = [];
  const visit = (node: TraceNode, agentPath: string[]): void => {
    const path = node.kind === "agent" ? [...agentPath, node.name] : agentPath;
    // The comparison is the narrowing; TypeScript can't carry it through a kind held in a variable.
    if (node.kind === kind) found.push({ node: node as TraceNodeOf<K>, agentPath: path });
    for (const child of node.children) visit(child, path);
  };
  if (root) visit(root, []);
  return found;
}

/** The node's ancestors from the root down, then the node; empty when it isn't in the tree. */
export function pathTo(nodes: ReadonlyMap<string, TraceNode>, id: string): TraceNode[] {
  const path: TraceNode[] = [];
  for (let node = nodes.get(id); node; node = node.parentId === null ? undefined : nodes.get(node.parentId)) path.unshift(node);
  return path;
}

/** Indexes an inspect() tree (it has no `nodes` map) by id. */
export function indexTree(root: TraceNode | undefined): Map<string, TraceNode> {
  const index = new Map<string, TraceNode>();
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    index.set(node.id, node);
    stack.push(...node.children);
  }
  return index;
}

/** The closest agent above a node (not the node itself). */
export function enclosingAgent(nodes: ReadonlyMap<string, TraceNode>, node: TraceNode): TraceNode | undefined {
  for (let up = node.parentId === null ? undefined : nodes.get(node.parentId); up; up = up.parentId === null ? undefined : nodes.get(up.parentId)) {
    if (up.kind === "agent") return up;
  }
  return undefined;
}
