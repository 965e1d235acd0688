// The trace of a model call: a model-call node under the step with what the model was sent (the
// messages new since the step's previous call, the tools offered, the settings), the text and
// reasoning as they stream, and what it answered; failed or aborted with the reason if it didn't.
import type { LanguageModelV4CallOptions, LanguageModelV4Content, LanguageModelV4Middleware } from "@ai-sdk/provider";
import { encodePrompt } from "../../trace/index.ts";
import { emit, endNode, startNode, type Place } from "../run-context.ts";
import { inContext, isAbort } from "../node-errors.ts";
import { settingsOf, toolNames } from "./call-settings.ts";
import { modelCall, type ModelCall } from "./model-call.ts";
import type { SentMessages } from "./sent-messages.ts";
import { promised } from "./compose.ts";
import { tapStream, type StreamTap } from "./stream-tap.ts";

interface CallRecord {
  text: string;
  reasoning: string;
  toolCalls: { toolCallId: string; toolName: string; input: unknown }[];
  finishReason?: string;
}

/**
 * Records each call as a model-call node, a child of `stepNodeId`; `sent` is the step's.
 *
 * @example
 * const sent = new SentMessages();
 * const model = composeLayers(scripted([{ text: "Hi" }]), [traceLayer(place, stepNodeId, sent)]);
 */
export function traceLayer(place: Place, stepNodeId: string, sent: SentMessages): LanguageModelV4Middleware {
  const ctx = place.ctx;
  const start = (options: LanguageModelV4CallOptions, call: ModelCall): string => {
    const prompt = options.prompt;
    const nodeId = startNode(ctx, {
      parentId: stepNodeId,
      kind: "model-call",
      name: call.modelId,
      input: {
        provider: call.provider,
        modelId: call.modelId,
        ...encodePrompt(prompt, sent.take(prompt)),
        tools: toolNames(options),
        settings: settingsOf(options),
      },
    });
    call.nodeId = nodeId;
    if (call.recorded) emit(ctx, { type: "replayed", nodeId, from: { runId: call.recorded.runId, nodeId: call.recorded.call.nodeId } });
    return nodeId;
  };
  const succeed = (nodeId: string, record: CallRecord): void => {
    endNode(ctx, nodeId, "succeeded", {
      output: {
        text: record.text,
        ...(record.reasoning ? { reasoning: record.reasoning } : {}),
        toolCalls: record.toolCalls,
        ...(record.finishReason ? { finishReason: record.finishReason } : {}),
      },
    });
  };
  const fail = (nodeId: string, error: unknown, call: ModelCall): void => {
    endNode(ctx, nodeId, isAbort(error, ctx.signal) ? "aborted" : "failed", { error: inContext(error, `the call to ${call.modelId}`) });
  };
  // A streamed call's text and reasoning go out as they arrive; the node ends with the stream.
  const streamRecord = (nodeId: string, call: ModelCall): StreamTap => {
    const record: CallRecord = { text: "", reasoning: "", toolCalls: [] };
    let ended = false;
    return {
      part(part) {
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
            record.finishReason = part.finishReason.unified;
            break;
          case "error":
            if (!ended) fail(nodeId, part.error, call);
            ended = true;
            break;
        }
        return part;
      },
      flush() {
        if (!ended) succeed(nodeId, record);
        ended = true;
      },
      cancel(reason) {
        if (!ended) fail(nodeId, reason, call);
        ended = true;
      },
    };
  };

  return {
    specificationVersion: "v4",
    wrapGenerate: ({ doGenerate, params, model }) => {
      const call = modelCall(params, model);
      const nodeId = start(params, call);
      return promised(doGenerate).then(
        (result) => {
          succeed(nodeId, recordContent(result.content, result.finishReason?.unified));
          return result;
        },
        (error: unknown) => {
          fail(nodeId, error, call);
          throw error;
        },
      );
    },
    wrapStream: ({ doStream, params, model }) => {
      const call = modelCall(params, model);
      const nodeId = start(params, call);
      return promised(doStream).then(
        (result) => tapStream(result, streamRecord(nodeId, call)),
        (error: unknown) => {
          fail(nodeId, error, call);
          throw error;
        },
      );
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
