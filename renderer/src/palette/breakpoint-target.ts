// What F9 toggles a breakpoint on: the selected node of the Trace when the focus is in the Trace,
// else the Agent tree's selected node (falling back to the Trace's). A node a breakpoint cannot
// stand for (a model call, a run) gives nothing. Steps get their prefixed id (`research:findings`),
// as the Agent tree's and the node detail's toggles name them.
import type { Breakpoint, TraceNode } from "../contract/index.ts";
import { breakpointForNode, stepPrefixOf } from "../debug/index.ts";
import { entryIndex, selectedEntry, selectedRun, type StudioData } from "../store/index.ts";
import { pathTo } from "../trace/index.ts";

function breakpointIn(nodes: ReadonlyMap<string, TraceNode>, id: string | null): Breakpoint | undefined {
  const node = id ? nodes.get(id) : undefined;
  if (!node) return undefined;
  return breakpointForNode(node, stepPrefixOf(pathTo(nodes, node.id).slice(0, -1)));
}

/**
 * The breakpoint F9 toggles now.
 *
 * @example
 * breakpointTarget(state, false); // { kind: "tool", tool: "deploy" } with the Agent tree's deploy selected
 */
export function breakpointTarget(data: StudioData, focusInTrace: boolean): Breakpoint | undefined {
  const run = selectedRun(data);
  const fromTrace = () => (run ? breakpointIn(run.trace.nodes, data.selectedTraceNodeId) : undefined);
  const fromGraph = () => breakpointIn(entryIndex(selectedEntry(data)), data.selectedGraphNodeId);
  return focusInTrace ? (fromTrace() ?? fromGraph()) : (fromGraph() ?? fromTrace());
}
