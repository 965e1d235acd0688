// Public surface of usage/: the Token usage region (app/ mounts it). A run's figures (its steps,
// totals and costs), which the region shows, are run-figures/'s.
export { UsagePanel } from "./UsagePanel.tsx";
