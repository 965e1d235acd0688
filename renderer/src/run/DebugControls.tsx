// The Run region's debugger row: Run (submits the form), Start paused, Pause, Step, Continue and
// Stop, enabled by the selected run's state, with their keys in tooltips and aria-keyshortcuts.
import { DEBUG_KEYS, type DebugAction, type DebugControls as Controls } from "../debug/index.ts";

export interface DebugControlsProps {
  controls: Controls;
  /** A start request is in flight. */
  starting: boolean;
  startPaused: boolean;
  onStartPausedChange: (startPaused: boolean) => void;
  onAction: (action: DebugAction) => void;
  /** False when there is no input form around (no agent selected): Run is left out. */
  withRun?: boolean;
}

export function DebugControls({ controls, starting, startPaused, onStartPausedChange, onAction, withRun = true }: DebugControlsProps) {
  const reasonId = "debug-step-blocked";
  return (
    <>
      <div className="run-controls" role="group" aria-label="Debug controls">
        {withRun && (
          <>
            <button
              type="submit"
              className="button button-primary"
              disabled={starting || !controls.run}
              aria-keyshortcuts={controls.live ? "Control+Enter Meta+Enter" : `Control+Enter Meta+Enter ${DEBUG_KEYS.run}`}
              title={controls.live ? "Run the agent again, beside the live run (Ctrl+Enter)" : `Run the agent (${DEBUG_KEYS.run} or Ctrl+Enter)`}
            >
              Run
            </button>
            <label className="check" title="Stop the run before its first model call; step on with F10">
              <input type="checkbox" checked={startPaused} onChange={(e) => onStartPausedChange(e.target.checked)} />
              Start paused
            </label>
          </>
        )}
        <button
          type="button"
          className="button"
          disabled={!controls.pause}
          aria-keyshortcuts={DEBUG_KEYS.pause}
          title={controls.pause ? `Stop the run at its next boundary (${DEBUG_KEYS.pause})` : "Pause: the selected run is not running on"}
          onClick={() => onAction("pause")}
        >
          Pause
        </button>
        <button
          type="button"
          className="button"
          disabled={!controls.step}
          aria-keyshortcuts={DEBUG_KEYS.step}
          aria-describedby={controls.stepBlocked ? reasonId : undefined}
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
        </button>
        <button
          type="button"
          className="button"
          disabled={!controls.continue}
          aria-keyshortcuts={DEBUG_KEYS.continue}
          title={controls.continue ? `Run on to the next breakpoint (${DEBUG_KEYS.continue})` : "Continue: the selected run is not stopped"}
          onClick={() => onAction("continue")}
        >
          Continue
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={!controls.abort}
          aria-keyshortcuts={DEBUG_KEYS.abort}
          title={controls.abort ? `Abort the selected run (${DEBUG_KEYS.abort})` : "The selected run is not running"}
          onClick={() => onAction("abort")}
        >
          Stop
        </button>
      </div>
      {controls.stepBlocked && (
        <p id={reasonId} className="step-blocked" role="status">
          {controls.stepBlocked}
        </p>
      )}
    </>
  );
}
