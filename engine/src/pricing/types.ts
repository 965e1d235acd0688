// Prices of models, in US dollars per million tokens.

export interface ModelPrice {
  /** Input tokens not read from the cache. */
  input: number;
  output: number;
  /** Input tokens read from the provider's prompt cache; `input` when absent. */
  cachedInput?: number;
}

/**
 * Prices by model id (`"gpt-5-mini"`) or provider-qualified id (`"openai:gpt-5-mini"`); the
 * qualified entry wins. Dated snapshots (`claude-sonnet-4-5-20250929`) match their base id.
 */
export type PriceTable = Record<string, ModelPrice>;
