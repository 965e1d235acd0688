// A language model that records each call it makes as a model-call node: what it was sent (the
// messages new since the step's previous call, the tools offered, the settings), streamed text,
// what it answered and the tokens it used. It delegates everything else untouched.
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4StreamPart,
} from "@ai-sdk/provider";
import { emit, endNode, startNode, type RunContext } from "./run-context.ts";
import { inContext, isAbort } from "./node-errors.ts";
import { fromModelUsage } from "./usage.ts";

interface CallRecord {
  text: string;
  reasoning: string;
  toolCalls: { toolCallId: string; toolName: string; input: unknown }[];
  finishReason?: string;
}

/** Wraps `model` for one step: its calls become children of `stepNodeId`. */
export function tracedModel(model: LanguageModelV4, ctx: RunContext, stepNodeId: string): LanguageModelV4 {
  let sent = 0;
  const start = (options: LanguageModelV4CallOptions): string => {
    const prompt = options.prompt;
    // Only what is new since the step's previous call: the trace stays linear in a long loop.
    const messageOffset = sent <= prompt.length ? sent : 0;
    sent = prompt.length;
    return startNode(ctx, {
      parentId: stepNodeId,
      kind: "model-call",
      name: model.modelId,
      input: {
        provider: model.provider,
        modelId: model.modelId,
        messageOffset,
        messages: prompt.slice(messageOffset),
        tools: (options.tools ?? []).map((t) => t.name).sort(),
        settings: settingsOf(options),
      },
    });
  };
  const finish = (nodeId: string, record: CallRecord, usage: Parameters<typeof fromModelUsage>[0]): void => {
    emit(ctx, { type: "usage", nodeId, usage: fromModelUsage(usage) });
    endNode(ctx, nodeId, "succeeded", {
      output: {
        text: record.text,
        ...(record.reasoning ? { reasoning: record.reasoning } : {}),
        toolCalls: record.toolCalls,
        ...(record.finishReason ? { finishReason: record.finishReason } : {}),
      },
    });
  };
  const fail = (nodeId: string, error: unknown): void => {
    const aborted = isAbort(error, ctx.signal);
    endNode(ctx, nodeId, aborted ? "aborted" : "failed", { error: inContext(error, `the call to ${model.modelId}`) });
  };

  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    async doGenerate(options) {
      const nodeId = start(options);
      try {
        const result = await model.doGenerate(options);
        finish(nodeId, recordContent(result.content, result.finishReason?.unified), result.usage);
        return result;
      } catch (error) {
        fail(nodeId, error);
        throw error;
      }
    },
    async doStream(options) {
      const nodeId = start(options);
      let result;
      try {
        result = await model.doStream(options);
      } catch (error) {
        fail(nodeId, error);
        throw error;
      }
      const record: CallRecord = { text: "", reasoning: "", toolCalls: [] };
      let usage: Parameters<typeof fromModelUsage>[0];
      let ended = false;
      const tap = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
        transform(part, controller) {
          switch (part.type) {
            case "text-delta":
              record.text += part.delta;
              emit(ctx, { type: "node-update", nodeId, textDelta: part.delta });
              break;
            case "reasoning-delta":
              record.reasoning += part.delta;
              emit(ctx, { type: "node-update", nodeId, reasoningDelta: part.delta });
              break;
            case "tool-call":
              record.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: parseInput(part.input) });
              break;
            case "finish":
              usage = part.usage;
              record.finishReason = part.finishReason.unified;
              break;
            case "error":
              if (!ended) fail(nodeId, part.error);
              ended = true;
              break;
          }
          controller.enqueue(part);
        },
        flush() {
          if (!ended) finish(nodeId, record, usage);
          ended = true;
        },
        cancel(reason) {
          if (!ended) fail(nodeId, reason);
          ended = true;
        },
      });
      return { ...result, stream: result.stream.pipeThrough(tap) };
    },
  };
}

function recordContent(content: LanguageModelV4Content[], finishReason: string | undefined): CallRecord {
  const record: CallRecord = { text: "", reasoning: "", toolCalls: [], ...(finishReason ? { finishReason } : {}) };
  for (const part of content) {
    if (part.type === "text") record.text += part.text;
    else if (part.type === "reasoning") record.reasoning += part.text;
    else if (part.type === "tool-call") record.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: parseInput(part.input) });
  }
  return record;
}

function parseInput(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

function settingsOf(options: LanguageModelV4CallOptions): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const key of ["maxOutputTokens", "temperature", "topP", "topK", "seed", "presencePenalty", "frequencyPenalty", "stopSequences", "toolChoice", "responseFormat"] as const) {
    const value = (options as Record<string, unknown>)[key];
    if (value !== undefined) settings[key] = value;
  }
  return settings;
}
