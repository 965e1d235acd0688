// A run's state in words, derived in one place: what the run summary says, sharpened by what the
// studio knows while it runs — a pending approval of the run in the inbox (or a stop at an
// approval) makes it "waiting for approval", a stop anywhere else "paused". Every place a run's
// state shows (Runs, Run, the Trace's header, Compare's choices) reads it from here.
import type { PendingApproval, RunStatus } from "../contract/index.ts";
import { currentStop, type RunView, type StudioData } from "../store/index.ts";

/** A run's status, with the two live states the summary cannot tell apart from "running". */
export type RunState = RunStatus | "waiting" | "paused";

/**
 * The state of `run`, given the studio's inbox.
 *
 * @example
 * runState(run, [pending(run.summary.runId, "a1")]); // "waiting"
 */
export function runState(run: RunView, inbox: readonly Pick<PendingApproval, "runId">[]): RunState {
  const { status, runId } = run.summary;
  if (status !== "running") return status;
  if (inbox.some((a) => a.runId === runId)) return "waiting";
  const stop = currentStop(run);
  if (stop?.boundary === "approval") return "waiting";
  return stop ? "paused" : "running";
}

/** The ids of the runs with a pending approval (for labels of many runs at once). */
export function waitingRunIds(inbox: readonly Pick<PendingApproval, "runId">[]): ReadonlySet<string> {
  return new Set(inbox.map((a) => a.runId));
}

/** The state of the run with `runId` in the studio's data (undefined when it does not know it). */
export function runStateOf(data: Pick<StudioData, "runs" | "inbox">, runId: string | null | undefined): RunState | undefined {
  const run = runId ? data.runs[runId] : undefined;
  return run ? runState(run, data.inbox) : undefined;
}
