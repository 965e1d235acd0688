// "Todos": the shown run's todo lists (Claude Code's TodoWrite), one per agent that wrote one, live
// as the trace streams in. With a node selected in the Trace, the lists as they stood at that node,
// said so in the header. No panel at all for a run that wrote no list.
import { useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { selectedRun, useStudio } from "../store/index.ts";
import { Panel } from "../ui/Panel.tsx";
import { TodoList } from "./TodoList.tsx";
import { runTodos, type AgentTodos } from "./run-todos.ts";
import "./todos.css";

/**
 * The selected run's todo lists, or nothing when it has none.
 *
 * @example
 * <div className="column column-right"><ApprovalsPanel /><TodoPanel />…</div>
 */
export function TodoPanel() {
  const run = useStudio(selectedRun);
  const { selectedTraceNodeId, selectTraceNode } = useStudio(useShallow((s) => ({ selectedTraceNodeId: s.selectedTraceNodeId, selectTraceNode: s.selectTraceNode })));
  const trace = run?.trace;
  // The trace is a new object per batch that touched it; the walk itself looks only at new nodes.
  const latest = useMemo(() => (trace ? runTodos(trace) : []), [trace]);
  const asOf = useMemo(() => (trace && selectedTraceNodeId ? runTodos(trace, selectedTraceNodeId) : undefined), [trace, selectedTraceNodeId]);
  const lists = asOf ?? latest;
  // Said only when it matters: a node after every call shows the latest lists anyway.
  const earlier = asOf !== undefined && !sameLists(asOf, latest);
  const at = earlier && selectedTraceNodeId ? trace?.nodes.get(selectedTraceNodeId) : undefined;

  if (lists.length === 0 && !earlier) return null;
  return (
    <Panel
      title="Todos"
      className="todos-panel"
      meta={
        at ? (
          <span className="todos-as-of">
            as of the selected {at.kind} <code>{at.name}</code>
          </span>
        ) : (
          progress(lists)
        )
      }
      actions={
        at && (
          <button type="button" className="link small" title="Clear the Trace's selection to see the latest lists" onClick={() => selectTraceNode(null)}>
            Show latest
          </button>
        )
      }
    >
      <div className="todos">
        {lists.length === 0 ? (
          <p className="muted small todos-none">No list had been written yet at the selected node.</p>
        ) : (
          lists.map((list) => <TodoList key={list.agentId} list={list} onShowCall={selectTraceNode} />)
        )}
      </div>
    </Panel>
  );
}

function sameLists(a: readonly AgentTodos[], b: readonly AgentTodos[]): boolean {
  return a.length === b.length && a.every((list, i) => list.callId === b[i]!.callId);
}

// The header's short word: the outer agent's count when there is one list, the number of lists otherwise.
function progress(lists: readonly AgentTodos[]): string {
  if (lists.length === 1) return `${lists[0]!.done}/${lists[0]!.todos.length} done`;
  return `${lists.length} lists`;
}
