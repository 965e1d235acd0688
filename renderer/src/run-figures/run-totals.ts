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

/** The same five token counts (a trace batch makes a new Usage for a node whose text grew). */
export function sameUsage(a: Usage, b: Usage): boolean {
  return (
    a.inputTokens === b.inputTokens &&
    a.outputTokens === b.outputTokens &&
    a.reasoningTokens === b.reasoningTokens &&
    a.cachedInputTokens === b.cachedInputTokens &&
    a.totalTokens === b.totalTokens
  );
}

export function sameCost(a: Cost | undefined, b: Cost | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.usd === b.usd && a.unpricedCalls === b.unpricedCalls);
}

/**
 * Whether two views of a run read the same in a list of runs: the same summary and the same
 * figures. A streaming run's trace changes with every batch while its row does not: the Runs list,
 * the Run region's list and the per-run usage table redraw only the rows whose figures moved
 * (with 50 runs streaming, redrawing all 50 every frame was most of the page's script time).
 */
export function sameRunFigures(a: RunView, b: RunView): boolean {
  return a === b || (a.summary === b.summary && sameUsage(runUsage(a), runUsage(b)) && sameCost(runCost(a), runCost(b)));
}
