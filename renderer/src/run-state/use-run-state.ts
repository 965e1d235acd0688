// The React side of run-state.ts: a run's state, re-rendering only when it changes.
import { useStudio } from "../store/index.ts";
import { runStateOf, type RunState } from "./run-state.ts";

/** The state of the run with `runId` (undefined when the studio does not know it). */
export function useRunState(runId: string | null | undefined): RunState | undefined {
  return useStudio((s) => runStateOf(s, runId));
}
