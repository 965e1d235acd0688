// A recorded model call answered again, in the AI SDK's model protocol: the same text,
// reasoning, tool calls (with their recorded ids), finish reason and usage, so the SDK's loop and
// June's trace come out as they did. A recorded failure fails again with its recorded message.
import type {
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { JuneError } from "../errors/index.ts";
import type { RecordedModelCall } from "./plan.ts";

function usageOf(call: RecordedModelCall): LanguageModelV4Usage {
  const { inputTokens, cachedInputTokens, outputTokens, reasoningTokens } = call.usage;
  return {
    inputTokens: { total: inputTokens, noCache: inputTokens - cachedInputTokens, cacheRead: cachedInputTokens, cacheWrite: undefined },
    outputTokens: { total: outputTokens, text: outputTokens - reasoningTokens, reasoning: reasoningTokens },
  };
}

function finishOf(call: RecordedModelCall) {
  const unified = (call.finishReason ?? (call.toolCalls.length > 0 ? "tool-calls" : "stop")) as "stop";
  return { unified, raw: undefined };
}

function failure(call: RecordedModelCall): JuneError | undefined {
  if (!call.error) return undefined;
  return new JuneError("JUNE_REPLAYED_FAILURE", `${call.error.message} (replayed from the record)`);
}

function content(call: RecordedModelCall): LanguageModelV4Content[] {
  const parts: LanguageModelV4Content[] = [];
  if (call.reasoning !== "") parts.push({ type: "reasoning", text: call.reasoning });
  if (call.text !== "") parts.push({ type: "text", text: call.text });
  for (const tc of call.toolCalls) parts.push({ type: "tool-call", toolCallId: tc.toolCallId, toolName: tc.toolName, input: JSON.stringify(tc.input ?? {}) });
  return parts;
}

export function recordedGenerate(call: RecordedModelCall): LanguageModelV4GenerateResult {
  const error = failure(call);
  if (error) throw error;
  return {
    content: content(call),
    finishReason: finishOf(call),
    usage: usageOf(call),
    response: { id: `replay-${call.nodeId}`, modelId: call.modelId },
    warnings: [],
  };
}

export function recordedStream(call: RecordedModelCall): LanguageModelV4StreamResult {
  const error = failure(call);
  if (error) throw error;
  const parts: LanguageModelV4StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: `replay-${call.nodeId}`, modelId: call.modelId },
  ];
  if (call.reasoning !== "") {
    parts.push({ type: "reasoning-start", id: "r" }, { type: "reasoning-delta", id: "r", delta: call.reasoning }, { type: "reasoning-end", id: "r" });
  }
  if (call.text !== "") parts.push({ type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: call.text }, { type: "text-end", id: "t" });
  for (const tc of call.toolCalls) parts.push({ type: "tool-call", toolCallId: tc.toolCallId, toolName: tc.toolName, input: JSON.stringify(tc.input ?? {}) });
  parts.push({ type: "finish", usage: usageOf(call), finishReason: finishOf(call) });
  return {
    stream: new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    }),
  };
}
