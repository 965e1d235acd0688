// API keys for the provider helpers: looked up when a model is first called, not when it is
// created, so a workflow can be loaded and inspected offline and a missing key fails the run
// with a message that names the variable to set.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { JuneError } from "../errors/index.ts";

/** Where a model's key comes from, and how the user wrote the model (for the message). */
export interface ApiKeySource {
  /** The model as written, e.g. `openai("gpt-4.1")`. */
  model: string;
  /** The environment variable read when no key is given in the settings. */
  envVar: string;
  /** A key from the settings; wins over the environment. */
  apiKey?: string | undefined;
}

/** Where a checked model keeps its ApiKeySource (Symbol.for: a model made by another bundled copy of the engine is still read). */
const API_KEY_SOURCE = Symbol.for("june.api-key-source");

/**
 * The key from the settings, else from the environment (`env`, default process.env: where a run
 * reads it); empty or blank counts as missing.
 *
 * @example
 * findApiKey({ model: 'openai("gpt-4.1")', envVar: "OPENAI_API_KEY" }); // process.env.OPENAI_API_KEY
 */
export function findApiKey(source: ApiKeySource, env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  for (const key of [source.apiKey, env[source.envVar]]) {
    if (key !== undefined && key.trim() !== "") return key;
  }
  return undefined;
}

/**
 * The key, or a `JUNE_MISSING_API_KEY` error naming the variable and how to set it.
 *
 * @example
 * const key = requireApiKey({ model: 'anthropic("claude-sonnet-4-5")', envVar: "ANTHROPIC_API_KEY" });
 */
export function requireApiKey(source: ApiKeySource): string {
  const key = findApiKey(source);
  if (key !== undefined) return key;
  throw new JuneError(
    "JUNE_MISSING_API_KEY",
    `june: ${source.model} needs an API key, but the environment variable ${source.envVar} is not set. ` +
      `Set it where June runs (e.g. \`export ${source.envVar}=...\` in the shell that starts it), ` +
      "or pass `apiKey` in the model's settings.",
  );
}

/**
 * `model` with the key check in front of each call: calling it without a key fails with
 * `JUNE_MISSING_API_KEY` before any request is made; otherwise it is `model` itself (same
 * `provider`, `modelId`, `supportedUrls`, results).
 *
 * @example
 * return withApiKeyCheck(createOpenAI()(modelId), { model: `openai("${modelId}")`, envVar: "OPENAI_API_KEY" });
 */
export function withApiKeyCheck(model: LanguageModelV4, source: ApiKeySource): LanguageModelV4 {
  const checked: LanguageModelV4 = {
    specificationVersion: "v4",
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return model.supportedUrls;
    },
    async doGenerate(options) {
      requireApiKey(source);
      return model.doGenerate(options);
    },
    async doStream(options) {
      requireApiKey(source);
      return model.doStream(options);
    },
  };
  // Not enumerable: a model is data nowhere, but a loader asks before any run which key it needs.
  Object.defineProperty(checked, API_KEY_SOURCE, { value: source });
  return checked;
}

/**
 * Where a model made by June's provider helpers takes its key from; undefined for a model that
 * needs none (`scripted`, `openaiCompatible` without `apiKeyEnv`) or that June didn't make.
 *
 * @example
 * apiKeySource(openai("gpt-5")); // { model: 'openai("gpt-5")', envVar: "OPENAI_API_KEY", apiKey: undefined }
 */
export function apiKeySource(model: unknown): ApiKeySource | undefined {
  if (typeof model !== "object" || model === null) return undefined;
  const source = (model as { [API_KEY_SOURCE]?: unknown })[API_KEY_SOURCE];
  return typeof source === "object" && source !== null && typeof (source as ApiKeySource).envVar === "string" ? (source as ApiKeySource) : undefined;
}
