// What a model call was asked, as the trace and a stop show it: the tools offered and the settings
// the agent set (not the prompt, which each shows from its message offset).
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";

const SETTINGS = ["maxOutputTokens", "temperature", "topP", "topK", "seed", "presencePenalty", "frequencyPenalty", "stopSequences", "toolChoice", "responseFormat"] as const;

/** The call's settings that were set, by name. */
export function settingsOf(options: LanguageModelV4CallOptions): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const key of SETTINGS) {
    const value = (options as Record<string, unknown>)[key];
    if (value !== undefined) settings[key] = value;
  }
  return settings;
}

/** The names of the tools offered, sorted. */
export function toolNames(options: LanguageModelV4CallOptions): string[] {
  return (options.tools ?? []).map((t) => t.name).sort();
}
