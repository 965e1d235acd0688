// One run of the history: what ran, its state (incl. "interrupted", "waiting for approval" while an
// approval of it is pending, and "paused" while stopped: run-state/),
// when, how long, tokens, cost, where it came from ("fork of run_x", which opens that run);
// selecting it opens its trace. Its actions: Replay (Resume instead for an interrupted run, whose
// record ends early), Export (JSON download) and Delete (asks first; the focus moves into the
// question and back out of it).
import { memo, useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { RunView } from "../store/index.ts";
import { useRunState } from "../run-state/index.ts";
import { StatusBadge } from "../ui/StatusBadge.tsx";
import { runCost, runUsage, sameRunRow } from "../run-figures/index.ts";
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
  /** The run this one replays, forks or resumes, when the history has it. */
  originName?: string;
  /** The list's one tab stop is in this run (roving focus: the others are reached with arrows). */
  tabbable?: boolean;
  /** The focus came into this run (the list's tab stop follows it). */
  onFocusIn?: (runId: string) => void;
}

/**
 * Redrawn only when what it shows changed: the run's summary or figures, or another prop (its
 * parent passes stable callbacks). The run's state (waiting, paused) it reads itself.
 */
export const RunHistoryItem = memo(RunHistoryItemView, sameRunRow);

function RunHistoryItemView({ run, selected, now, originName, tabbable = true, onFocusIn, onSelect, onReplay, onResume, onExport, onDelete }: RunHistoryItemProps) {
  const tab = tabbable ? undefined : -1;
  const [confirming, setConfirming] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  const item = useRef<HTMLLIElement>(null);
  const { summary } = run;
  const live = summary.status === "running";
  const interrupted = summary.status === "interrupted";
  const state = useRunState(summary.runId) ?? summary.status;
  // What the run spent: so far for a live one, the engine's result for an ended one.
  const usage = runUsage(run);
  const cost = runCost(run);
  const started = formatStart(summary.startedAt, now);

  // Asking moves the focus to Cancel (the safe answer); leaving the question gives it back to Delete.
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
    else if (asked.current) deleteButton.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  // A run selected elsewhere (a fork, a replay, the Run list) is brought into view here.
  useEffect(() => {
    if (selected && typeof item.current?.scrollIntoView === "function") item.current.scrollIntoView({ block: "nearest" });
  }, [selected]);

  const onConfirmKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    setConfirming(false);
  };

  return (
    <li ref={item} className={`history-item${selected ? " is-selected" : ""}`} onFocus={() => onFocusIn?.(summary.runId)} aria-label={`${summary.name}, ${STATUS_LABEL[state]}, started ${started}`}>
      <button tabIndex={tab} type="button" className="history-open" aria-current={selected || undefined} title={`Open ${summary.runId} in the Trace`} onClick={() => onSelect(summary.runId)}>
        <span className="history-line">
          <strong className="history-name">{summary.name}</strong>
          <StatusBadge status={state} />
        </span>
        <span className="history-line muted small">
          <span>{started}</span>
          <span>{formatDuration(elapsed(summary.startedAt, summary.endedAt, now))}</span>
          <span>{formatTokens(usage.totalTokens)} tokens</span>
          <span>{formatCost(cost)}</span>
        </span>
      </button>
      {summary.origin && (
        <button tabIndex={tab}
          type="button"
          className="link small history-origin"
          title={originName ? `Open the run it came from: ${originName}` : `The run it came from (${summary.origin.runId}) is no longer in the history`}
          disabled={!originName}
          onClick={() => onSelect(summary.origin!.runId)}
        >
          {originLabel(summary.origin)}
        </button>
      )}
      {summary.resumedBy && (
        <button tabIndex={tab} type="button" className="link small history-origin" title="Open the run that went on from it" onClick={() => onSelect(summary.resumedBy!)}>
          resumed as {summary.resumedBy}
        </button>
      )}
      {confirming ? (
        <div className="history-actions history-confirm" role="group" aria-label={`Delete ${summary.name} run?`} onKeyDown={onConfirmKey}>
          <span className="small">Delete this run's record?</span>
          <button tabIndex={tab} type="button" className="button button-small button-danger" onClick={() => onDelete(summary.runId)}>
            Yes, delete
          </button>
          <button tabIndex={tab} ref={cancelButton} type="button" className="button button-small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="history-actions">
          {interrupted && summary.resumedBy ? null : interrupted ? (
            // Its record stops where the process died: a replay would run out of answers there.
            <button tabIndex={tab}
              type="button"
              className="button button-small"
              title="Replay the record to where it stopped, then go on live (its pending approval comes back to Approvals)"
              onClick={() => onResume(summary.runId)}
            >
              Resume
            </button>
          ) : (
            <button tabIndex={tab}
              type="button"
              className="button button-small"
              disabled={live}
              title={live ? "Replay a run once it has ended" : "Run it again from its record: no provider calls"}
              onClick={() => onReplay(summary.runId)}
            >
              Replay
            </button>
          )}
          <button tabIndex={tab} type="button" className="button button-small" title="Download the run and its events as JSON" onClick={() => onExport(summary.runId)}>
            Export
          </button>
          <button tabIndex={tab}
            ref={deleteButton}
            type="button"
            className="button button-small"
            disabled={live}
            title={live ? "Stop the run before deleting it" : "Delete the run's record"}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
