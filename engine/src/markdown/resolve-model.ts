// `provider:model` references → AI SDK models. Built in: `anthropic:` and `openai:` through June's
// own helpers (their API keys are checked at the first call, so resolving never needs one).
import type { LanguageModel } from "ai";
import { isJuneError, type JuneErrorCode } from "../errors/index.ts";
import { anthropic } from "../sdk/anthropic.ts";
import { openai } from "../sdk/openai.ts";
import type { MarkdownContext } from "./context.ts";

/** The providers a model reference may name when the context brings no `resolveModel`. */
export const MODEL_PROVIDERS: Readonly<Record<string, (modelId: string) => LanguageModel>> = Object.freeze({
  anthropic: (modelId: string) => anthropic(modelId),
  openai: (modelId: string) => openai(modelId),
});

export type ResolvedModel = { ok: true; model: LanguageModel } | { ok: false; code: JuneErrorCode; message: string };

/**
 * One reference → a model: through `context.resolveModel` when given, else the built-in providers.
 *
 * @example
 * resolveModelRef("anthropic:claude-haiku-4-5-20251001"); // { ok: true, model: anthropic("claude-haiku-4-5-20251001") }
 * resolveModelRef("mistral:large"); // { ok: false, code: "JUNE_UNKNOWN_MODEL_PROVIDER", … }
 */
export function resolveModelRef(ref: string, context: MarkdownContext = {}): ResolvedModel {
  if (context.resolveModel) {
    try {
      return { ok: true, model: context.resolveModel(ref) };
    } catch (error) {
      return {
        ok: false,
        code: isJuneError(error) ? error.code : "JUNE_AGENT_FIELD_INVALID",
        message: `the model ${JSON.stringify(ref)} could not be resolved: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  const colon = ref.indexOf(":");
  const provider = ref.slice(0, colon);
  const make = Object.hasOwn(MODEL_PROVIDERS, provider) ? MODEL_PROVIDERS[provider] : undefined;
  if (colon <= 0 || !make) {
    return {
      ok: false,
      code: "JUNE_UNKNOWN_MODEL_PROVIDER",
      message:
        `the model ${JSON.stringify(ref)} names the provider ${JSON.stringify(provider)}, which June doesn't know. ` +
        `Supported providers: ${Object.keys(MODEL_PROVIDERS).join(", ")} (write e.g. "openai:gpt-5-mini")`,
    };
  }
  return { ok: true, model: make(ref.slice(colon + 1)) };
}
