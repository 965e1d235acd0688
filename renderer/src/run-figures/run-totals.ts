// What a run spent: a finished run's is the engine's result (its summary); a live one's is what its
// trace has spent so far by the trace's own rule (the engine's fold: each model call once, less
// the calls answered from a record — a replay, a fork's calls before the fork point, a resume's —
// which are in the tree with their recorded usage but cost nothing this time).
import type { Cost, Usage } from "../contract/index.ts";
import type { RunView } from "../store/index.ts";
import { sameCost, sameUsage } from "../trace/index.ts";

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

/**
 * Whether two views of a run read the same in a list of runs: the same summary and the same
 * figures. A streaming run's trace changes with every batch while its row does not: the Runs list,
 * the Run region's list and the per-run usage table redraw only the rows whose figures moved
 * (with 50 runs streaming, redrawing all 50 every frame was most of the page's script time).
 */
export function sameRunFigures(a: RunView, b: RunView): boolean {
  return a === b || (a.summary === b.summary && sameUsage(runUsage(a), runUsage(b)) && sameCost(runCost(a), runCost(b)));
}

/**
 * React.memo's comparison for a row of a list of runs: every prop the same, and the run reading
 * the same (sameRunFigures) — its parent passes stable callbacks.
 */
export function sameRunRow<P extends { run: RunView }>(a: P, b: P): boolean {
  const keys = Object.keys(b) as (keyof P)[];
  if (keys.length !== Object.keys(a).length) return false;
  for (const key of keys) if (key !== "run" && a[key] !== b[key]) return false;
  return sameRunFigures(a.run, b.run);
}
