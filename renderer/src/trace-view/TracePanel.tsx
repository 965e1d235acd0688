// "Trace": the selected run's live tree beside the selected node's detail, and — while the run is
// stopped — where it is stopped ("Stopped at") above the detail.
import { useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { armedNodeIds } from "../debug/index.ts";
import { currentStop, selectedRun, selectedTraceNode, useStudio } from "../store/index.ts";
import { StopPanel, stopNodeId } from "../stop/index.ts";
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
  const breakpoints = useStudio((s) => s.breakpoints);
  const live = run?.summary.status === "running";
  const now = useNow(live, 500);
  const stop = currentStop(run);
  const root = run?.trace.root;
  const armed = useMemo(() => armedNodeIds(root, breakpoints), [root, breakpoints]);

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
        <EmptyState title={!run || run.summary.status === "running" ? "Starting the run…" : "Loading the run's trace…"} tone="loading" />
      ) : (
        <>
          {run.summary.error && (
            <div className="error-box" role="alert">
              <code className="code">{run.summary.error.code}</code> {run.summary.error.message}
            </div>
          )}
          <div className="trace-split">
            <TraceTreeView
              root={run.trace.root}
              nodes={run.trace.nodes}
              selectedId={selectedTraceNodeId}
              onSelect={selectTraceNode}
              now={now}
              label={`Trace of ${run.summary.name}`}
              currentId={stop ? stopNodeId(stop) : undefined}
              armed={armed}
              replayed={run.trace.replayed}
            />
            <div className="trace-side">
              {stop && <StopPanel key={stop.id} stop={stop} onShowNode={selectTraceNode} />}
              <section aria-label="Node detail" className="trace-detail">
                {node ? (
                  <NodeDetail node={node} now={now} run={run} />
                ) : (
                  <EmptyState title="Select a node">
                    <p className="muted">Its prompt, messages, tool input and output, streamed text and errors show here.</p>
                  </EmptyState>
                )}
              </section>
            </div>
          </div>
        </>
      )}
    </Panel>
  );
}
