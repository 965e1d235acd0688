// Taking a part out of a roll-up (TraceNode.cost, TraceNode.usage): a step's own figures are its
// total less its nested steps'. What a run spent (its calls answered from a record cost nothing)
// is the engine's fold's (RunTrace.spent), not worked out here. How a cost reads is ui/format.ts's
// (formatUsd, costText, formatCost), the one way across the studio.
import type { Cost, Usage } from "../contract/index.ts";

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
