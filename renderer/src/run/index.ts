// Public surface of run/: the Run region, what its controls do (for the command palette), and the
// request that puts the focus in a new run's trace.
export { RunPanel } from "./RunPanel.tsx";
export { performDebugAction } from "./debug-commands.ts";
export { useTraceFocus, focusStillAt } from "./trace-focus.ts";
