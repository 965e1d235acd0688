// The debugger's boundary before a model call: where a stepping run (or a breakpoint, or a pause)
// stops, showing the request the model is about to get. Running on costs one check, no promise;
// while nothing can stop it (not stepping, no breakpoints, no stop) the boundary isn't even built.
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import type { PendingModelRequest } from "../../debug/index.ts";
import { encodePrompt } from "../../trace/index.ts";
import type { Place } from "../run-context.ts";
import { settingsOf } from "./call-settings.ts";
import { CallLayer, type CallHooks } from "./compose.ts";
import type { ModelCall } from "./model-call.ts";
import type { SentMessages } from "./sent-messages.ts";
import { SHAPE_ONLY, keepShape } from "../../shapes/index.ts";

/**
 * Waits before each call where the run stops; `sent` is the step's, shared with its trace layer.
 *
 * @example
 * composeLayers(model, [boundaryLayer(place, stepNodeId, sent), traceLayer(place, stepNodeId, sent)]);
 */
export function boundaryLayer(place: Place, stepNodeId: string, sent: SentMessages): CallLayer {
  return new BoundaryLayer(place, stepNodeId, sent);
}

// Methods, not closures, on every call's path (tool-layers/tool-call.ts says why).
class BoundaryLayer extends CallLayer implements CallHooks {
  readonly #place: Place;
  readonly #stepNodeId: string;
  readonly #sent: SentMessages;

  constructor(place: Place, stepNodeId: string, sent: SentMessages) {
    super();
    this.#place = place;
    this.#stepNodeId = stepNodeId;
    this.#sent = sent;
  }

  // Running on holds nothing: the call goes on in the same tick.
  before(call: ModelCall, params: LanguageModelV4CallOptions): Promise<void> | undefined {
    const place = this.#place;
    const debug = place.ctx.debug;
    if (debug.passesModelCall(this.#stepNodeId, place.agent?.nodeId)) return undefined;
    const sent = this.#sent;
    return debug.boundary({
      kind: "model-call",
      agentPath: place.agentPath,
      step: place.stepId ?? "",
      stepNodeId: this.#stepNodeId,
      agentNodeId: place.agent?.nodeId,
      replayed: call.recorded !== undefined,
      details: () => ({ request: pendingRequest(call, params, sent.offset(params.prompt)) }),
    });
  }
}
keepShape(new BoundaryLayer(SHAPE_ONLY, "", SHAPE_ONLY));

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
