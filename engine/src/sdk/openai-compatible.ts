// `openaiCompatible({ baseURL, model })`: a model behind any server that speaks OpenAI's Chat
// Completions API (Ollama, LM Studio, vLLM, llama.cpp server), from the official
// `@ai-sdk/openai-compatible` provider. A key is optional unless `apiKeyEnv` names one.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { withApiKeyCheck } from "./api-key.ts";

/** Settings of `openaiCompatible`. */
export interface OpenAICompatibleSettings {
  /** The server's API root, e.g. `http://127.0.0.1:11434/v1` for Ollama. */
  baseURL: string;
  /** The model id as the server knows it, e.g. `llama3.2`. */
  model: string;
  /** Provider name reported as `<name>.chat`. Defaults to "openai-compatible". */
  name?: string;
  /** An environment variable holding the key; when given, a call without it fails. */
  apiKeyEnv?: string;
  /** A key to send as a bearer token; wins over `apiKeyEnv`. */
  apiKey?: string;
  /** Extra HTTP headers on every request. */
  headers?: Record<string, string>;
}

/**
 * A model served by an OpenAI-compatible server. Without `apiKey` and `apiKeyEnv` it sends no
 * key (local servers need none); with `apiKeyEnv`, calling it while that variable is unset fails
 * with `JUNE_MISSING_API_KEY` before any request is made. Streaming asks the server for usage.
 *
 * @example
 * const model = openaiCompatible({ baseURL: "http://127.0.0.1:11434/v1", model: "llama3.2" });
 * const hosted = openaiCompatible({ baseURL: "https://api.together.xyz/v1", model: "meta-llama/Llama-3-70b", apiKeyEnv: "TOGETHER_API_KEY" });
 */
export function openaiCompatible(settings: OpenAICompatibleSettings): LanguageModelV4 {
  const envVar = settings.apiKeyEnv;
  const provider = createOpenAICompatible({
    baseURL: settings.baseURL,
    name: settings.name ?? "openai-compatible",
    // An empty key makes the provider send no Authorization header, which local servers expect.
    apiKey: () => settings.apiKey ?? (envVar === undefined ? undefined : process.env[envVar]) ?? "",
    headers: settings.headers,
    includeUsage: true,
  });
  const model = provider(settings.model);
  if (settings.apiKey !== undefined || envVar === undefined) return model;
  return withApiKeyCheck(model, { model: `openaiCompatible({ model: ${JSON.stringify(settings.model)} })`, envVar });
}
