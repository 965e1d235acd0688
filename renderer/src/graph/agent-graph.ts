// An entry's inspect() tree → the Agent tree graph: a node per agent, step, composite tool or
// defined agent (each with its own subtree), an edge from each node to its children, and each
// <Inherit> grant drawn as a labelled edge from the parent agent ("inherits readFile").
import type { Breakpoint, StopInfo, TraceNode } from "../contract/index.ts";
import { breakpointForNode } from "../debug/index.ts";

export interface GraphNode {
  id: string;
  kind: TraceNode["kind"];
  name: string;
  /** What a screen reader hears: "agent Triage". */
  label: string;
  /** One line under the name: tool count, a step's prompt, "tool". */
  detail: string;
  hasError: boolean;
  trace: TraceNode;
  /** What a breakpoint here stops at: the agent, the step (its prefixed id), the composite tool. */
  breakpoint?: Breakpoint;
  /** The agent names from the entry's root to this node's agent (its own name for an agent). */
  agentPath: string[];
  /** The graph node this one hangs under; none for the entry's top agents. */
  parentId?: string;
  /**
   * Where this node sits, as a run's trace would place it: the agents and composite tools above it
   * and itself ("agent:Report/composite:research/agent:Agent/step:findings"). A run's node with
   * the same key is this node running (live-status.ts).
   */
  pathKey: string;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  kind: "contains" | "inherits";
  /** Shown on the edge; only grants have one. */
  label?: string;
  ariaLabel: string;
}

export interface AgentGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/**
 * Builds the graph of an inspect() tree; the run node at the root is left out (the entry is it).
 *
 * @example
 * const { nodes, edges } = agentGraph(entry.tree);
 */
export function agentGraph(root: TraceNode | undefined): AgentGraph {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  if (!root) return { nodes, edges };
  const visit = (node: TraceNode, parent: TraceNode | undefined, agentAbove: TraceNode | undefined, stepPrefix: string, agentPath: string[], scope: string): void => {
    const path = node.kind === "agent" ? [...agentPath, node.name] : agentPath;
    const key = pathKeyOf(scope, node);
    nodes.push(graphNode(node, stepPrefix, path, parent?.id, key));
    const granted = node.kind === "agent" ? (node.capabilities ?? []).filter((c) => c.granted).map((c) => c.name) : [];
    // A grant's edge replaces the plain containment edge when it joins the same two nodes.
    if (granted.length > 0 && agentAbove) {
      const label = `inherits ${granted.join(", ")}`;
      edges.push({ id: `inherit:${agentAbove.id}->${node.id}`, source: agentAbove.id, target: node.id, kind: "inherits", label, ariaLabel: `${node.name} ${label} from ${agentAbove.name}` });
    }
    if (parent && !(granted.length > 0 && agentAbove === parent)) {
      edges.push({ id: `contains:${parent.id}->${node.id}`, source: parent.id, target: node.id, kind: "contains", ariaLabel: `${parent.kind} ${parent.name} contains ${node.kind} ${node.name}` });
    }
    const nextAgent = node.kind === "agent" ? node : node.kind === "composite" ? undefined : agentAbove;
    // Steps inside a composite tool run as `<tool>:<step>` (engine/src/run/composite-runner.ts).
    const nextPrefix = node.kind === "composite" ? `${stepPrefix}${node.name}:` : stepPrefix;
    const nextScope = SCOPES.has(node.kind) ? key : scope;
    for (const child of node.children) visit(child, node, nextAgent, nextPrefix, path, nextScope);
  };
  const tops = root.kind === "run" ? root.children : [root];
  for (const top of tops) visit(top, undefined, undefined, "", [], "");
  return { nodes, edges };
}

/**
 * The node a run's stop is at: the step it names (by prefixed step id, the agent path breaking a
 * tie), else the stopped agent; undefined when the graph has neither.
 */
export function graphNodeAt(graph: AgentGraph, stop: Pick<StopInfo, "step" | "agentPath"> | undefined): GraphNode | undefined {
  if (!stop) return undefined;
  const agent = stop.agentPath.at(-1);
  const steps = graph.nodes.filter((n) => n.kind === "step" && n.breakpoint?.kind === "step" && n.breakpoint.step === stop.step);
  const step = steps.find((n) => n.agentPath.at(-1) === agent) ?? steps[0];
  if (step) return step;
  const path = stop.agentPath.join("\u0000");
  return graph.nodes.find((n) => n.kind === "agent" && n.agentPath.join("\u0000") === path) ?? graph.nodes.find((n) => n.kind === "agent" && n.name === agent);
}

/** The kinds that scope the nodes below them in a path key: what a run's trace nests the same way. */
export const SCOPES: ReadonlySet<TraceNode["kind"]> = new Set(["agent", "composite"]);

/** A node's path key under the key of the agent or composite tool that scopes it. */
export function pathKeyOf(scope: string, node: Pick<TraceNode, "kind" | "name">): string {
  const own = `${node.kind}:${node.name}`;
  return scope ? `${scope}/${own}` : own;
}

function graphNode(node: TraceNode, stepPrefix: string, agentPath: string[], parentId: string | undefined, pathKey: string): GraphNode {
  const breakpoint = breakpointForNode(node, stepPrefix);
  return {
    id: node.id,
    kind: node.kind,
    name: node.name,
    label: `${node.kind} ${node.name}`,
    detail: detailOf(node),
    hasError: node.error !== undefined,
    trace: node,
    agentPath,
    pathKey,
    ...(parentId ? { parentId } : {}),
    ...(breakpoint ? { breakpoint } : {}),
  };
}

function detailOf(node: TraceNode): string {
  switch (node.kind) {
    case "agent": {
      const count = node.tools?.length ?? node.capabilities?.length ?? 0;
      return `${count} tool${count === 1 ? "" : "s"}`;
    }
    case "step": {
      const prompt = node.input?.prompt;
      return typeof prompt === "string" ? prompt : "step";
    }
    case "composite":
      return "runs its own workflow";
    default:
      return node.kind;
  }
}
