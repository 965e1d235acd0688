// What a run spent: a finished run's is the engine's result (its summary); a live one's is what its
// trace has added up so far, less the model calls answered from a record (a replay, a fork's calls
// before the fork point, a resume's) — they are in the trace with their recorded usage, but cost
// nothing this time, as the summary counts them once the run ends.
import type { Cost, Usage } from "../contract/index.ts";
import type { RunView } from "../store/index.ts";
import { subtractCost, subtractUsage } from "./cost.ts";

export function runUsage(view: RunView): Usage {
  const root = view.trace.root;
  if (view.summary.status !== "running" || !root) return view.summary.usage;
  let usage = root.usage;
  for (const call of replayedCalls(view)) usage = subtractUsage(usage, call.usage);
  return usage;
}

/** A summary from a host without prices has no cost, and neither may the trace: undefined then. */
export function runCost(view: RunView): Cost | undefined {
  const summary: Cost | undefined = view.summary.cost;
  const root = view.trace.root;
  if (view.summary.status !== "running") return summary ?? root?.cost;
  if (!root?.cost) return summary;
  let cost: Cost | undefined = root.cost;
  for (const call of replayedCalls(view)) cost = subtractCost(cost, call.cost);
  return cost;
}

function replayedCalls(view: RunView) {
  return [...view.trace.replayed.keys()].flatMap((id) => {
    const node = view.trace.nodes.get(id);
    return node?.kind === "model-call" ? [node] : [];
  });
}
