// "Run": the selected entry's input box, the run controls, and its runs with their status.
import { useMemo, useState, type FormEvent, type KeyboardEvent } from "react";
import { useShallow } from "zustand/react/shallow";
import { isLive, runsOfEntry, selectedEntry, useStudio, type RunView } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { Notices } from "../ui/Notices.tsx";
import { StatusBadge } from "../ui/StatusBadge.tsx";
import { elapsed, formatDuration, formatTime, formatTokens } from "../ui/format.ts";
import { useNow } from "../ui/use-now.ts";
import { defaultInputText, examplePrompt, parseRunInput } from "./run-input.ts";

const COMING_SOON = "Pause, step and continue: coming soon";

export function RunPanel() {
  const entry = useStudio(selectedEntry);
  const runs = useStudio(useShallow((s) => runsOfEntry(s, s.selectedEntryId)));
  const selectedRunId = useStudio((s) => s.selectedRunId);
  const { startRun, abortRun, selectRun } = useStudio(useShallow((s) => ({ startRun: s.startRun, abortRun: s.abortRun, selectRun: s.selectRun })));
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [inputError, setInputError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const selectedRun = runs.find((r) => r.summary.runId === selectedRunId);
  const live = isLive(selectedRun);
  const anyLive = runs.some(isLive);
  const now = useNow(anyLive);

  if (!entry) {
    return (
      <Panel title="Run" className="run-panel">
        <EmptyState title="Nothing to run yet">
          <p className="muted">Select a workflow or markdown agent to run it.</p>
        </EmptyState>
      </Panel>
    );
  }

  const text = drafts[entry.id] ?? defaultInputText(entry.kind);
  const isWorkflow = entry.kind === "workflow";
  const inputId = `run-input-${entry.id}`;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = parseRunInput(entry.kind, text);
    if (!parsed.ok) {
      setInputError(parsed.message);
      return;
    }
    setInputError(null);
    setStarting(true);
    try {
      await startRun(entry.id, parsed.value);
    } finally {
      setStarting(false);
    }
  };

  // Ctrl/Cmd+Enter runs from the box, as in most consoles.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void submit();
  };

  return (
    <Panel title="Run" meta={entry.name} className="run-panel">
      <form className="run-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor={inputId} className="field-label">
          {isWorkflow ? "Input (JSON props)" : "Prompt"}
        </label>
        <textarea
          id={inputId}
          className={`run-input${inputError ? " has-error" : ""}`}
          value={text}
          rows={isWorkflow ? 2 : 3}
          spellCheck={!isWorkflow}
          placeholder={isWorkflow ? '{"topic": "Suspense"}' : (examplePrompt(entry.description) ?? `What should ${entry.name} do?`)}
          aria-invalid={inputError ? true : undefined}
          aria-describedby={inputError ? `${inputId}-error` : undefined}
          onChange={(e) => {
            setDrafts({ ...drafts, [entry.id]: e.target.value });
            if (inputError) setInputError(null);
          }}
          onKeyDown={onKeyDown}
        />
        {inputError && (
          <p id={`${inputId}-error`} className="field-error" role="alert">
            {inputError}
          </p>
        )}
        <div className="run-controls">
          <button type="submit" className="button button-primary" disabled={starting} aria-keyshortcuts="Control+Enter Meta+Enter">
            Run
          </button>
          <button type="button" className="button" disabled title={COMING_SOON}>
            Pause
          </button>
          <button type="button" className="button" disabled title={COMING_SOON}>
            Step
          </button>
          <button type="button" className="button" disabled title={COMING_SOON}>
            Continue
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={!live}
            title={live ? "Abort the selected run" : "The selected run is not running"}
            onClick={() => selectedRun && void abortRun(selectedRun.summary.runId)}
          >
            Stop
          </button>
        </div>
      </form>
      <Notices area="run" />
      {runs.length > 0 && <RunList runs={runs} selectedRunId={selectedRunId} now={now} onSelect={selectRun} />}
    </Panel>
  );
}

function RunList({ runs, selectedRunId, now, onSelect }: { runs: RunView[]; selectedRunId: string | null; now: number; onSelect: (runId: string) => void }) {
  const newestFirst = useMemo(() => [...runs].reverse(), [runs]);
  return (
    <ul className="run-list" aria-label="Runs of this agent">
      {newestFirst.map((run, index) => {
        const { summary } = run;
        const usage = summary.status === "running" ? (run.trace.root?.usage ?? summary.usage) : summary.usage;
        const selected = summary.runId === selectedRunId;
        return (
          <li key={summary.runId}>
            <button type="button" className={`run-row${selected ? " is-selected" : ""}`} aria-current={selected || undefined} onClick={() => onSelect(summary.runId)}>
              <span className="run-number">#{runs.length - index}</span>
              <StatusBadge status={summary.status} />
              <span className="muted">{formatTime(summary.startedAt)}</span>
              <span className="muted">{formatDuration(elapsed(summary.startedAt, summary.endedAt, now))}</span>
              <span className="muted">{formatTokens(usage.totalTokens)} tokens</span>
              {summary.error && (
                <span className="run-error" title={summary.error.message}>
                  {summary.error.code}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
