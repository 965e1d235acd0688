// `openai(modelId)`: an OpenAI model from the official `@ai-sdk/openai` provider (the Responses
// API), whose API key is checked when it is first called rather than when it is created.
import { createOpenAI } from "@ai-sdk/openai";
import type { OpenAIProvider } from "@ai-sdk/openai";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { requireApiKey, withApiKeyCheck } from "./api-key.ts";

/** An OpenAI model id; known ids autocomplete, any string is accepted. */
export type OpenAIModelId = Parameters<OpenAIProvider>[0];

/** Settings of `openai`. */
export interface OpenAISettings {
  /** Defaults to `OPENAI_BASE_URL` from the environment (read when the model is created), else https://api.openai.com/v1. */
  baseURL?: string;
  /** Defaults to `OPENAI_API_KEY` from the environment, read at each call. */
  apiKey?: string;
  organization?: string;
  project?: string;
  /** Extra HTTP headers on every request. */
  headers?: Record<string, string>;
}

/**
 * An OpenAI model for an agent. Creating it never fails for a missing key (workflows are
 * inspected offline); calling it without `apiKey` or `OPENAI_API_KEY` fails with
 * `JUNE_MISSING_API_KEY` before any request is made.
 *
 * @example
 * const model = openai("gpt-4.1");
 * const local = openai("gpt-4.1", { baseURL: "http://127.0.0.1:8080/v1", apiKey: "test" });
 */
export function openai(modelId: OpenAIModelId, settings: OpenAISettings = {}): LanguageModelV4 {
  const source = { model: `openai(${JSON.stringify(modelId)})`, envVar: "OPENAI_API_KEY", apiKey: settings.apiKey };
  const provider = createOpenAI({
    baseURL: settings.baseURL,
    // Resolved per request, by the same rule as the check in front of the model.
    apiKey: () => requireApiKey(source),
    organization: settings.organization,
    project: settings.project,
    headers: settings.headers,
  });
  return withApiKeyCheck(provider(modelId), source);
}
