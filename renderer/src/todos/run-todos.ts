// A run's todo lists, read from its trace: Claude Code's TodoWrite replaces an agent's whole list on
// every call, so an agent's list is the input of its latest TodoWrite call — latest in the trace's
// row order (depth first, as the Trace draws it). Each agent of the run (its own, and every
// delegated or nested one) keeps a list of its own. "As of" a node: only the calls at or above
// that node's row count, so stepping through a run shows the list as it stood there.
//
// Runs reach 100k nodes and a live one changes many times a second, so nothing here walks the
// whole tree per batch: the fold gives every changed node (and its ancestors) a new identity and
// keeps the rest, so each subtree's calls are remembered by its node's identity and only the new
// nodes are looked at again.
import type { TraceNode, TraceNodeOf } from "../contract/index.ts";
import { enclosingAgent, pathTo, todosOf, type RunTrace } from "../trace/index.ts";

/** One item of a todo list, as the engine's one reader of a TodoWrite input normalises it. */
export type Todo = NonNullable<ReturnType<typeof todosOf>>[number];

/** The name of Claude Code's todo tool, as its calls are named in the trace. */
export const TODO_TOOL = "TodoWrite";

/** A TodoWrite call that set a list, with the list it set. */
export interface TodoCall {
  node: TraceNodeOf<"tool-call">;
  todos: readonly Todo[];
}

/** An agent's todo list at some point of a run. */
export interface AgentTodos {
  /** The agent node the list belongs to. */
  agentId: string;
  /** The agents' names from the run's own down to this one, e.g. ["Orchestrator", "reviewer"]. */
  agentPath: readonly string[];
  /** The path as one line ("Orchestrator › reviewer"); a second agent of the same path gets " #2", and so on. */
  label: string;
  /** The TodoWrite call that set the list (its latest before the point looked at). */
  callId: string;
  todos: readonly Todo[];
  /** How many are completed. */
  done: number;
}

const NONE: readonly TodoCall[] = [];
// Per node object: the TodoWrite calls in its subtree, in row order. A node the fold left alone is
// the same object, and so is everything under it.
const callsBySubtree = new WeakMap<TraceNode, readonly TodoCall[]>();

/**
 * Every agent's todo list in a run, at its latest, or as of a node (`asOf`: a trace node id; the
 * calls at or above its row). Agents come outermost first, then in the order they first wrote a
 * list; an agent that wrote none is not listed.
 *
 * @example
 * runTodos(run.trace); // [{ agentPath: ["Planner"], todos: [{ content: "Run the tests", status: "in_progress", … }], done: 0, … }]
 * runTodos(run.trace, selectedTraceNodeId); // the lists as they stood at that node
 */
export function runTodos(trace: RunTrace, asOf?: string | null): AgentTodos[] {
  if (!trace.root) return [];
  const calls = asOf ? callsUpTo(trace, asOf) : callsUnder(trace.root);
  return latestPerAgent(trace.nodes, calls);
}

/** The list a TodoWrite call set, or undefined when the node is no such call or set nothing (it failed, or its input is no list). */
export function todoCallOf(node: TraceNode): TodoCall | undefined {
  if (node.kind !== "tool-call" || node.name !== TODO_TOOL) return undefined;
  // A call that failed or was stopped did not replace the list: the tool refused its input.
  if (node.status === "failed" || node.status === "aborted") return undefined;
  const todos = todosOf(node.input);
  return todos ? { node, todos } : undefined;
}

/** The calls in a subtree, in row order; remembered per node, walked with a stack (a deep run must not recurse). */
function callsUnder(root: TraceNode): readonly TodoCall[] {
  const known = callsBySubtree.get(root);
  if (known) return known;
  const stack: Array<{ node: TraceNode; childrenDone: boolean }> = [{ node: root, childrenDone: false }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (callsBySubtree.has(top.node)) {
      stack.pop();
      continue;
    }
    if (!top.childrenDone) {
      top.childrenDone = true;
      const children = top.node.children;
      for (let i = children.length - 1; i >= 0; i--) if (!callsBySubtree.has(children[i]!)) stack.push({ node: children[i]!, childrenDone: false });
      continue;
    }
    stack.pop();
    callsBySubtree.set(top.node, collect(top.node, top.node.children.length));
  }
  return callsBySubtree.get(root)!;
}

/** A node's own call (if it is one), then the calls under its first `childCount` children. */
function collect(node: TraceNode, childCount: number): readonly TodoCall[] {
  const own = todoCallOf(node);
  let calls: TodoCall[] | undefined = own ? [own] : undefined;
  for (let i = 0; i < childCount; i++) {
    const under = callsUnder(node.children[i]!);
    if (under.length > 0) (calls ??= []).push(...under);
  }
  return calls ?? NONE;
}

/**
 * The calls at or above a node's row: along the path from the root to it, each ancestor's own call
 * and everything under its children before the path's next one, then the node's own call.
 */
function callsUpTo(trace: RunTrace, nodeId: string): readonly TodoCall[] {
  const path = pathTo(trace.nodes, nodeId);
  if (path.length === 0) return callsUnder(trace.root!);
  const calls: TodoCall[] = [];
  for (let i = 0; i < path.length; i++) {
    const node = path[i]!;
    const next = path[i + 1];
    if (!next) {
      const own = todoCallOf(node);
      if (own) calls.push(own);
      break;
    }
    const before = node.children.findIndex((child) => child.id === next.id);
    calls.push(...collect(node, before < 0 ? node.children.length : before));
  }
  return calls;
}

/** Each agent's last call, outermost agents first, then by their first call. */
function latestPerAgent(nodes: ReadonlyMap<string, TraceNode>, calls: readonly TodoCall[]): AgentTodos[] {
  const latest = new Map<string, { call: TodoCall; first: number; agent: TraceNode | undefined }>();
  calls.forEach((call, index) => {
    const agent = enclosingAgent(nodes, call.node);
    const key = agent?.id ?? "";
    const seen = latest.get(key);
    latest.set(key, { call, first: seen?.first ?? index, agent });
  });
  const lists = [...latest.values()].map(({ call, first, agent }) => ({ first, list: agentTodos(nodes, call, agent) }));
  lists.sort((a, b) => a.list.agentPath.length - b.list.agentPath.length || a.first - b.first);
  // One agent delegated to twice is two agents with one path: each keeps a list, told apart by number.
  const seen = new Map<string, number>();
  return lists.map(({ list }) => {
    const count = (seen.get(list.label) ?? 0) + 1;
    seen.set(list.label, count);
    return count === 1 ? list : { ...list, label: `${list.label} #${count}` };
  });
}

function agentTodos(nodes: ReadonlyMap<string, TraceNode>, call: TodoCall, agent: TraceNode | undefined): AgentTodos {
  const agentPath = agent ? agentPathOf(nodes, agent) : [];
  return {
    agentId: agent?.id ?? "",
    agentPath,
    label: agentPath.join(" › "),
    callId: call.node.id,
    todos: call.todos,
    done: call.todos.filter((todo) => todo.status === "completed").length,
  };
}

function agentPathOf(nodes: ReadonlyMap<string, TraceNode>, agent: TraceNode): string[] {
  const names: string[] = [];
  for (let up: TraceNode | undefined = agent; up; up = parentOf(nodes, up)) if (up.kind === "agent") names.unshift(up.name);
  return names;
}

function parentOf(nodes: ReadonlyMap<string, TraceNode>, node: TraceNode): TraceNode | undefined {
  return node.parentId === null ? undefined : nodes.get(node.parentId);
}
