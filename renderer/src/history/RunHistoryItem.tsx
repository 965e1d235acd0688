// One run of the history: what ran, its status (incl. "interrupted"), when, how long, tokens, cost,
// where it came from ("fork of run_x"); selecting it opens its trace. Its actions: Replay, Resume
// (interrupted runs), Export (JSON download) and Delete (asks first).
import { useState } from "react";
import type { RunView } from "../store/index.ts";
import { StatusBadge } from "../ui/StatusBadge.tsx";
import { STATUS_LABEL, elapsed, formatCost, formatDuration, formatStart, formatTokens, originLabel } from "../ui/format.ts";

export interface RunHistoryActions {
  onSelect: (runId: string) => void;
  onReplay: (runId: string) => void;
  onResume: (runId: string) => void;
  onExport: (runId: string) => void;
  onDelete: (runId: string) => void;
}

export interface RunHistoryItemProps extends RunHistoryActions {
  run: RunView;
  selected: boolean;
  now: number;
}

export function RunHistoryItem({ run, selected, now, onSelect, onReplay, onResume, onExport, onDelete }: RunHistoryItemProps) {
  const [confirming, setConfirming] = useState(false);
  const { summary } = run;
  const live = summary.status === "running";
  // A live run's totals are what its trace has added up so far; an ended one's are the engine's.
  const usage = live ? (run.trace.root?.usage ?? summary.usage) : summary.usage;
  const cost = live ? (run.trace.root?.cost ?? summary.cost) : summary.cost;
  const started = formatStart(summary.startedAt, now);
  return (
    <li className={`history-item${selected ? " is-selected" : ""}`} aria-label={`${summary.name}, ${STATUS_LABEL[summary.status]}, started ${started}`}>
      <button type="button" className="history-open" aria-current={selected || undefined} title={`Open ${summary.runId} in the Trace`} onClick={() => onSelect(summary.runId)}>
        <span className="history-line">
          <strong className="history-name">{summary.name}</strong>
          <StatusBadge status={summary.status} />
        </span>
        <span className="history-line muted small">
          <span>{started}</span>
          <span>{formatDuration(elapsed(summary.startedAt, summary.endedAt, now))}</span>
          <span>{formatTokens(usage.totalTokens)} tokens</span>
          <span>{formatCost(cost)}</span>
        </span>
        {summary.origin && <span className="history-line small history-origin">{originLabel(summary.origin)}</span>}
      </button>
      {confirming ? (
        <div className="history-actions history-confirm" role="group" aria-label={`Delete ${summary.name} run?`}>
          <span className="small">Delete this run's record?</span>
          <button type="button" className="button button-small button-danger" onClick={() => onDelete(summary.runId)}>
            Yes, delete
          </button>
          <button type="button" className="button button-small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="history-actions">
          {summary.status === "interrupted" && (
            <button type="button" className="button button-small" title="Replay the record to where it stopped, then go on live" onClick={() => onResume(summary.runId)}>
              Resume
            </button>
          )}
          <button type="button" className="button button-small" disabled={live} title={live ? "Replay a run once it has ended" : "Run it again from its record: no provider calls"} onClick={() => onReplay(summary.runId)}>
            Replay
          </button>
          <button type="button" className="button button-small" title="Download the run and its events as JSON" onClick={() => onExport(summary.runId)}>
            Export
          </button>
          <button type="button" className="button button-small" disabled={live} title={live ? "Stop the run before deleting it" : "Delete the run's record"} onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
