// Token usage for the scripted model: deterministic defaults counted from the words a call
// reads and writes, so samples and tests see plausible, repeatable, never-zero numbers.
import type {
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";

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
 *   reasoning, tool-call inputs as JSON, tool results as text or JSON, denial reasons);
 * - reasoning tokens: the words of the response's `reasoning` (0 without one);
 * - output tokens: the words of the response's text and tool inputs (JSON), plus reasoning;
 * - cached input tokens: 0.
 *
 * @example
 * scriptedUsage(prompt, { text: "two words", reasoning: "", toolInputs: [] }, {}).outputTokens.total; // 2
 */
export function scriptedUsage(
  prompt: LanguageModelV4Prompt,
  output: ScriptedOutputText,
  stated: ScriptedUsage = {},
): LanguageModelV4Usage {
  const input = stated.inputTokens ?? Math.max(1, countWords(promptText(prompt)));
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

function promptText(prompt: LanguageModelV4Prompt): string {
  const texts: string[] = [];
  for (const message of prompt) {
    if (message.role === "system") {
      texts.push(message.content);
      continue;
    }
    for (const part of message.content) {
      if (part.type === "text" || part.type === "reasoning") texts.push(part.text);
      else if (part.type === "tool-call") texts.push(JSON.stringify(part.input) ?? "");
      else if (part.type === "tool-result") texts.push(toolOutputText(part.output));
    }
  }
  return texts.join("\n");
}

function toolOutputText(output: LanguageModelV4ToolResultOutput): string {
  switch (output.type) {
    case "text":
    case "error-text":
      return output.value;
    case "json":
    case "error-json":
      return JSON.stringify(output.value);
    case "execution-denied":
      return output.reason ?? "";
    case "content":
      return output.value.map((part) => (part.type === "text" ? part.text : "")).join("\n");
  }
}
