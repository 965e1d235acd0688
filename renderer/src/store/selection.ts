// Selection rules shared by the reducer (apply-batch.ts) and the slices' actions: what an entry,
// a graph node or a trace node selects in the inspectors.
import type { ProjectSnapshot, TraceNode } from "../contract/index.ts";
import { enclosingAgent, indexTree } from "../trace/index.ts";
import type { AgentRef, StudioData } from "./studio-state.ts";

/** The first agent of a tree, depth first. */
export function firstAgent(root: TraceNode | undefined): TraceNode | undefined {
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const node = stack.shift()!;
    if (node.kind === "agent") return node;
    stack.unshift(...node.children);
  }
  return undefined;
}

/** The agent whose tools a node is about: itself, a composite's inner agent, or the agent around it. */
export function agentFor(nodes: ReadonlyMap<string, TraceNode>, node: TraceNode): TraceNode | undefined {
  if (node.kind === "agent") return node;
  if (node.kind === "composite") return firstAgent(node) ?? enclosingAgent(nodes, node);
  return enclosingAgent(nodes, node);
}

/** What selecting an entry selects with it: its first agent, and its latest run. */
export function selectEntry(data: StudioData, entryId: string | null): Partial<StudioData> {
  const entry = data.project?.entries.find((e) => e.id === entryId);
  const agent = firstAgent(entry?.tree);
  const latestRun = [...data.runOrder].reverse().find((id) => data.runs[id]?.summary.entryId === entryId) ?? null;
  return {
    selectedEntryId: entry ? entry.id : null,
    selectedGraphNodeId: agent?.id ?? null,
    inspected: agent ? { runId: null, nodeId: agent.id } : null,
    selectedRunId: latestRun,
    selectedTraceNodeId: null,
  };
}

/**
 * What selecting a run selects with it: the run (its trace) and, when it belongs to another entry
 * of the project (a run picked in Runs), that entry, so the Agent tree draws what the run ran.
 */
export function focusRun(data: StudioData, runId: string): Partial<StudioData> {
  const entryId = data.runs[runId]?.summary.entryId;
  const entryChanges = entryId !== undefined && entryId !== data.selectedEntryId && data.project?.entries.some((e) => e.id === entryId);
  return { ...(entryChanges ? selectEntry(data, entryId) : {}), selectedRunId: runId, selectedTraceNodeId: null };
}

/** After a new snapshot: keep the selection where it still exists, else select the first entry. */
export function reselect(data: StudioData, project: ProjectSnapshot): Partial<StudioData> {
  const withProject = { ...data, project };
  const entry = project.entries.find((e) => e.id === data.selectedEntryId);
  if (!entry) return selectEntry(withProject, project.entries[0]?.id ?? null);
  const nodes = indexTree(entry.tree);
  const graphOk = data.selectedGraphNodeId !== null && nodes.has(data.selectedGraphNodeId);
  const inspectedOk = data.inspected !== null && (data.inspected.runId !== null || nodes.has(data.inspected.nodeId));
  if (graphOk && inspectedOk) return {};
  const agent = firstAgent(entry.tree);
  return {
    selectedGraphNodeId: graphOk ? data.selectedGraphNodeId : (agent?.id ?? null),
    inspected: inspectedOk ? data.inspected : agent ? ({ runId: null, nodeId: agent.id } satisfies AgentRef) : null,
  };
}
