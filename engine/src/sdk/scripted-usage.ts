// Token usage for the scripted model: deterministic defaults counted from the words a call
// reads and writes, so samples and tests see plausible, repeatable, never-zero numbers.
import type { LanguageModelV4Prompt, LanguageModelV4Usage } from "@ai-sdk/provider";

/** Usage a scripted response may state; anything left out gets the word-count default. */
export interface ScriptedUsage {
  inputTokens?: number;
  outputTokens?: number;
  /** Part of `outputTokens`. */
  reasoningTokens?: number;
  /** Part of `inputTokens`, read from a prompt cache. */
  cachedInputTokens?: number;
}

/** What the model produced in one call, as far as counting goes. */
export interface ScriptedOutputText {
  text: string;
  reasoning: string;
  /** Tool inputs as the JSON strings the model sends. */
  toolInputs: string[];
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Number of words in `text`, a word being a run of letters or digits, so prose and JSON
 * count alike (`{"path":"a.txt"}` is three words).
 *
 * @example
 * countWords("Hello, world!"); // 2
 */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/**
 * The usage the scripted model reports for one call. Defaults, each at least 1 because a
 * real call never costs nothing:
 * - input tokens: the words of every text in the prompt (system text, user and assistant text,
 *   reasoning, tool-call inputs as JSON, tool results as text or JSON, denial reasons), as
 *   `countPromptWords` counts them (a `promptWordCounter`, which remembers across calls);
 * - reasoning tokens: the words of the response's `reasoning` (0 without one);
 * - output tokens: the words of the response's text and tool inputs (JSON), plus reasoning;
 * - cached input tokens: 0.
 *
 * @example
 * scriptedUsage(prompt, promptWordCounter(), { text: "two words", reasoning: "", toolInputs: [] }).outputTokens.total; // 2
 */
export function scriptedUsage(
  prompt: LanguageModelV4Prompt,
  countPromptWords: (prompt: LanguageModelV4Prompt) => number,
  output: ScriptedOutputText,
  stated: ScriptedUsage = {},
): LanguageModelV4Usage {
  const input = stated.inputTokens ?? Math.max(1, countPromptWords(prompt));
  const cached = Math.min(input, stated.cachedInputTokens ?? 0);
  const reasoningWords = countWords(output.reasoning);
  const written = countWords(output.text) + output.toolInputs.reduce((sum, json) => sum + countWords(json), 0);
  const total = stated.outputTokens ?? Math.max(1, written + reasoningWords);
  const reasoning = Math.min(total, stated.reasoningTokens ?? reasoningWords);
  return {
    inputTokens: { total: input, noCache: input - cached, cacheRead: cached, cacheWrite: 0 },
    outputTokens: { total, text: total - reasoning, reasoning },
  };
}
