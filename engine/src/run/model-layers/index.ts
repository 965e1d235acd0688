// Public surface of run/model-layers/: the layers a step's model is wrapped in, each an AI SDK
// language-model middleware, composed in run/traced-model.ts (by composeLayers).
export { replayAnswer, replayChoice } from "./replay.ts";
export { boundaryLayer } from "./boundary.ts";
export { traceLayer } from "./trace.ts";
export { pricingLayer } from "./pricing.ts";
export { limitsLayer } from "./limits.ts";
export { SentMessages } from "./sent-messages.ts";
export { composeLayers } from "./compose.ts";
