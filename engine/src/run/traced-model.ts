// A step's model, wrapped in June's layers (run/model-layers/), each an AI SDK language-model
// middleware. From the outside in: the replay's choice of whose answer a call gets, the debugger's
// boundary, the model-call node in the trace, its usage and cost, the bounds on what the model
// sent, and the replay's answer from the record. A run that replays nothing has no replay layers.
// They are composed by June's composeLayers, not the SDK's wrapLanguageModel, which costs each
// layer three promises per call (docs/decisions.md); the four in the middle are June's own
// (CallLayer) and run side by side in one frame per call.
import type { LanguageModelV4, LanguageModelV4Middleware } from "@ai-sdk/provider";
import type { Place } from "./run-context.ts";
import { SentMessages, boundaryLayer, composeLayers, limitsLayer, pricingLayer, replayAnswer, replayChoice, traceLayer } from "./model-layers/index.ts";

/** Wraps `model` for one step: its calls become children of `stepNodeId`. */
export function tracedModel(model: LanguageModelV4, place: Place, stepNodeId: string): LanguageModelV4 {
  const ctx = place.ctx;
  const sent = new SentMessages();
  const replay = ctx.replay;
  const middleware: LanguageModelV4Middleware[] = [
    ...(replay ? [replayChoice(ctx, stepNodeId, replay)] : []),
    boundaryLayer(place, stepNodeId, sent),
    traceLayer(place, stepNodeId, sent),
    pricingLayer(ctx),
    limitsLayer(ctx, stepNodeId),
    ...(replay ? [replayAnswer(ctx, stepNodeId)] : []),
  ];
  return composeLayers(model, middleware);
}
