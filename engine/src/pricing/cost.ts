// What a model call cost: its tokens at its model's price.
import type { Usage } from "../trace/index.ts";
import type { ModelPrice, PriceTable } from "./types.ts";

// Providers' ids as the AI SDK reports them ("openai.responses", "anthropic.messages") → the
// table's prefix.
function providerKey(provider: string): string {
  return provider.split(".")[0]!.toLowerCase();
}

/** A dated snapshot's base id: `claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`, `gpt-4o-2024-08-06` → `gpt-4o`. */
function undated(modelId: string): string {
  return modelId.replace(/-(\d{8}|\d{4}-\d{2}-\d{2})$/, "").replace(/-latest$/, "");
}

/**
 * The price of `modelId` from `provider` in `table`: the provider-qualified entry first, then
 * the bare id, each also for the snapshot's base id. Undefined when the table has none.
 *
 * @example
 * priceOf(defaultPrices, "openai.responses", "gpt-5-mini"); // { input: 0.25, cachedInput: 0.025, output: 2 }
 */
export function priceOf(table: PriceTable, provider: string, modelId: string): ModelPrice | undefined {
  const key = providerKey(provider);
  for (const id of [modelId, undated(modelId)]) {
    const price = table[`${key}:${id}`] ?? table[id];
    if (price) return price;
  }
  return undefined;
}

/**
 * Dollars for `usage` at `price`: uncached input, cached input and output (reasoning is part of
 * output) per million tokens.
 *
 * @example
 * costOf({ inputTokens: 1000, cachedInputTokens: 0, outputTokens: 500, reasoningTokens: 0, totalTokens: 1500 }, { input: 1, output: 2 }); // 0.002
 */
export function costOf(usage: Usage, price: ModelPrice): number {
  const cached = Math.min(usage.cachedInputTokens, usage.inputTokens);
  const uncached = usage.inputTokens - cached;
  return (uncached * price.input + cached * (price.cachedInput ?? price.input) + usage.outputTokens * price.output) / 1_000_000;
}
