// What a run spent: a finished run's is the engine's result (its summary); a live one's is what its
// trace has spent so far by the trace's own rule (the engine's fold: each model call once, less
// the calls answered from a record — a replay, a fork's calls before the fork point, a resume's —
// which are in the tree with their recorded usage but cost nothing this time).
import type { Cost, Usage } from "../contract/index.ts";
import type { RunView } from "../store/index.ts";

export function runUsage(view: RunView): Usage {
  if (view.summary.status !== "running" || !view.trace.root) return view.summary.usage;
  return view.trace.spent.usage;
}

/** A summary from a host without prices has no cost, and neither may the trace: undefined then. */
export function runCost(view: RunView): Cost | undefined {
  const summary: Cost | undefined = view.summary.cost;
  const root = view.trace.root;
  if (view.summary.status !== "running") return summary ?? root?.cost;
  return root?.cost ? view.trace.spent.cost : summary;
}
