// Public surface of run-figures/: what a run and each of its steps used and cost, read from its
// trace and summary. The Token usage region, the comparison of two runs, the run list and the Run
// region all show these figures; none of them owns them.
export { stepsOf, stepLabel } from "./steps.ts";
export type { RunStep } from "./steps.ts";
export { runUsage, runCost, sameRunFigures, sameRunRow } from "./run-totals.ts";
