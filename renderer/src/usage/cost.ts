// What model calls cost, as the studio shows it: dollars from the trace's roll-up (TraceNode.cost,
// RunSummary.cost), never guessed — a call whose model has no price is counted and said so.
import type { TraceNode, Usage } from "../contract/index.ts";

/** `{ usd, unpricedCalls }`, as the engine rolls it up (model call → step → agent → run). */
export type Cost = NonNullable<TraceNode["cost"]>;

// One way to write dollars across the studio: ui/format.ts.
export { costText as formatCost, formatCost as costLine, formatUsd, type CostText } from "../ui/format.ts";

/** `a − b`, for a step's own cost (its total less its nested steps'); unknown stays unknown. */
export function subtractCost(a: Cost | undefined, b: Cost | undefined): Cost | undefined {
  if (!a) return undefined;
  if (!b) return a;
  // Sums of floats: a difference of a few ulps is zero, not -0.0000000001.
  const usd = a.usd - b.usd;
  return { usd: Math.abs(usd) < 1e-12 ? 0 : usd, unpricedCalls: a.unpricedCalls - b.unpricedCalls };
}

/** `a − b`, token by token. */
export function subtractUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens - b.inputTokens,
    outputTokens: a.outputTokens - b.outputTokens,
    reasoningTokens: a.reasoningTokens - b.reasoningTokens,
    cachedInputTokens: a.cachedInputTokens - b.cachedInputTokens,
    totalTokens: a.totalTokens - b.totalTokens,
  };
}
