// The Run region's debugger row: Run (submits the form), Start paused, Pause, Step, Continue and
// Stop, enabled by the selected run's state, with their keys in tooltips and aria-keyshortcuts.
import { useId, type ReactNode } from "react";
import { DEBUG_KEYS, type DebugAction, type DebugControls as Controls } from "../debug/index.ts";
import { CheckField } from "../ui/CheckField.tsx";

export interface DebugControlsProps {
  controls: Controls;
  /** A start request is in flight. */
  starting: boolean;
  startPaused: boolean;
  onStartPausedChange: (startPaused: boolean) => void;
  onAction: (action: DebugAction) => void;
  /** False when there is no input form around (no agent selected): Run is left out. */
  withRun?: boolean;
  /** Why Run is off whatever the run's state (restricted mode), shown beside the controls. */
  runBlocked?: string;
}

export function DebugControls({ controls, starting, startPaused, onStartPausedChange, onAction, withRun = true, runBlocked }: DebugControlsProps) {
  const reasonId = useId();
  const runReasonId = useId();
  return (
    <>
      {/* Above the controls: the Run panel is capped in height, and this must not scroll out of it. */}
      {withRun && runBlocked && (
        <p id={runReasonId} className="step-blocked" role="status">
          {runBlocked}
        </p>
      )}
      <div className="run-controls" role="group" aria-label="Debug controls">
        {withRun && (
          <>
            <button
              type="submit"
              className="button button-primary"
              disabled={starting || !controls.run}
              aria-describedby={runBlocked ? runReasonId : undefined}
              aria-keyshortcuts={controls.live ? "Control+Enter Meta+Enter" : `Control+Enter Meta+Enter ${DEBUG_KEYS.run}`}
              title={runBlocked ?? (controls.live ? "Run the agent again, beside the live run (Ctrl+Enter)" : `Run the agent (${DEBUG_KEYS.run} or Ctrl+Enter)`)}
            >
              Run
            </button>
            <CheckField checked={startPaused} onChange={onStartPausedChange} title="Stop the run before its first model call; step on with F10">
              Start paused
            </CheckField>
          </>
        )}
        <DebugButton
          enabled={controls.pause}
          keys={DEBUG_KEYS.pause}
          title={controls.pause ? `Stop the run at its next boundary (${DEBUG_KEYS.pause})` : "Pause: the selected run is not running on"}
          onClick={() => onAction("pause")}
        >
          Pause
        </DebugButton>
        <DebugButton
          enabled={controls.step}
          keys={DEBUG_KEYS.step}
          describedBy={controls.stepBlocked ? reasonId : undefined}
          title={
            controls.stepBlocked ??
            (controls.stepStarts
              ? `Start the agent paused at its first boundary (${DEBUG_KEYS.step})`
              : controls.step
                ? `Run to the next boundary and stop there (${DEBUG_KEYS.step})`
                : "Step: the selected run is not stopped")
          }
          onClick={() => onAction(controls.stepStarts ? "run-paused" : "step")}
        >
          Step
        </DebugButton>
        <DebugButton
          enabled={controls.continue}
          keys={DEBUG_KEYS.continue}
          title={controls.continue ? `Run on to the next breakpoint (${DEBUG_KEYS.continue})` : "Continue: the selected run is not stopped"}
          onClick={() => onAction("continue")}
        >
          Continue
        </DebugButton>
        <DebugButton
          danger
          enabled={controls.abort}
          keys={DEBUG_KEYS.abort}
          title={controls.abort ? `Abort the selected run (${DEBUG_KEYS.abort})` : "The selected run is not running"}
          onClick={() => onAction("abort")}
        >
          Stop
        </DebugButton>
      </div>
      {controls.stepBlocked && (
        <p id={reasonId} className="step-blocked" role="status">
          {controls.stepBlocked}
        </p>
      )}
    </>
  );
}

interface DebugButtonProps {
  enabled: boolean;
  /** The key(s), for aria-keyshortcuts. */
  keys: string;
  title: string;
  describedBy?: string;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** One of Pause, Step, Continue, Stop: a plain button carrying its key and tooltip. */
function DebugButton({ enabled, keys, title, describedBy, danger = false, onClick, children }: DebugButtonProps) {
  return (
    <button
      type="button"
      className={danger ? "button button-danger" : "button"}
      disabled={!enabled}
      aria-keyshortcuts={keys}
      aria-describedby={describedBy}
      title={title}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
