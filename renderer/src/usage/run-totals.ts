// A run's tokens and cost: a finished run's are the engine's result (its summary); a live one's
// are what its trace has added up so far.
import type { Usage } from "../contract/index.ts";
import type { RunView } from "../store/index.ts";
import type { Cost } from "./cost.ts";

export function runUsage(view: RunView): Usage {
  if (view.summary.status !== "running") return view.summary.usage;
  return view.trace.root?.usage ?? view.summary.usage;
}

/** A summary from a host without prices has no cost, and neither may the trace: undefined then. */
export function runCost(view: RunView): Cost | undefined {
  const summary = (view.summary as { cost?: Cost }).cost;
  if (view.summary.status !== "running") return summary ?? view.trace.root?.cost;
  return view.trace.root?.cost ?? summary;
}
