// Test support: values nested far deeper than anything June should take in, built without
// recursion, and a model that sends a tool call's input as raw JSON text the way a provider does
// (the scripted model writes its inputs with JSON.stringify, which itself overflows the stack
// near 4,500 levels, so it can't send a 5,000-deep input on its own).
import type { LanguageModelV4, LanguageModelV4Content, LanguageModelV4StreamPart } from "@ai-sdk/provider";

/** `{ a: { a: … { leaf: 1 } } }`, `levels` objects deep. */
export function deepValue(levels: number): unknown {
  let value: unknown = { leaf: 1 };
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

/** The JSON text of `deepValue(levels)`, built as text. */
export function deepJsonText(levels: number): string {
  return `${'{"a":'.repeat(levels - 1)}{"leaf":1}${"}".repeat(levels - 1)}`;
}

/**
 * `model`, except that the tool calls named in `raw` (by tool call id) carry that JSON text as
 * their input instead of what `model` sent.
 */
export function withRawToolInput(model: LanguageModelV4, raw: Record<string, string>): LanguageModelV4 {
  const swap = <P extends LanguageModelV4Content | LanguageModelV4StreamPart>(part: P): P =>
    part.type === "tool-call" && Object.hasOwn(raw, part.toolCallId) ? { ...part, input: raw[part.toolCallId]! } : part;
  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    async doGenerate(options) {
      const result = await model.doGenerate(options);
      return { ...result, content: result.content.map(swap) };
    },
    async doStream(options) {
      const result = await model.doStream(options);
      return { ...result, stream: result.stream.pipeThrough(new TransformStream({ transform: (part, controller) => controller.enqueue(swap(part)) })) };
    },
  };
}
