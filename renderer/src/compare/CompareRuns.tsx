// "Compare runs": a button (in the Token usage region's header) opens a modal dialog holding the
// region: two selects ("Left run", "Right run"), compared as soon as two runs are picked (and again
// with Compare), and the two runs side by side. A past run's events are fetched (getRunEvents,
// through the store's loadRunTrace) when compared; a live run's comparison follows its trace.
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useShallow } from "zustand/react/shallow";
import type { RunSummary, StudioError } from "../contract/index.ts";
import { useStudio, useStudioStore } from "../store/index.ts";
import { runStateOf } from "../run-state/index.ts";
import { ModalDialog } from "../ui/ModalDialog.tsx";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { ComparisonView } from "./ComparisonView.tsx";
import { initialPair, newestFirst, runLabel } from "./run-choices.ts";
import "./compare.css";

export const COMPARE_TITLE = "Compare runs";

export function CompareRunsButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  // The focus goes back once the dialog is gone: while it is modal, the button is inert.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <button ref={button} type="button" className="button button-small" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {COMPARE_TITLE}
      </button>
      {open && <CompareDialog onClose={close} />}
    </>
  );
}

/** Compare runs in a modal dialog; the first select gets the focus. */
function CompareDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog className="compare-dialog" labelledBy="panel-compare-runs" focus="select" onClose={onClose}>
      <CompareRuns onClose={onClose} />
    </ModalDialog>
  );
}

/** The region itself: pick two runs, compare them. */
export function CompareRuns({ onClose }: { onClose?: () => void }) {
  const store = useStudioStore();
  const runs = useStudio(useShallow((s) => s.runOrder.map((id) => s.runs[id]?.summary).filter((r): r is RunSummary => r !== undefined)));
  const sorted = newestFirst(runs);
  const [picked, setPair] = useState(() => initialPair(runs, store.getState().selectedRunId));
  // A pick that is not (or no longer) in the list — runs listed after the dialog opened, a run
  // deleted — falls back to the pair the dialog would start with now.
  const listed = (id: string) => runs.some((r) => r.runId === id);
  const initial = initialPair(runs, store.getState().selectedRunId);
  const pair = { left: listed(picked.left) ? picked.left : initial.left, right: listed(picked.right) ? picked.right : initial.right };
  const [compared, setCompared] = useState<{ left: string; right: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<StudioError[]>([]);
  /** Only the newest comparison asked for shows (a select changed while one was loading). */
  const request = useRef(0);

  const compareRuns = async (chosen: { left: string; right: string }) => {
    const id = ++request.current;
    setLoading(true);
    setErrors([]);
    const before = Math.max(0, ...store.getState().notices.map((n) => n.id));
    // A past run's events are not in the store until asked for; a live or loaded one's are.
    const missing = [...new Set([chosen.left, chosen.right])].filter((runId) => !store.getState().runs[runId]?.trace.root);
    await Promise.all(missing.map((runId) => store.getState().loadRunTrace(runId)));
    if (id !== request.current) return;
    const after = store.getState();
    const failed = missing.filter((runId) => !after.runs[runId]?.trace.root);
    const reported = after.notices.filter((n) => n.id > before).map((n) => n.error);
    setErrors(
      failed.length > 0 && reported.length === 0
        ? failed.map((runId) => ({ code: "STUDIO_RUN_EMPTY", message: `The run ${runId} has no recorded events to compare; pick another run.` }))
        : reported,
    );
    setCompared(chosen);
    setLoading(false);
  };

  const compare = (event: FormEvent) => {
    event.preventDefault();
    void compareRuns({ ...pair });
  };

  // Two different runs are compared as soon as they are picked: on opening, and on each change.
  const pick = (next: { left: string; right: string }) => {
    setPair(next);
    if (next.left && next.right && next.left !== next.right) void compareRuns(next);
  };
  useEffect(() => {
    if (pair.left && pair.right && pair.left !== pair.right) void compareRuns(pair);
    // Once, with the pair the dialog opens with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = onClose && (
    <button type="button" className="button button-small" onClick={onClose}>
      Close
    </button>
  );

  return (
    <Panel title={COMPARE_TITLE} className="compare-panel" actions={close}>
      {sorted.length === 0 ? (
        <EmptyState title="No runs to compare">
          <p className="muted">Run a workflow (or open a folder with recorded runs), then pick two runs here.</p>
        </EmptyState>
      ) : (
        <>
          <form className="compare-form" onSubmit={compare}>
            <RunSelect label="Left run" runs={sorted} value={pair.left} onChange={(left) => pick({ ...pair, left })} />
            <RunSelect label="Right run" runs={sorted} value={pair.right} onChange={(right) => pick({ ...pair, right })} />
            <button type="submit" className="button button-primary" disabled={!pair.left || !pair.right || loading}>
              Compare
            </button>
          </form>
          {errors.length > 0 && (
            <div role="alert" className="compare-errors">
              {errors.map((error, index) => (
                <p key={index}>
                  <code>{error.code}</code> {error.message}
                </p>
              ))}
            </div>
          )}
          {loading ? (
            <EmptyState title="Loading the runs' events…" tone="loading" />
          ) : compared ? (
            <ComparisonView leftId={compared.left} rightId={compared.right} />
          ) : (
            <p className="muted compare-hint">Pick a run on each side: steps are aligned on agent and step id, and what differs is marked.</p>
          )}
        </>
      )}
    </Panel>
  );
}

function RunSelect({ label, runs, value, onChange }: { label: string; runs: RunSummary[]; value: string; onChange: (runId: string) => void }) {
  const states = useStudio(useShallow((s) => runs.map((run) => runStateOf(s, run.runId))));
  return (
    <label className="compare-select">
      <span className="field-label">{label}</span>
      <select className="text-input compare-run-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {runs.map((run, index) => (
          <option key={run.runId} value={run.runId}>
            {runLabel(run, states[index])}
          </option>
        ))}
      </select>
    </label>
  );
}
