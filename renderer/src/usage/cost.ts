// What model calls cost, as the studio shows it: dollars from the trace's roll-up (TraceNode.cost,
// RunSummary.cost), never guessed — a call whose model has no price is counted and said so.
import type { TraceNode } from "../contract/index.ts";

/** `{ usd, unpricedCalls }`, as the engine rolls it up (model call → step → agent → run). */
export type Cost = NonNullable<TraceNode["cost"]>;

export interface CostText {
  /** `$0.0123`, `<$0.0001`, `$1.25`, `$0.00`, or `—` when nothing is known. */
  text: string;
  /** Why the figure is missing or partial: `2 calls without a price`, `no price information`. */
  note?: string;
}

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Dollars: four decimals below a dollar (model calls cost fractions of a cent), cents above.
 *
 * @example
 * formatUsd(0.012345); // "$0.0123"
 * formatUsd(0.00001); // "<$0.0001"
 * formatUsd(1234.5); // "$1,234.50"
 */
export function formatUsd(usd: number): string {
  if (!Number.isFinite(usd)) return "—";
  if (usd === 0) return "$0.00";
  if (usd < 0) return `-${formatUsd(-usd)}`;
  if (usd < 0.0001) return "<$0.0001";
  if (usd < 1) return `$${usd.toFixed(4)}`;
  return dollars.format(usd);
}

/**
 * A cost as text and, when the figure is missing or partial, a note saying why. No cost at all
 * (a trace without prices, a node no model call has reported to yet) is "—".
 *
 * @example
 * formatCost({ usd: 0.0123, unpricedCalls: 0 }); // { text: "$0.0123" }
 * formatCost({ usd: 0, unpricedCalls: 2 }); // { text: "—", note: "2 calls without a price" }
 * formatCost({ usd: 0.5, unpricedCalls: 1 }); // { text: "$0.5000", note: "+ 1 call without a price" }
 */
export function formatCost(cost: Cost | undefined): CostText {
  if (!cost) return { text: "—", note: "no price information" };
  const unpriced = cost.unpricedCalls > 0 ? `${cost.unpricedCalls} ${cost.unpricedCalls === 1 ? "call" : "calls"} without a price` : undefined;
  if (cost.usd === 0 && unpriced) return { text: "—", note: unpriced };
  return unpriced ? { text: formatUsd(cost.usd), note: `+ ${unpriced}` } : { text: formatUsd(cost.usd) };
}

/** One line: `$0.0123`, `— (2 calls without a price)`. */
export function costLine(cost: Cost | undefined): string {
  const { text, note } = formatCost(cost);
  return note && cost ? `${text} (${note})` : text;
}

/** `a − b`, for a step's own cost (its total less its nested steps'); unknown stays unknown. */
export function subtractCost(a: Cost | undefined, b: Cost | undefined): Cost | undefined {
  if (!a) return undefined;
  if (!b) return a;
  // Sums of floats: a difference of a few ulps is zero, not -0.0000000001.
  const usd = a.usd - b.usd;
  return { usd: Math.abs(usd) < 1e-12 ? 0 : usd, unpricedCalls: a.unpricedCalls - b.unpricedCalls };
}
