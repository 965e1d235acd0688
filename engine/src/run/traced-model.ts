// A language model that records each call it makes as a model-call node: what it was sent (the
// messages new since the step's previous call, the tools offered, the settings), streamed text,
// what it answered and the tokens it used. It delegates everything else untouched.
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4StreamPart,
} from "@ai-sdk/provider";
import type { PendingModelRequest } from "../debug/index.ts";
import { costOf, priceOf } from "../pricing/index.ts";
import { modelCallKey, nodeKey, recordedGenerate, recordedStream, type RecordedModelCall } from "../replay/index.ts";
import type { Usage } from "../trace/index.ts";
import { emit, endNode, startNode, type Place } from "./run-context.ts";
import { inContext, isAbort, toNodeError } from "./node-errors.ts";
import { fromModelUsage } from "./usage.ts";
import { JsonTextMeter, measureJsonText, valueLimitError, type ValueProblem } from "./value-limits.ts";

interface CallRecord {
  text: string;
  reasoning: string;
  toolCalls: { toolCallId: string; toolName: string; input: unknown }[];
  finishReason?: string;
}

/** Wraps `model` for one step: its calls become children of `stepNodeId`. */
export function tracedModel(model: LanguageModelV4, place: Place, stepNodeId: string): LanguageModelV4 {
  const ctx = place.ctx;
  let sent = 0;
  // Where this step's calls sit for a replay: the step's key, and how many calls it has made
  // (counted here: filtering the step's children on every call grew with the square of a loop).
  let stepKey: string | undefined;
  let calls = 0;
  const start = (options: LanguageModelV4CallOptions, target: Identity): string => {
    const prompt = options.prompt;
    // Only what is new since the step's previous call: the trace stays linear in a long loop.
    const messageOffset = sent <= prompt.length ? sent : 0;
    sent = prompt.length;
    return startNode(ctx, {
      parentId: stepNodeId,
      kind: "model-call",
      name: target.modelId,
      input: {
        provider: target.provider,
        modelId: target.modelId,
        messageOffset,
        messages: prompt.slice(messageOffset),
        tools: (options.tools ?? []).map((t) => t.name).sort(),
        settings: settingsOf(options),
      },
    });
  };
  const finish = (nodeId: string, record: CallRecord, usage: Parameters<typeof fromModelUsage>[0], cost: (usage: Usage) => number | undefined): void => {
    const flat = fromModelUsage(usage);
    const costUsd = cost(flat);
    emit(ctx, { type: "usage", nodeId, usage: flat, ...(costUsd !== undefined ? { costUsd } : {}) });
    endNode(ctx, nodeId, "succeeded", {
      output: {
        text: record.text,
        ...(record.reasoning ? { reasoning: record.reasoning } : {}),
        toolCalls: record.toolCalls,
        ...(record.finishReason ? { finishReason: record.finishReason } : {}),
      },
    });
  };
  // A tool call whose input JSON is past the bounds is read no further: the SDK gets the reason
  // instead of the input, text it can't parse, so the tool never runs (nor asks for approval) and
  // the model sees the reason as the call's error; the trace has the call, failed with the code.
  const screen = <P extends ToolCallPart>(part: P): P => {
    if (part.providerExecuted) return part;
    const problem = measureJsonText(part.input, ctx.limits);
    if (!problem) return part;
    const error = valueLimitError(problem, `the input the model sent to the tool "${part.toolName}"`);
    const nodeId = startNode(ctx, { parentId: stepNodeId, kind: "tool-call", name: part.toolName, callId: part.toolCallId });
    endNode(ctx, nodeId, "failed", { error: toNodeError(error) });
    return { ...part, input: `${error.message} (${error.code})` };
  };
  const fail = (nodeId: string, error: unknown, target: Identity): void => {
    const aborted = isAbort(error, ctx.signal);
    endNode(ctx, nodeId, aborted ? "aborted" : "failed", { error: inContext(error, `the call to ${target.modelId}`) });
  };

  // Before each call: the answer from a record (replay/fork/resume) or the live model — maybe a
  // fork's other model and prompt — then the boundary, where a stepping run stops.
  const prepare = async (original: LanguageModelV4CallOptions): Promise<Prepared> => {
    let options = original;
    let recorded: RecordedModelCall | undefined;
    let target: LanguageModelV4 = model;
    const replay = ctx.replay;
    if (replay) {
      const lookup = (id: string) => ctx.builder.node(id);
      stepKey ??= nodeKey(lookup(stepNodeId)!, lookup);
      const key = modelCallKey(stepKey, calls++);
      recorded = replay.modelCall(key);
      if (!recorded) {
        target = (replay.liveModel() as LanguageModelV4 | undefined) ?? model;
        const prompt = replay.promptFor(key);
        if (prompt) options = { ...options, prompt: prompt as LanguageModelV4CallOptions["prompt"] };
      }
    }
    const identity: Identity = recorded ? { provider: recorded.provider, modelId: recorded.modelId } : target;
    const wait = ctx.debug.boundary({
      kind: "model-call",
      agentPath: place.agentPath,
      step: place.stepId ?? "",
      stepNodeId,
      agentNodeId: place.agent?.nodeId,
      replayed: recorded !== undefined,
      details: () => ({ request: pendingRequest(identity, options, sent) }),
    });
    if (wait) await wait;
    const nodeId = start(options, identity);
    if (replay) ctx.replayedToolCalls.set(stepNodeId, new Set(recorded?.toolCalls.map((call) => call.toolCallId)));
    if (recorded) emit(ctx, { type: "replayed", nodeId, from: { runId: replay!.runId, nodeId: recorded.nodeId } });
    const cost = recorded
      ? () => recorded.costUsd
      : (usage: Usage) => {
          const price = priceOf(ctx.prices, target.provider, target.modelId);
          return price ? costOf(usage, price) : undefined;
        };
    return { options, recorded, target, identity, nodeId, cost };
  };

  return {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    async doGenerate(original) {
      const { options, recorded, target, identity, nodeId, cost } = await prepare(original);
      try {
        const answered = recorded ? recordedGenerate(recorded) : await target.doGenerate(options);
        const result = { ...answered, content: answered.content.map((part) => (part.type === "tool-call" ? screen(part) : part)) };
        if (options.responseFormat?.type === "json") {
          const problem = measureJsonText(result.content.map((part) => (part.type === "text" ? part.text : "")).join(""), ctx.limits);
          if (problem) throw typedOutputError(problem);
        }
        finish(nodeId, recordContent(result.content, result.finishReason?.unified), result.usage, cost);
        return result;
      } catch (error) {
        fail(nodeId, error, identity);
        throw error;
      }
    },
    async doStream(original) {
      const { options, recorded, target, identity, nodeId, cost } = await prepare(original);
      let result;
      try {
        result = recorded ? recordedStream(recorded) : await target.doStream(options);
      } catch (error) {
        fail(nodeId, error, identity);
        throw error;
      }
      const record: CallRecord = { text: "", reasoning: "", toolCalls: [] };
      let usage: Parameters<typeof fromModelUsage>[0];
      let ended = false;
      // A typed output is JSON the SDK parses as it streams: too deep, it would overflow there.
      const meter = options.responseFormat?.type === "json" ? new JsonTextMeter(ctx.limits) : undefined;
      const tap = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
        transform(part, controller) {
          switch (part.type) {
            case "text-delta": {
              const problem = meter?.push(part.delta);
              if (problem) {
                const error = typedOutputError(problem);
                if (!ended) fail(nodeId, error, identity);
                ended = true;
                controller.enqueue({ type: "error", error });
                controller.terminate();
                return;
              }
              record.text += part.delta;
              emit(ctx, { type: "node-update", nodeId, textDelta: part.delta });
              break;
            }
            case "reasoning-delta":
              record.reasoning += part.delta;
              emit(ctx, { type: "node-update", nodeId, reasoningDelta: part.delta });
              break;
            case "tool-call":
              part = screen(part);
              record.toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: parseInput(part.input) });
              break;
            case "finish":
              usage = part.usage;
              record.finishReason = part.finishReason.unified;
              break;
            case "error":
              if (!ended) fail(nodeId, part.error, identity);
              ended = true;
              break;
          }
          controller.enqueue(part);
        },
        flush() {
          if (!ended) finish(nodeId, record, usage, cost);
          ended = true;
        },
        cancel(reason) {
          if (!ended) fail(nodeId, reason, identity);
          ended = true;
        },
      });
      return { ...result, stream: result.stream.pipeThrough(tap) };
    },
  };
}

type ToolCallPart = Extract<LanguageModelV4Content, { type: "tool-call" }>;

function typedOutputError(problem: ValueProblem) {
  return valueLimitError(problem, "the typed output the model sent");
}

interface Identity {
  provider: string;
  modelId: string;
}

interface Prepared {
  options: LanguageModelV4CallOptions;
  recorded: RecordedModelCall | undefined;
  target: LanguageModelV4;
  identity: Identity;
  nodeId: string;
  cost: (usage: Usage) => number | undefined;
}

// Like a model-call node, only the messages new since the step's previous call: a stepped run's
// record would otherwise grow with the square of its length (each stop repeating the prompt).
function pendingRequest(identity: Identity, options: LanguageModelV4CallOptions, sent: number): PendingModelRequest {
  const messageOffset = sent <= options.prompt.length ? sent : 0;
  return {
    provider: identity.provider,
    modelId: identity.modelId,
    messageOffset,
    messages: options.prompt.slice(messageOffset),
    tools: (options.tools ?? []).map((t) => ({ name: t.name, ...("description" in t && t.description ? { description: t.description } : {}) })),
    settings: settingsOf(options),
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
