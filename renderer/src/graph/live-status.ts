// A run drawn on the Agent tree: each graph node's state in the selected run — running, waiting
// for approval, stopped here, succeeded, failed, aborted — and the node the run is busy in now.
// A run's agents, steps and composite tools nest as the entry's inspect() tree does, so each run
// node finds its graph node by path key (agent-graph.ts); a node that ran more than once (a retry,
// a loop) shows its latest run, or "running" while any of them runs.
import type { TraceNode } from "../contract/index.ts";
import { pathKeyOf, SCOPES, type AgentGraph } from "./agent-graph.ts";

export type LiveState = "running" | "waiting" | "stopped" | "succeeded" | "failed" | "aborted";

/** What a state reads as, in words (the node's status line and its accessible name). */
export const LIVE_STATE_LABEL: Record<LiveState, string> = {
  running: "running",
  waiting: "waiting for approval",
  stopped: "stopped here",
  succeeded: "succeeded",
  failed: "failed",
  aborted: "aborted",
};

export interface LiveStates {
  /** Graph node id → its state in the run; nodes the run has not reached are absent. */
  states: Map<string, LiveState>;
  /** The graph node the run is busy in: the deepest node still running (or stopped, or waiting). */
  activeId?: string;
}

const NONE: LiveStates = { states: new Map() };

/**
 * The states of `graph`'s nodes in the run whose trace is `root`; `stoppedId` is the graph node a
 * stop is at (graphNodeAt), which reads "stopped here" over anything else.
 *
 * @example
 * const { states, activeId } = liveStates(graph, run.trace.root, currentId);
 * states.get(stepNode.id); // "waiting"
 */
export function liveStates(graph: AgentGraph, root: TraceNode | undefined, stoppedId?: string): LiveStates {
  if (!root || graph.nodes.length === 0) return stoppedId ? { states: new Map([[stoppedId, "stopped"]]), activeId: stoppedId } : NONE;
  const byKey = new Map(graph.nodes.map((n) => [n.pathKey, n.id]));
  const latest = new Map<string, { state: LiveState; started: number }>();
  const running = new Set<string>();
  const waiting = new Set<string>();
  // Depth-first with an explicit stack: a long run nests deep enough to matter for recursion.
  const stack: Array<{ node: TraceNode; scope: string; above: string[] }> = [{ node: root, scope: "", above: [] }];
  while (stack.length > 0) {
    const { node, scope, above } = stack.pop()!;
    let own: string | undefined;
    let nextScope = scope;
    if (node.kind !== "run") {
      const key = pathKeyOf(scope, node);
      own = byKey.get(key);
      if (SCOPES.has(node.kind)) nextScope = key;
      if (own) {
        const state = stateOf(node);
        if (state === "running") running.add(own);
        const seen = latest.get(own);
        const started = node.startedAt ?? -Infinity;
        if (!seen || started >= seen.started) latest.set(own, { state, started });
      }
    }
    // A pending approval makes every drawn node around it wait.
    if (node.kind === "approval" && (node.status === "waiting" || node.status === "running")) for (const id of above) waiting.add(id);
    const nextAbove = own ? [...above, own] : above;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, scope: nextScope, above: nextAbove });
  }

  const states = new Map<string, LiveState>();
  for (const [id, { state }] of latest) states.set(id, running.has(id) ? "running" : state);
  for (const id of waiting) states.set(id, "waiting");
  if (stoppedId) states.set(stoppedId, "stopped");
  return { states, activeId: stoppedId ?? deepestBusy(graph, states) };
}

function stateOf(node: TraceNode): LiveState {
  switch (node.status) {
    case "succeeded":
    case "failed":
    case "aborted":
      return node.status;
    case "waiting":
      return "waiting";
    default:
      return "running";
  }
}

// The busy node furthest down the tree; among equals, the last drawn (the later step).
function deepestBusy(graph: AgentGraph, states: Map<string, LiveState>): string | undefined {
  let best: { id: string; depth: number } | undefined;
  for (const node of graph.nodes) {
    const state = states.get(node.id);
    if (state !== "running" && state !== "waiting") continue;
    const depth = node.pathKey.split("/").length;
    if (!best || depth >= best.depth) best = { id: node.id, depth };
  }
  return best?.id;
}
