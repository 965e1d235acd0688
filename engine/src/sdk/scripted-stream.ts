// The scripted model's `doStream`: one turn as the stream parts a real provider sends, with text
// cut at word boundaries so a consumer (the studio) sees it arrive in pieces.
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { abortError } from "./abort-error.ts";
import type { ScriptedTurn } from "./scripted-response.ts";

/**
 * `text` cut before each word that follows whitespace; the pieces join back to `text` exactly.
 *
 * @example
 * wordChunks("Hello big world"); // ["Hello ", "big ", "world"]
 */
export function wordChunks(text: string): string[] {
  return text === "" ? [] : text.split(/(?<=\s)(?=\S)/u);
}

/**
 * The stream parts for `turn`, in the order a provider sends them: `stream-start`,
 * `response-metadata`, reasoning, text deltas, each tool call's input then the call, `finish`.
 *
 * @example
 * turnStreamParts(turn, "scripted").map((part) => part.type);
 * // ["stream-start", "response-metadata", "text-start", "text-delta", "text-delta", "text-end", "finish"]
 */
export function turnStreamParts(turn: ScriptedTurn, modelId: string): LanguageModelV4StreamPart[] {
  const n = turn.callIndex;
  const parts: LanguageModelV4StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: `scripted-${n}`, modelId },
  ];
  if (turn.reasoning !== "") {
    const id = `reasoning-${n}`;
    parts.push({ type: "reasoning-start", id });
    for (const delta of wordChunks(turn.reasoning)) parts.push({ type: "reasoning-delta", id, delta });
    parts.push({ type: "reasoning-end", id });
  }
  if (turn.text !== "") {
    const id = `text-${n}`;
    parts.push({ type: "text-start", id });
    for (const delta of wordChunks(turn.text)) parts.push({ type: "text-delta", id, delta });
    parts.push({ type: "text-end", id });
  }
  for (const call of turn.toolCalls) {
    parts.push({ type: "tool-input-start", id: call.toolCallId, toolName: call.toolName });
    parts.push({ type: "tool-input-delta", id: call.toolCallId, delta: call.input });
    parts.push({ type: "tool-input-end", id: call.toolCallId });
    parts.push({ type: "tool-call", ...call });
  }
  parts.push({ type: "finish", usage: turn.usage, finishReason: turn.finishReason });
  return parts;
}

/**
 * A stream that hands out `parts` one per read and errors with an AbortError at the first read
 * after `signal` aborts, the way a provider's HTTP stream stops mid-response.
 *
 * @example
 * const stream = partStream(turnStreamParts(turn, "scripted"), options.abortSignal, "scripted call 1");
 */
export function partStream(
  parts: LanguageModelV4StreamPart[],
  signal: AbortSignal | undefined,
  what: string,
): ReadableStream<LanguageModelV4StreamPart> {
  let next = 0;
  return new ReadableStream<LanguageModelV4StreamPart>(
    {
      pull(controller) {
        if (signal?.aborted) {
          controller.error(abortError(signal, what));
          return;
        }
        const part = parts[next++];
        if (part === undefined) controller.close();
        else controller.enqueue(part);
      },
    },
    // Pull only on demand, so an abort between reads is seen before the next part goes out.
    { highWaterMark: 0 },
  );
}
