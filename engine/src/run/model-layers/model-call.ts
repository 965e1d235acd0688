// What the layers of one model call share, beside its options: whose answer it is (decided by the
// replay layer above the others) and its trace node (started by the trace layer, which the pricing
// layer's usage event goes on). Kept in a WeakMap keyed by the options object rather than in the
// options, so nothing of June's reaches the provider; the AI SDK builds fresh options per call
// (also per retry), and a layer that passes on new options ties them to the call with `openCall`.
import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider";
import type { RecordedModelCall } from "../../replay/index.ts";

export interface ModelCall {
  /** Whose answer the call gets: the recorded call's model in a replay, else the model answering live. */
  provider: string;
  modelId: string;
  /** The answer from a recorded run (replay, fork, resume): no model is called. */
  recorded?: { call: RecordedModelCall; runId: string };
  /** A fork's other model, which answers this live call instead of the step's own. */
  live?: LanguageModelV4;
  /** The call's model-call node, once the trace layer has started it. */
  nodeId?: string;
}

const calls = new WeakMap<LanguageModelV4CallOptions, ModelCall>();

/** The call `params` belong to; the first layer to ask opens it as a live call of `model`. */
export function modelCall(params: LanguageModelV4CallOptions, model: Pick<LanguageModelV4, "provider" | "modelId">): ModelCall {
  let call = calls.get(params);
  if (call === undefined) {
    call = { provider: model.provider, modelId: model.modelId, recorded: undefined, live: undefined, nodeId: undefined };
    calls.set(params, call);
  }
  return call;
}

/** Ties `call` to the options a layer passes down (e.g. a fork's recorded prompt). */
export function openCall(params: LanguageModelV4CallOptions, call: ModelCall): LanguageModelV4CallOptions {
  calls.set(params, call);
  return params;
}
