// The debugger's boundary before a model call: where a stepping run (or a breakpoint, or a pause)
// stops, showing the request the model is about to get. Running on costs one check, no promise.
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Middleware } from "@ai-sdk/provider";
import type { PendingModelRequest } from "../../debug/index.ts";
import { encodePrompt } from "../../trace/index.ts";
import type { Place } from "../run-context.ts";
import { settingsOf } from "./call-settings.ts";
import { promised } from "./compose.ts";
import { modelCall, type ModelCall } from "./model-call.ts";
import type { SentMessages } from "./sent-messages.ts";

/**
 * Waits before each call where the run stops; `sent` is the step's, shared with its trace layer.
 *
 * @example
 * composeLayers(model, [boundaryLayer(place, stepNodeId, sent), traceLayer(place, stepNodeId, sent)]);
 */
export function boundaryLayer(place: Place, stepNodeId: string, sent: SentMessages): LanguageModelV4Middleware {
  const stop = (params: LanguageModelV4CallOptions, model: LanguageModelV4): Promise<void> | undefined => {
    const call = modelCall(params, model);
    return place.ctx.debug.boundary({
      kind: "model-call",
      agentPath: place.agentPath,
      step: place.stepId ?? "",
      stepNodeId,
      agentNodeId: place.agent?.nodeId,
      replayed: call.recorded !== undefined,
      details: () => ({ request: pendingRequest(call, params, sent.offset(params.prompt)) }),
    });
  };
  return {
    specificationVersion: "v4",
    // Running on adds no promise: the call goes on in the same tick.
    wrapGenerate: ({ doGenerate, params, model }) => {
      const wait = stop(params, model);
      return wait ? wait.then(doGenerate) : promised(doGenerate);
    },
    wrapStream: ({ doStream, params, model }) => {
      const wait = stop(params, model);
      return wait ? wait.then(doStream) : promised(doStream);
    },
  };
}

// Like a model-call node, only the messages new since the step's previous call: a stepped run's
// record would otherwise grow with the square of its length (each stop repeating the prompt).
function pendingRequest(call: ModelCall, options: LanguageModelV4CallOptions, messageOffset: number): PendingModelRequest {
  return {
    provider: call.provider,
    modelId: call.modelId,
    ...encodePrompt(options.prompt, messageOffset),
    tools: (options.tools ?? []).map((t) => ({ name: t.name, ...("description" in t && t.description ? { description: t.description } : {}) })),
    settings: settingsOf(options),
  };
}
