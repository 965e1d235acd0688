// Public surface of run-state/: a run's state in words ("waiting for approval", "paused"), derived once.
export { runState, runStateOf, waitingRunIds } from "./run-state.ts";
export type { RunState } from "./run-state.ts";
export { useRunState } from "./use-run-state.ts";
import "./run-state.css";
