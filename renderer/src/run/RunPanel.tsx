// "Run": the selected entry's input box, the debugger's controls (Run, Start paused, Pause, Step,
// Continue, Stop, and their keys), the breakpoints, and the entry's runs with their status.
import { memo, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useShallow } from "zustand/react/shallow";
import { BreakpointList } from "../breakpoints/index.ts";
import { debugControls, type DebugAction } from "../debug/index.ts";
import { currentStop, isLive, runsOfEntry, selectedEntry, selectedRun, useStudio, useStudioStore, type RunView } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { Notices } from "../ui/Notices.tsx";
import { StatusBadge } from "../ui/StatusBadge.tsx";
import { elapsed, formatCost, formatDuration, formatTime, formatTokens } from "../ui/format.ts";
import { ShowMore } from "../ui/ShowMore.tsx";
import { useListLimit } from "../ui/use-list-limit.ts";
import { useNow } from "../ui/use-now.ts";
import { RESTRICTED_RUN_REASON } from "../trust/index.ts";
import { runCost, runUsage, sameRunRow } from "../run-figures/index.ts";
import { runState, type RunState } from "../run-state/index.ts";
import { DebugControls } from "./DebugControls.tsx";
import { defaultInputText, examplePrompt, parseRunInput } from "./run-input.ts";
import { useDebugKeys } from "./use-debug-keys.ts";
import { registerDebugPerformer } from "./debug-commands.ts";
import { useTraceFocus } from "./trace-focus.ts";

