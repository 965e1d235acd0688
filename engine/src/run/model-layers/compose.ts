// Middleware composed like the AI SDK's wrapLanguageModel (the first is the outermost, each sees
// the model below it), without its per-call async wrappers: wrapLanguageModel awaits every layer's
// transformParams (also when it has none) and wraps both of its calls in async functions, three
// promises a layer for each model call. Here a layer without transformParams costs nothing extra,
// so the layers cost the hot path what they do, not what stacking them costs.
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Middleware } from "@ai-sdk/provider";

/**
 * `model` wrapped in `middleware`, the first outermost.
 *
 * @example
 * const model = composeLayers(scripted([{ text: "Hi" }]), [traceLayer(place, stepNodeId, sent), pricingLayer(ctx)]);
 */
export function composeLayers(model: LanguageModelV4, middleware: readonly LanguageModelV4Middleware[]): LanguageModelV4 {
  return middleware.reduceRight((inner, layer) => wrap(inner, layer), model);
}

function wrap(model: LanguageModelV4, layer: LanguageModelV4Middleware): LanguageModelV4 {
  const { transformParams, wrapGenerate, wrapStream } = layer;
  const generate = (params: LanguageModelV4CallOptions) =>
    wrapGenerate ? wrapGenerate({ doGenerate: () => model.doGenerate(params), doStream: () => model.doStream(params), params, model }) : model.doGenerate(params);
  const stream = (params: LanguageModelV4CallOptions) =>
    wrapStream ? wrapStream({ doGenerate: () => model.doGenerate(params), doStream: () => model.doStream(params), params, model }) : model.doStream(params);
  return {
    specificationVersion: "v4",
    provider: layer.overrideProvider?.({ model }) ?? model.provider,
    modelId: layer.overrideModelId?.({ model }) ?? model.modelId,
    supportedUrls: layer.overrideSupportedUrls?.({ model }) ?? model.supportedUrls,
    doGenerate: (params) => promised(() => (transformParams ? Promise.resolve(transformParams({ type: "generate", params, model })).then(generate) : generate(params))),
    doStream: (params) => promised(() => (transformParams ? Promise.resolve(transformParams({ type: "stream", params, model })).then(stream) : stream(params))),
  };
}

/**
 * What `call` returns, as a promise: a model's calls never throw, so a layer (or a provider) that
 * throws before it returns one, or returns another thenable, still gives its caller a promise.
 */
export function promised<T>(call: () => T | PromiseLike<T>): Promise<Awaited<T>> {
  try {
    const result = call();
    return (result instanceof Promise ? result : Promise.resolve(result)) as Promise<Awaited<T>>;
  } catch (error) {
    return Promise.reject(error);
  }
}
