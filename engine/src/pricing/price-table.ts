// June's default prices for common OpenAI and Anthropic models, in US dollars per million
// tokens, from the providers' public price pages (checked 2026-11). A project overrides or adds
// entries with `prices` in june.config.ts; a model not listed is shown as unpriced, never guessed.
import type { PriceTable } from "./types.ts";

export const defaultPrices: PriceTable = {
  // OpenAI
  "openai:gpt-5": { input: 1.25, cachedInput: 0.125, output: 10 },
  "openai:gpt-5-mini": { input: 0.25, cachedInput: 0.025, output: 2 },
  "openai:gpt-5-nano": { input: 0.05, cachedInput: 0.005, output: 0.4 },
  "openai:gpt-4.1": { input: 2, cachedInput: 0.5, output: 8 },
  "openai:gpt-4.1-mini": { input: 0.4, cachedInput: 0.1, output: 1.6 },
  "openai:gpt-4.1-nano": { input: 0.1, cachedInput: 0.025, output: 0.4 },
  "openai:gpt-4o": { input: 2.5, cachedInput: 1.25, output: 10 },
  "openai:gpt-4o-mini": { input: 0.15, cachedInput: 0.075, output: 0.6 },
  "openai:o3": { input: 2, cachedInput: 0.5, output: 8 },
  "openai:o4-mini": { input: 1.1, cachedInput: 0.275, output: 4.4 },
  // Anthropic, the 5.x generation (checked 2026-12; cache reads as listed, no longer a tenth of
  // input). Haiku 5.5 is priced in bands by prompt length; this is its band up to 100k tokens.
  "anthropic:claude-fable-5-2": { input: 8, cachedInput: 0.2, output: 40 },
  "anthropic:claude-fable-5-1": { input: 10, cachedInput: 1, output: 50 },
  "anthropic:claude-fable-5": { input: 10, cachedInput: 1, output: 50 },
  "anthropic:claude-opus-5-5": { input: 4, cachedInput: 0.2, output: 20 },
  "anthropic:claude-opus-5": { input: 5, cachedInput: 0.5, output: 25 },
  "anthropic:claude-sonnet-5-5": { input: 2, cachedInput: 0.1, output: 10 },
  "anthropic:claude-sonnet-5": { input: 2, cachedInput: 0.2, output: 10 },
  "anthropic:claude-haiku-5-5": { input: 0.1, cachedInput: 0.01, output: 0.5 },
  // Anthropic, earlier (cache reads at a tenth of input)
  "anthropic:claude-opus-4-5": { input: 5, cachedInput: 0.5, output: 25 },
  "anthropic:claude-opus-4-1": { input: 15, cachedInput: 1.5, output: 75 },
  "anthropic:claude-opus-4": { input: 15, cachedInput: 1.5, output: 75 },
  "anthropic:claude-sonnet-4-5": { input: 3, cachedInput: 0.3, output: 15 },
  "anthropic:claude-sonnet-4": { input: 3, cachedInput: 0.3, output: 15 },
  "anthropic:claude-3-7-sonnet": { input: 3, cachedInput: 0.3, output: 15 },
  "anthropic:claude-haiku-4-5": { input: 1, cachedInput: 0.1, output: 5 },
  "anthropic:claude-3-5-haiku": { input: 0.8, cachedInput: 0.08, output: 4 },
};
