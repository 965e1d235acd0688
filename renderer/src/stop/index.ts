// Public surface of stop/: the "Stopped at" region and how a stop reads.
export { StopPanel } from "./StopPanel.tsx";
export { boundaryLabel, reasonLabel, stopNodeId } from "./stop-labels.ts";
