// `anthropic(modelId)`: an Anthropic model from the official `@ai-sdk/anthropic` provider, whose
// API key is checked when it is first called rather than when it is created.
import { createAnthropic } from "@ai-sdk/anthropic";
import type { AnthropicProvider } from "@ai-sdk/anthropic";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { withApiKeyCheck } from "./api-key.ts";

/** An Anthropic model id; known ids autocomplete, any string is accepted. */
export type AnthropicModelId = Parameters<AnthropicProvider>[0];

/** Settings of `anthropic`. */
export interface AnthropicSettings {
  /** Defaults to `ANTHROPIC_BASE_URL` from the environment (read when the model is created), else https://api.anthropic.com/v1. */
  baseURL?: string;
  /** Defaults to `ANTHROPIC_API_KEY` from the environment, read at each call. */
  apiKey?: string;
  /** Extra HTTP headers on every request. */
  headers?: Record<string, string>;
}

/**
 * An Anthropic model for an agent. Creating it never fails for a missing key (workflows are
 * inspected offline); calling it without `apiKey` or `ANTHROPIC_API_KEY` fails with
 * `JUNE_MISSING_API_KEY` before any request is made.
 *
 * @example
 * const model = anthropic("claude-sonnet-4-5");
 */
export function anthropic(modelId: AnthropicModelId, settings: AnthropicSettings = {}): LanguageModelV4 {
  // Without an explicit key the provider reads ANTHROPIC_API_KEY itself at each request.
  const provider = createAnthropic({ baseURL: settings.baseURL, apiKey: settings.apiKey, headers: settings.headers });
  return withApiKeyCheck(provider(modelId), {
    model: `anthropic(${JSON.stringify(modelId)})`,
    envVar: "ANTHROPIC_API_KEY",
    apiKey: settings.apiKey,
  });
}
