// Derived reads of the studio state, shared by the panels.
import type { ProjectEntry, StopInfo, TraceNode } from "../contract/index.ts";
import { indexTree } from "../trace/index.ts";
import type { RunView, StudioData } from "./studio-state.ts";

export function selectedEntry(data: StudioData): ProjectEntry | undefined {
  return data.project?.entries.find((e) => e.id === data.selectedEntryId);
}

export function selectedRun(data: StudioData): RunView | undefined {
  return data.selectedRunId ? data.runs[data.selectedRunId] : undefined;
}

export function selectedTraceNode(data: StudioData): TraceNode | undefined {
  const run = selectedRun(data);
  return run && data.selectedTraceNodeId ? run.trace.nodes.get(data.selectedTraceNodeId) : undefined;
}

// inspect() trees are small and immutable per snapshot, so their index is cached per tree.
const indexes = new WeakMap<TraceNode, Map<string, TraceNode>>();
export function entryIndex(entry: ProjectEntry | undefined): ReadonlyMap<string, TraceNode> {
  if (!entry?.tree) return new Map();
  let index = indexes.get(entry.tree);
  if (!index) indexes.set(entry.tree, (index = indexTree(entry.tree)));
  return index;
}

/** The agent in the inspectors, from the entry's inspect tree or a run's trace. */
export function inspectedAgent(data: StudioData): TraceNode | undefined {
  const ref = data.inspected;
  if (!ref) return undefined;
  if (ref.runId === null) return entryIndex(selectedEntry(data)).get(ref.nodeId);
  return data.runs[ref.runId]?.trace.nodes.get(ref.nodeId);
}

export function runsOfEntry(data: StudioData, entryId: string | null): RunView[] {
  return data.runOrder.map((id) => data.runs[id]!).filter((run) => run && run.summary.entryId === entryId);
}

export function isLive(run: RunView | undefined): boolean {
  return run?.summary.status === "running";
}

/**
 * Where a live run is stopped: its trace's last "paused" not yet "resumed" (the summary's
 * `stopped` until the trace arrives); nothing once the run has ended.
 */
export function currentStop(run: RunView | undefined): StopInfo | undefined {
  if (!run || run.summary.status !== "running") return undefined;
  return run.trace.lastSeq > 0 ? run.trace.stop : run.summary.stopped;
}

/** The selected run's stop. */
export function selectedStop(data: StudioData): StopInfo | undefined {
  return currentStop(selectedRun(data));
}

/** The runs of the history, newest first. */
export function runHistory(data: StudioData): RunView[] {
  const runs: RunView[] = [];
  for (let i = data.runOrder.length - 1; i >= 0; i--) {
    const run = data.runs[data.runOrder[i]!];
    if (run) runs.push(run);
  }
  return runs;
}