export function RunPanel() {
  const entry = useStudio(selectedEntry);
  const runs = useStudio(useShallow((s) => runsOfEntry(s, s.selectedEntryId)));
  const selected = useStudio(selectedRun);
  const startPaused = useStudio((s) => s.startPaused);
  // Restricted mode: nothing of the folder may run, so Run (and Step, which starts a run) is off.
  const restricted = useStudio((s) => s.project?.trust === "restricted");
  const actions = useStudio(
    useShallow((s) => ({
      startRun: s.startRun,
      abortRun: s.abortRun,
      pauseRun: s.pauseRun,
      stepRun: s.stepRun,
      continueRun: s.continueRun,
      selectRun: s.selectRun,
      setStartPaused: s.setStartPaused,
    })),
  );
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [inputError, setInputError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const store = useStudioStore();
  const form = useRef<HTMLFormElement>(null);

  const controls = debugControls(selected?.summary.status, currentStop(selected), entry !== undefined && !restricted);
  const anyLive = runs.some(isLive);
  const now = useNow(anyLive);
  const text = entry ? (drafts[entry.id] ?? defaultInputText(entry.kind)) : "";

  const start = async (paused: boolean) => {
    if (!entry || starting) return;
    const parsed = parseRunInput(entry.kind, text);
    if (!parsed.ok) {
      setInputError(parsed.message);
      return;
    }
    setInputError(null);
    setStarting(true);
    // Where the person asks from (the Run region; what has the focus, for F5 or the palette): the
    // new run's trace takes the focus from there once drawn.
    const from = [form.current?.closest("section"), document.activeElement].filter((el): el is Element => el instanceof Element && el !== document.body);
    try {
      const started = await actions.startRun(entry.id, parsed.value, paused);
      const runId = store.getState().selectedRunId;
      if (started && runId) useTraceFocus.getState().request(runId, from);
    } finally {
      setStarting(false);
    }
  };

  const perform = (action: DebugAction) => {
    const runId = selected?.summary.runId;
    if (action === "run") void start(startPaused);
    else if (action === "run-paused") void start(true);
    else if (!runId) return;
    else if (action === "pause") void actions.pauseRun(runId);
    else if (action === "step") void actions.stepRun(runId);
    else if (action === "continue") void actions.continueRun(runId);
    else if (action === "abort") void actions.abortRun(runId);
  };
  useDebugKeys(controls, perform);
  const latestPerform = useRef(perform);
  latestPerform.current = perform;
  useEffect(() => {
    registerDebugPerformer((action) => latestPerform.current(action));
    return () => registerDebugPerformer(null);
  }, []);

  if (!entry) {
    return (
      <Panel title="Run" className="run-panel">
        <EmptyState title="Nothing to run yet">
          <p className="muted">Select a workflow or markdown agent to run it.</p>
        </EmptyState>
        {controls.live && (
          <div className="run-form">
            <DebugControls controls={controls} starting={starting} startPaused={startPaused} onStartPausedChange={actions.setStartPaused} onAction={perform} withRun={false} />
          </div>
        )}
        <Notices area="run" />
        <BreakpointList />
      </Panel>
    );
  }

  const isWorkflow = entry.kind === "workflow";
  const inputId = `run-input-${entry.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void start(startPaused);
  };

  // Ctrl/Cmd+Enter runs from the box, as in most consoles.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void start(startPaused);
  };

  return (
    <Panel title="Run" meta={entry.name} className="run-panel">
      <form ref={form} className="run-form" onSubmit={submit}>
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
        <DebugControls
          controls={controls}
          starting={starting}
          startPaused={startPaused}
          onStartPausedChange={actions.setStartPaused}
          onAction={perform}
          {...(restricted ? { runBlocked: RESTRICTED_RUN_REASON } : {})}
        />
      </form>
      <Notices area="run" />
      <BreakpointList />
      {runs.length > 0 && <RunList runs={runs} selectedRunId={selected?.summary.runId ?? null} now={now} onSelect={actions.selectRun} />}
    </Panel>
  );
}

/** The entry's runs drawn at first (three show; the list scrolls), and drawn more at each ask. */
const RUN_ROWS_SHOWN = 10;

function RunList({ runs, selectedRunId, now, onSelect }: { runs: RunView[]; selectedRunId: string | null; now: number; onSelect: (runId: string) => void }) {
  const inbox = useStudio((s) => s.inbox);
  const newestFirst = useMemo(() => [...runs].reverse(), [runs]);
  const shown = useListLimit(newestFirst, RUN_ROWS_SHOWN, newestFirst.findIndex((r) => r.summary.runId === selectedRunId));
  const row = (run: RunView, index: number) => (
    <RunRow
      key={run.summary.runId}
      run={run}
      number={runs.length - index}
      state={runState(run, inbox)}
      selected={run.summary.runId === selectedRunId}
      now={now}
      onSelect={onSelect}
    />
  );
  return (
    <ul className="run-list" aria-label="Runs of this agent">
      {shown.head.map(row)}
      <ShowMore list={shown} total={runs.length} inList />
      {shown.tail && row(shown.tail, shown.beyond)}
    </ul>
  );
}

interface RunRowProps {
  run: RunView;
  /** Its place among the entry's runs, oldest first ("#3"). */
  number: number;
  state: RunState;
  selected: boolean;
  now: number;
  onSelect: (runId: string) => void;
}

/** One run of the list, redrawn only when what it shows changed (a streaming run's trace changes every batch, its row does not). */
const RunRow = memo(
  function RunRow({ run, number, state, selected, now, onSelect }: RunRowProps) {
    const { summary } = run;
    const cost = runCost(run);
    return (
      <li>
        <button type="button" className={`run-row${selected ? " is-selected" : ""}`} aria-current={selected || undefined} onClick={() => onSelect(summary.runId)}>
          <span className="run-number">#{number}</span>
          <StatusBadge status={state} />
          <span className="muted">{formatTime(summary.startedAt)}</span>
          <span className="muted">{formatDuration(elapsed(summary.startedAt, summary.endedAt, now))}</span>
          <span className="muted">{formatTokens(runUsage(run).totalTokens)} tokens</span>
          {cost && (cost.usd > 0 || cost.unpricedCalls > 0) && <span className="muted">{formatCost(cost)}</span>}
          {summary.error && (
            <span className="run-error" title={summary.error.message}>
              {summary.error.code}
            </span>
          )}
        </button>
      </li>
    );
  },
  sameRunRow,
);
