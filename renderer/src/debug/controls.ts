// Which debug controls apply, from the selected run's state — the same rules for the buttons and
// for the keys (F5, F10, F6, Shift+F5), as in VS Code: F5 continues a stopped run and otherwise
// runs; F10 steps a stopped run and otherwise starts the selected agent paused.
import type { RunStatus, StopInfo } from "../contract/index.ts";

export const WAITING_FOR_APPROVAL = "Waiting for approval — approve or deny to go on";

export interface DebugControls {
  /** The selected run is running (stopped or not). */
  live: boolean;
  /** Where the selected run is stopped. */
  stop: StopInfo | undefined;
  /** Run: an agent is selected (a new run may start beside a live one). */
  run: boolean;
  pause: boolean;
  step: boolean;
  /** Step would start the selected agent paused (no live run is selected). */
  stepStarts: boolean;
  continue: boolean;
  /** Stop (abort) the selected run. */
  abort: boolean;
  /** Why Step is off while the run is stopped (an approval holds it). */
  stepBlocked: string | undefined;
}

/**
 * The controls' states for the selected run.
 *
 * @example
 * debugControls("running", stop, true).continue; // true
 */
export function debugControls(status: RunStatus | undefined, stop: StopInfo | undefined, hasEntry: boolean): DebugControls {
  const live = status === "running";
  const stopped = live ? stop : undefined;
  const atApproval = stopped?.boundary === "approval";
  const stepStarts = !live && hasEntry;
  return {
    live,
    stop: stopped,
    run: hasEntry,
    pause: live && !stopped,
    step: (stopped !== undefined && !atApproval) || stepStarts,
    stepStarts,
    continue: stopped !== undefined,
    abort: live,
    stepBlocked: atApproval ? WAITING_FOR_APPROVAL : undefined,
  };
}
