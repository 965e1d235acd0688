// The trace of a model call: a model-call node under the step with what the model was sent (the
// messages new since the step's previous call, the tools offered, the settings), the text and
// reasoning as they stream, and what it answered; failed or aborted with the reason if it didn't.
// A run that keeps raw provider bodies (RunOptions.onModelExchange) gets each call's request and
// response by reference, beside the node, never in it (payloads.ts's ModelExchange says why).
import type { LanguageModelV4CallOptions, LanguageModelV4Content, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { encodePrompt } from "../../trace/index.ts";
import { emit, endNode, startNode, type Place, type RunContext } from "../run-context.ts";
import { inContext, isAbort } from "../node-errors.ts";
import { settingsOf, toolNames } from "./call-settings.ts";
import type { ModelExchange } from "../../trace/index.ts";
import type { ModelCall } from "./model-call.ts";
import type { SentMessages } from "./sent-messages.ts";
import type { StreamTap } from "./stream-tap.ts";
import { SHAPE_ONLY, keepShape } from "../../shapes/index.ts";
import { CallLayer, type CallHooks, type Generated, type Streamed } from "./compose.ts";

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
export function traceLayer(place: Place, stepNodeId: string, sent: SentMessages): CallLayer {
  return new TraceLayer(place.ctx, stepNodeId, sent);
}

// Methods, not closures, on every call's path (tool-layers/tool-call.ts says why).
class TraceLayer extends CallLayer implements CallHooks {
  readonly #ctx: RunContext;
  readonly #stepNodeId: string;
  readonly #sent: SentMessages;

  constructor(ctx: RunContext, stepNodeId: string, sent: SentMessages) {
    super();
    this.#ctx = ctx;
    this.#stepNodeId = stepNodeId;
    this.#sent = sent;
  }

  before(call: ModelCall, params: LanguageModelV4CallOptions): undefined {
    this.#start(params, call);
    return undefined;
  }

  generated(call: ModelCall, _params: LanguageModelV4CallOptions, result: Generated): Generated {
    const nodeId = call.nodeId!;
    // Kept before the node ends, so a window that sees the end can read the bodies back.
    const keep = this.#ctx.onExchange;
    if (keep !== undefined && (result.request !== undefined || result.response !== undefined)) {
      this.keep(keep, { nodeId, request: result.request?.body, response: result.response?.body, url: result.request?.url } as ModelExchange);
    }
    this.succeed(nodeId, recordContent(result.content, result.finishReason?.unified));
    return result;
  }

  // A streamed call's text and reasoning go out as they arrive; the node ends with the stream.
  streamed(call: ModelCall, _params: LanguageModelV4CallOptions, result: Streamed): StreamTap {
    const nodeId = call.nodeId!;
    const keep = this.#ctx.onExchange;
    if (keep !== undefined && result.request !== undefined) this.keep(keep, { nodeId, request: result.request.body, streamed: true, url: result.request.url } as ModelExchange);
    return new StreamRecord(this, nodeId, call);
  }

  // A call that fails (or throws before it answers) fails its node; a provider's error carries
  // what was sent and what came back (the AI SDK's APICallError), which a run keeping bodies gets.
  failed(call: ModelCall, error: unknown): void {
    if (call.nodeId === undefined) return;
    const keep = this.#ctx.onExchange;
    if (keep !== undefined && isApiCallError(error)) {
      this.keep(keep, { nodeId: call.nodeId, request: error.requestBodyValues, response: error.responseBody, failed: true, url: error.url } as ModelExchange);
    }
    this.fail(call.nodeId, error, call);
  }

  // The raw bodies are a window on the call, not part of it: a keeper that throws costs a warning.
  keep(keep: (exchange: ModelExchange) => void, exchange: ModelExchange): void {
    try {
      keep(exchange);
    } catch (error) {
      this.#ctx.warn(`june: the raw request and response of model call ${exchange.nodeId} were not kept: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  #start(options: LanguageModelV4CallOptions, call: ModelCall): void {
    const ctx = this.#ctx;
    const prompt = options.prompt;
    const nodeId = startNode(ctx, {
      parentId: this.#stepNodeId,
      kind: "model-call",
      name: call.modelId,
      input: {
        provider: call.provider,
        modelId: call.modelId,
        ...encodePrompt(prompt, this.#sent.take(prompt)),
        tools: toolNames(options),
        settings: settingsOf(options),
      },
    });
    call.nodeId = nodeId;
    if (call.recorded) emit(ctx, { type: "replayed", nodeId, from: { runId: call.recorded.runId, nodeId: call.recorded.call.nodeId } });
  }

  succeed(nodeId: string, record: CallRecord): void {
    endNode(this.#ctx, nodeId, "succeeded", {
      output: {
        text: record.text,
        ...(record.reasoning ? { reasoning: record.reasoning } : {}),
        toolCalls: record.toolCalls,
        ...(record.finishReason ? { finishReason: record.finishReason } : {}),
      },
    });
  }

  fail(nodeId: string, error: unknown, call: ModelCall): void {
    const ctx = this.#ctx;
    endNode(ctx, nodeId, isAbort(error, ctx.signal) ? "aborted" : "failed", { error: inContext(error, `the call to ${call.modelId}`) });
  }

  delta(nodeId: string, kind: "textDelta" | "reasoningDelta", delta: string): void {
    emit(this.#ctx, kind === "textDelta" ? { type: "node-update", nodeId, textDelta: delta } : { type: "node-update", nodeId, reasoningDelta: delta });
  }
}
keepShape(new TraceLayer(SHAPE_ONLY, "", SHAPE_ONLY));

// What one streamed call said, as it streams.
class StreamRecord implements StreamTap {
  readonly #layer: TraceLayer;
  readonly #nodeId: string;
  readonly #call: ModelCall;
  readonly #record: CallRecord = { text: "", reasoning: "", toolCalls: [] };
  #ended = false;

  constructor(layer: TraceLayer, nodeId: string, call: ModelCall) {
    this.#layer = layer;
    this.#nodeId = nodeId;
    this.#call = call;
  }

  part(part: LanguageModelV4StreamPart): LanguageModelV4StreamPart {
    const record = this.#record;
    switch (part.type) {
      case "text-delta":
        record.text += part.delta;
        this.#layer.delta(this.#nodeId, "textDelta", part.delta);
        break;
      case "reasoning-delta":
        record.reasoning += part.delta;
        this.#layer.delta(this.#nodeId, "reasoningDelta", part.delta);
        break;
      case "tool-call":
        record.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: parseInput(part.input) });
        break;
      case "finish":
        record.finishReason = part.finishReason.unified;
        break;
      case "error":
        if (!this.#ended) this.#layer.fail(this.#nodeId, part.error, this.#call);
        this.#ended = true;
        break;
    }
    return part;
  }

  flush(): void {
    if (!this.#ended) this.#layer.succeed(this.#nodeId, this.#record);
    this.#ended = true;
  }

  cancel(reason: unknown): void {
    if (!this.#ended) this.#layer.fail(this.#nodeId, reason, this.#call);
    this.#ended = true;
  }
}
keepShape(new StreamRecord(SHAPE_ONLY, "", SHAPE_ONLY));

function recordContent(content: LanguageModelV4Content[], finishReason: string | undefined): CallRecord {
  const record: CallRecord = { text: "", reasoning: "", toolCalls: [], ...(finishReason ? { finishReason } : {}) };
  for (const part of content) {
    if (part.type === "text") record.text += part.text;
    else if (part.type === "reasoning") record.reasoning += part.text;
    else if (part.type === "tool-call") record.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: parseInput(part.input) });
  }
  return record;
}

// The AI SDK's APICallError by its fields (an error from another copy of the SDK is one too).
function isApiCallError(error: unknown): error is { requestBodyValues: unknown; responseBody?: string; url?: string } {
  return typeof error === "object" && error !== null && "requestBodyValues" in error;
}

function parseInput(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}
