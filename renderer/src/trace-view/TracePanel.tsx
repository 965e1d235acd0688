// "Trace": the selected run's live tree beside the selected node's detail, and — while the run is
// stopped — where it is stopped ("Stopped at"). Stopped, the stop gets the side column to itself
// until a node is selected; then the two share it, each scrolling on its own, and "Close" gives
// the column back to the stop.
import { useCallback, useEffect, useMemo, useRef, type RefObject } from "react";
import { useShallow } from "zustand/react/shallow";
import { armedNodeIds } from "../debug/index.ts";
import { currentStop, selectedRun, selectedTraceNode, useStudio } from "../store/index.ts";
import { StopPanel, stopNodeId } from "../stop/index.ts";
import { useRunState } from "../run-state/index.ts";
import { focusStillAt, useTraceFocus } from "../run/index.ts";
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
  const state = useRunState(selectedRunId);
  const now = useNow(live, 500);
  const stop = currentStop(run);
  const root = run?.trace.root;
  const armed = useMemo(() => armedNodeIds(root, breakpoints), [root, breakpoints]);
  const split = useRef<HTMLDivElement>(null);
  const { focusTree, focusTreeOf } = useTreeFocus(split, selectedRunId, root !== undefined);
  useRunFocusRequest(focusTreeOf);

  const closeDetail = () => {
    selectTraceNode(null);
    focusTree();
  };

  return (
    <Panel
      title="Trace"
      meta={run ? <span className="trace-meta">{run.summary.name} <StatusBadge status={state ?? run.summary.status} /></span> : undefined}
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
          <div ref={split} className={`trace-split${stop ? " is-stopped" : ""}`}>
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
            <div className={`trace-side${stop ? " is-stopped" : ""}${stop && node ? " is-shared" : ""}`}>
              {stop && <StopPanel key={stop.id} stop={stop} runId={run.summary.runId} onShowNode={selectTraceNode} />}
              {/* A tab stop of its own: it scrolls, and a keyboard must be able to scroll it (axe scrollable-region-focusable). */}
              <section aria-label="Node detail" tabIndex={0} className={`trace-detail${stop && !node ? " is-idle" : ""}`}>
                {node ? (
                  <>
                    {stop && (
                      <div className="detail-bar">
                        <h3 className="section-title">Node detail</h3>
                        <button type="button" className="link small" title="Close the node's detail: the stop gets the column back" onClick={closeDetail}>
                          Close
                        </button>
                      </div>
                    )}
                    <NodeDetail node={node} now={now} run={run} onForked={focusTreeOf} />
                  </>
                ) : stop ? (
                  <p className="detail-idle">
                    <span className="section-title">Node detail</span> <span className="muted small">Select a node in the trace to see it here, beside the stop.</span>
                  </p>
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

/**
 * After Run, the new run's tree takes the focus once drawn (run/trace-focus.ts), if the person is
 * still where they asked from.
 */
function useRunFocusRequest(focusTreeOf: (runId: string, when?: () => boolean) => void) {
  const runId = useTraceFocus((s) => s.runId);
  useEffect(() => {
    if (!runId) return;
    const { from, clear } = useTraceFocus.getState();
    focusTreeOf(runId, () => focusStillAt(from));
    clear();
  }, [runId, focusTreeOf]);
}

/**
 * Focus for the trace tree: `focusTree()` moves it there now; `focusTreeOf(runId)` once that run is
 * selected and its tree drawn (a fork selects a run whose first events are still on their way).
 * Either way the focus lands on the tree's focusable row (the root until a node is picked), so a
 * screen reader says "agent Release, running, tree Trace of Release". `when`: whether the focus
 * should still move once the tree is drawn.
 */
function useTreeFocus(split: RefObject<HTMLDivElement | null>, selectedRunId: string | null, drawn: boolean) {
  const target = useRef<string | null>(null);
  const stillWanted = useRef<(() => boolean) | undefined>(undefined);
  const focusTree = useCallback((): boolean => {
    const tree = split.current?.querySelector<HTMLElement>('[role="tree"]');
    const row = tree?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]') ?? tree;
    row?.focus();
    return row !== undefined && row !== null;
  }, [split]);
  useEffect(() => {
    if (target.current === null) return;
    if (target.current !== selectedRunId) target.current = null;
    else if (drawn && stillWanted.current?.() === false) target.current = null;
    else if (drawn && focusTree()) target.current = null;
  });
  const focusTreeOf = useCallback((runId: string, when?: () => boolean) => {
    target.current = runId;
    stillWanted.current = when;
  }, []);
  return { focusTree, focusTreeOf };
}
