// Replay, fork and resume for model calls, in two halves: above the other layers the choice of
// whose answer a call gets (the record's, a fork's other model's with the recorded prompt, or the
// step's model's), so the boundary, the trace and the pricing know it before they act; below them
// the answer itself, so they see a recorded answer exactly as they would a provider's.
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Middleware } from "@ai-sdk/provider";
import { modelCallKey, nodeKey, recordedGenerate, recordedStream, type ReplayPlan } from "../../replay/index.ts";
import type { RunContext } from "../run-context.ts";
import { modelCall, openCall, type ModelCall } from "./model-call.ts";

/**
 * The outermost layer of a replayed run's model: finds each call of the step in the record, by
 * the step's key and the call's index in it.
 *
 * @example
 * composeLayers(model, [replayChoice(ctx, stepNodeId, ctx.replay), …, replayAnswer(ctx, stepNodeId)]);
 */
export function replayChoice(ctx: RunContext, stepNodeId: string, replay: ReplayPlan): LanguageModelV4Middleware {
  // The step's key, and how many calls it has made (counted here: filtering the step's children
  // on every call grew with the square of a loop).
  let stepKey: string | undefined;
  let calls = 0;
  return {
    specificationVersion: "v4",
    transformParams: async ({ params, model }) => {
      const lookup = (id: string) => ctx.builder.node(id);
      stepKey ??= nodeKey(lookup(stepNodeId)!, lookup);
      const key = modelCallKey(stepKey, calls++);
      const recorded = replay.modelCall(key);
      if (recorded) return openCall(params, { provider: recorded.provider, modelId: recorded.modelId, recorded: { call: recorded, runId: replay.runId } });
      const live = replay.liveModel() as LanguageModelV4 | undefined;
      const prompt = replay.promptFor(key);
      const options = prompt ? { ...params, prompt: prompt as LanguageModelV4CallOptions["prompt"] } : params;
      const answering = live ?? model;
      return openCall(options, { provider: answering.provider, modelId: answering.modelId, ...(live ? { live } : {}) });
    },
  };
}

/**
 * The innermost layer of a replayed run's model: answers a recorded call from the record (a
 * recorded failure fails again), a fork's live call with its other model. It also says which of
 * the step's next tool calls are the record's to answer: those of a recorded answer.
 */
export function replayAnswer(ctx: RunContext, stepNodeId: string): LanguageModelV4Middleware {
  const answering = (params: LanguageModelV4CallOptions, model: LanguageModelV4): ModelCall => {
    const call = modelCall(params, model);
    ctx.replayedToolCalls.set(stepNodeId, new Set(call.recorded?.call.toolCalls.map((c) => c.toolCallId)));
    return call;
  };
  return {
    specificationVersion: "v4",
    wrapGenerate: async ({ doGenerate, params, model }) => {
      const call = answering(params, model);
      if (call.recorded) return recordedGenerate(call.recorded.call);
      return call.live ? call.live.doGenerate(params) : doGenerate();
    },
    wrapStream: async ({ doStream, params, model }) => {
      const call = answering(params, model);
      if (call.recorded) return recordedStream(call.recorded.call);
      return call.live ? call.live.doStream(params) : doStream();
    },
  };
}
