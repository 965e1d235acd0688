// Public surface of usage/ beyond its region (app/ mounts UsagePanel.tsx): a run's steps with
// their own tokens and cost, a run's totals, and how a cost reads.
export { stepsOf, stepLabel } from "./steps.ts";
export type { RunStep } from "./steps.ts";
export { runUsage, runCost } from "./run-totals.ts";
