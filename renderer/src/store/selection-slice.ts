// The selection slice: the entry, graph node, run and trace node selected, and the agent in the
// inspectors. What a selection selects with it is in selection.ts (pure, shared with the reducer).
import { indexTree } from "../trace/index.ts";
import { showRun } from "./runs-slice.ts";
import { agentFor, focusRun, selectEntry } from "./selection.ts";
import type { SliceContext, StudioSlice } from "./slice.ts";

/** An agent shown in the Capabilities and Inherited inspectors: from the entry's inspect tree, or a run's trace. */
export interface AgentRef {
  runId: string | null;
  nodeId: string;
}

export interface SelectionData {
  selectedEntryId: string | null;
  /** The node selected in the Agent tree graph (entry's inspect tree). */
  selectedGraphNodeId: string | null;
  inspected: AgentRef | null;
  selectedRunId: string | null;
  selectedTraceNodeId: string | null;
}

export interface SelectionActions {
  selectEntry(entryId: string): void;
  selectGraphNode(nodeId: string): void;
  /** Selects a run, and loads its trace when the studio has none of it yet (a recorded run). */
  selectRun(runId: string): void;
  selectTraceNode(nodeId: string | null): void;
  /** Inspects an agent of the selected run's trace in the Capabilities and Inherited panels. */
  inspectTraceAgent(nodeId: string): void;
}

export function initialSelection(): SelectionData {
  return { selectedEntryId: null, selectedGraphNodeId: null, inspected: null, selectedRunId: null, selectedTraceNodeId: null };
}

export function selectionSlice({ traceRequests }: SliceContext): StudioSlice<SelectionData & SelectionActions> {
  return (set, get) => ({
    ...initialSelection(),

    selectEntry(entryId) {
      set(selectEntry(get(), entryId));
    },

    selectGraphNode(nodeId) {
      const data = get();
      const entry = data.project?.entries.find((e) => e.id === data.selectedEntryId);
      const nodes = indexTree(entry?.tree);
      const node = nodes.get(nodeId);
      if (!node) return;
      const agent = agentFor(nodes, node);
      set({ selectedGraphNodeId: nodeId, inspected: agent ? { runId: null, nodeId: agent.id } : data.inspected });
    },

    selectRun(runId) {
      set(showRun(get(), focusRun(get(), runId)));
      const view = get().runs[runId];
      if (view && !view.trace.root && !traceRequests.has(runId)) void get().loadRunTrace(runId);
    },

    selectTraceNode(nodeId) {
      const data = get();
      const view = data.selectedRunId ? data.runs[data.selectedRunId] : undefined;
      const node = nodeId === null ? undefined : view?.trace.nodes.get(nodeId);
      set({
        selectedTraceNodeId: nodeId,
        ...(node?.kind === "agent" && data.selectedRunId ? { inspected: { runId: data.selectedRunId, nodeId: node.id } } : {}),
      });
    },

    inspectTraceAgent(nodeId) {
      const runId = get().selectedRunId;
      if (runId) set({ inspected: { runId, nodeId } });
    },
  });
}
