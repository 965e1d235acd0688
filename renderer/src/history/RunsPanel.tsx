// "Runs": every run of this session and every run recorded in the project (listRuns), newest
// first. Selecting one reopens it in the Trace (its events fetched when not in memory). After a
// delete the focus goes to the run that took its place (or the one before it). The list is one
// tab stop (roving focus): Tab enters the selected run (or the last one focused), ↑ ↓ Home End
// move between runs, Tab goes on through that run's actions.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useShallow } from "zustand/react/shallow";
import { runHistory, useStudio, type RunView } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { Notices } from "../ui/Notices.tsx";
import { formatStart } from "../ui/format.ts";
import { ShowMore } from "../ui/ShowMore.tsx";
import { useListLimit } from "../ui/use-list-limit.ts";
import { useNow } from "../ui/use-now.ts";
import { downloadJson, exportFileName } from "./download.ts";
import { RunHistoryItem } from "./RunHistoryItem.tsx";

/** Runs drawn at first, and drawn more at each ask. */
export const RUNS_SHOWN = 25;

export function RunsPanel() {
  const runs = useStudio(useShallow(runHistory));
  const selectedRunId = useStudio((s) => s.selectedRunId);
  const actions = useStudio(
    useShallow((s) => ({ selectRun: s.selectRun, replayRun: s.replayRun, resumeRun: s.resumeRun, exportRun: s.exportRun, deleteRun: s.deleteRun })),
  );
  const now = useNow(runs.some((r) => r.summary.status === "running"));
  const list = useRef<HTMLUListElement>(null);
  const empty = useRef<HTMLDivElement>(null);
  /** A run being deleted, and where it stood: the focus goes there once it has left the list. */
  const deleting = useRef<{ runId: string; index: number } | null>(null);
  const shownRuns = useListLimit(runs, RUNS_SHOWN, runs.findIndex((r) => r.summary.runId === selectedRunId));
  const names = useMemo(() => new Map(runs.map((r) => [r.summary.runId, `${r.summary.name}, started ${formatStart(r.summary.startedAt, now)}`])), [runs, now]);

  useEffect(() => {
    const gone = deleting.current;
    if (!gone || runs.some((r) => r.summary.runId === gone.runId)) return;
    deleting.current = null;
    const opens = list.current?.querySelectorAll<HTMLButtonElement>(".history-open");
    const next = opens && opens.length > 0 ? opens[Math.min(gone.index, opens.length - 1)] : undefined;
    (next ?? empty.current)?.focus();
  }, [runs]);

  const [focused, setFocused] = useState<string | null>(null);
  const listed = (runId: string | null) => runId !== null && runs.some((r) => r.summary.runId === runId);
  const tabStop = listed(focused) ? focused : listed(selectedRunId) ? selectedRunId : (runs[0]?.summary.runId ?? null);
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLLIElement>(":scope > li.history-item")];
    const at = items.findIndex((item) => item.contains(document.activeElement));
    if (at < 0) return;
    const next = event.key === "ArrowDown" ? at + 1 : event.key === "ArrowUp" ? at - 1 : event.key === "Home" ? 0 : event.key === "End" ? items.length - 1 : undefined;
    if (next === undefined) return;
    event.preventDefault();
    items[Math.max(0, Math.min(items.length - 1, next))]?.querySelector<HTMLButtonElement>(".history-open")?.focus();
  };

  // Stable callbacks: each RunHistoryItem redraws only when its own run's figures change.
  const latestRuns = useRef(runs);
  latestRuns.current = runs;
  const onReplay = useCallback((runId: string) => void actions.replayRun(runId), [actions]);
  const onResume = useCallback((runId: string) => void actions.resumeRun(runId), [actions]);
  const onExport = useCallback(
    (runId: string) =>
      void actions.exportRun(runId).then((document) => {
        if (document) downloadJson(exportFileName(runId), document);
      }),
    [actions],
  );
  const onDelete = useCallback(
    (runId: string) => {
      deleting.current = { runId, index: latestRuns.current.findIndex((r) => r.summary.runId === runId) };
      void actions.deleteRun(runId).then((deleted) => {
        if (!deleted && deleting.current?.runId === runId) deleting.current = null;
      });
    },
    [actions],
  );

  const item = (run: RunView) => (
    <RunHistoryItem
      key={run.summary.runId}
      run={run}
      selected={run.summary.runId === selectedRunId}
      now={now}
      originName={run.summary.origin ? names.get(run.summary.origin.runId) : undefined}
      tabbable={run.summary.runId === tabStop}
      onFocusIn={setFocused}
      onSelect={actions.selectRun}
      onReplay={onReplay}
      onResume={onResume}
      onExport={onExport}
      onDelete={onDelete}
    />
  );

  return (
    <Panel title="Runs" meta={runs.length > 0 ? `${runs.length}` : undefined} className="runs-panel">
      <Notices area="runs" />
      {runs.length === 0 ? (
        <div ref={empty} tabIndex={-1} className="runs-empty">
          <EmptyState title="No runs yet">
            <p className="muted">Runs of this session and those recorded in the project's .june/runs show here.</p>
          </EmptyState>
        </div>
      ) : (
        <ul className="history-list" aria-label="Run history" ref={list} onKeyDown={onListKey}>
          {shownRuns.head.map(item)}
          <ShowMore list={shownRuns} total={runs.length} inList />
          {shownRuns.tail && item(shownRuns.tail)}
        </ul>
      )}
    </Panel>
  );
}
