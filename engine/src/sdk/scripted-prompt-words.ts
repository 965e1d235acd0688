// The scripted model's input-token default, counted once per piece of a prompt rather than once
// per call: a tool loop sends the whole conversation on every call, so counting it afresh each
// time made an n-call loop cost O(n²) words, most of a zero-latency run's CPU. The AI SDK
// rebuilds the prompt's messages and parts on every call, but (seen by experiment with ai@7,
// through generateText, streamText and June's run) passes the same texts and the same tool-call
// input and tool-result output objects, so those are what decide that a count can be reused.
import type { LanguageModelV4Message, LanguageModelV4Prompt, LanguageModelV4ToolResultOutput } from "@ai-sdk/provider";
import { countWords } from "./scripted-usage.ts";

/** The number of words in a prompt, by the rules of `scriptedUsage`. */
export type PromptWordCount = (prompt: LanguageModelV4Prompt) => number;

type Part = Exclude<LanguageModelV4Message["content"], string>[number];

/**
 * A prompt word counter for one model, remembering across its calls. Its answer is always the
 * words of the prompt's texts (system, text and reasoning parts, tool inputs as JSON, tool
 * results as text or JSON, denial reasons), the count the scripted model made before it
 * remembered, of those texts joined by newlines: a newline is no letter or digit, so no word
 * spans two texts and the count is the sum over messages and parts.
 *
 * - A message that counts what the previous call's message at its position counted (the same
 *   texts, the same tool input and result objects) keeps that message's count: a loop's growing
 *   prompt costs a comparison per earlier part.
 * - Any other message is counted, its tool inputs and results by what each counted when first
 *   seen, so conversations that share a model (parallel agents) do not reserialize them either.
 *   Like the AI SDK, it treats a tool input or result as a value that does not change afterwards.
 *
 * @example
 * const count = promptWordCounter();
 * count([{ role: "user", content: [{ type: "text", text: "Hi there" }] }]); // 2
 */
export function promptWordCounter(): PromptWordCount {
  const inputs = new WeakMap<object, number>();
  const outputs = new WeakMap<LanguageModelV4ToolResultOutput, number>();
  const partWords = (part: Part): number => {
    if (part.type === "text" || part.type === "reasoning") return countWords(part.text);
    if (part.type === "tool-call") return inputWords(part.input, inputs);
    if (part.type === "tool-result") return remembered(outputs, part.output, toolOutputWords);
    return 0;
  };
  const messageWords = (message: LanguageModelV4Message): number =>
    message.role === "system" ? countWords(message.content) : message.content.reduce((sum, part) => sum + partWords(part), 0);

  // Per message of the previous call, what its count was made from and the count: a snapshot,
  // so a caller that edits a message between calls is not answered from the old text.
  const seen: CountedValues[] = [];
  const seenWords: number[] = [];
  return (prompt) => {
    let words = 0;
    for (let i = 0; i < prompt.length; i++) {
      const message = prompt[i]!;
      const before = seen[i];
      if (before === undefined || !countsFrom(message, before)) {
        seen[i] = countedValues(message);
        seenWords[i] = messageWords(message);
      }
      words += seenWords[i]!;
    }
    seen.length = seenWords.length = prompt.length;
    return words;
  };
}

/**
 * What a message's words are counted from: a system text, or each part's type and counted value
 * (its text, tool input or tool result; undefined for parts that count nothing), in order.
 */
type CountedValues = string | unknown[];

function countedValues(message: LanguageModelV4Message): CountedValues {
  if (message.role === "system") return message.content;
  const values: unknown[] = [];
  for (const part of message.content) values.push(part.type, countedValue(part));
  return values;
}

/** True when `message` is counted from `values`: the same texts, the same tool input and result objects. */
function countsFrom(message: LanguageModelV4Message, values: CountedValues): boolean {
  if (message.role === "system" || typeof values === "string") return message.content === values;
  const parts = message.content;
  if (parts.length * 2 !== values.length) return false;
  for (let j = 0; j < parts.length; j++) {
    const part = parts[j]!;
    if (part.type !== values[2 * j] || countedValue(part) !== values[2 * j + 1]) return false;
  }
  return true;
}

/** What a part's words are counted from (compared by identity for objects), or undefined. */
function countedValue(part: Part): unknown {
  switch (part.type) {
    case "text":
    case "reasoning":
      return part.text;
    case "tool-call":
      return part.input;
    case "tool-result":
      return part.output;
    default:
      return undefined;
  }
}

function inputWords(input: unknown, known: WeakMap<object, number>): number {
  // An input that is no object (a raw string the SDK could not parse) cannot key a WeakMap and
  // is rare; it is counted each time.
  if (typeof input !== "object" || input === null) return jsonWords(input);
  return remembered(known, input, jsonWords);
}

function remembered<K extends object>(known: WeakMap<K, number>, key: K, count: (key: K) => number): number {
  let words = known.get(key);
  if (words === undefined) {
    words = count(key);
    known.set(key, words);
  }
  return words;
}

function jsonWords(value: unknown): number {
  return countWords(JSON.stringify(value) ?? "");
}

function toolOutputWords(output: LanguageModelV4ToolResultOutput): number {
  switch (output.type) {
    case "text":
    case "error-text":
      return countWords(output.value);
    case "json":
    case "error-json":
      return jsonWords(output.value);
    case "execution-denied":
      return countWords(output.reason ?? "");
    case "content":
      return output.value.reduce((sum, part) => sum + (part.type === "text" ? countWords(part.text) : 0), 0);
  }
}
