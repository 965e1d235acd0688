// "Trace": the selected run's live tree beside the selected node's detail.
import { useShallow } from "zustand/react/shallow";
import { selectedRun, selectedTraceNode, useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { StatusBadge } from "../ui/StatusBadge.tsx";
import { useNow } from "../ui/use-now.ts";
import { NodeDetail } from "./NodeDetail.tsx";
import { TraceTreeView } from "./TraceTreeView.tsx";

export function TracePanel() {
  const run = useStudio(selectedRun);
  const node = useStudio(selectedTraceNode);
  const { selectedRunId, selectedTraceNodeId, selectTraceNode } = useStudio(
    useShallow((s) => ({ selectedRunId: s.selectedRunId, selectedTraceNodeId: s.selectedTraceNodeId, selectTraceNode: s.selectTraceNode })),
  );
  const live = run?.summary.status === "running";
  const now = useNow(live, 500);

  return (
    <Panel
      title="Trace"
      meta={run ? <span className="trace-meta">{run.summary.name} <StatusBadge status={run.summary.status} /></span> : undefined}
      className="trace-panel"
    >
      {!selectedRunId ? (
        <EmptyState title="No run selected">
          <p className="muted">Start one with Run, or pick an earlier run from its list; its trace streams in here.</p>
        </EmptyState>
      ) : !run || !run.trace.root ? (
        <EmptyState title="Starting the run…" tone="loading" />
      ) : (
        <>
          {run.summary.error && (
            <div className="error-box" role="alert">
              <code className="code">{run.summary.error.code}</code> {run.summary.error.message}
            </div>
          )}
          <div className="trace-split">
            <TraceTreeView root={run.trace.root} selectedId={selectedTraceNodeId} onSelect={selectTraceNode} now={now} label={`Trace of ${run.summary.name}`} />
            <section aria-label="Node detail" className="trace-detail">
              {node ? (
                <NodeDetail node={node} now={now} />
              ) : (
                <EmptyState title="Select a node">
                  <p className="muted">Its prompt, messages, tool input and output, streamed text and errors show here.</p>
                </EmptyState>
              )}
            </section>
          </div>
        </>
      )}
    </Panel>
  );
}
