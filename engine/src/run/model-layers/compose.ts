// Middleware composed like the AI SDK's wrapLanguageModel (the first is the outermost, each sees
// the model below it), without its per-call async wrappers: wrapLanguageModel awaits every layer's
// transformParams (also when it has none) and wraps both of its calls in async functions, three
// promises a layer for each model call. Here a layer without transformParams costs nothing extra,
// so the layers cost the hot path what they do, not what stacking them costs.
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Middleware } from "@ai-sdk/provider";
import { keepShape } from "../../shapes/index.ts";

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
  return new LayeredModel(model, layer);
}

// One layer over the model below it. Its calls are methods and the layer's are called as methods
// (a layer may be a class): no closure is made per step, and per call only the two bound calls
// the middleware protocol hands a layer (tool-layers/tool-call.ts says why closures cost).
class LayeredModel implements LanguageModelV4 {
  readonly specificationVersion = "v4";
  readonly provider: string;
  readonly modelId: string;
  readonly supportedUrls: LanguageModelV4["supportedUrls"];
  readonly #inner: LanguageModelV4;
  readonly #layer: LanguageModelV4Middleware;

  constructor(inner: LanguageModelV4, layer: LanguageModelV4Middleware) {
    this.#inner = inner;
    this.#layer = layer;
    this.provider = layer.overrideProvider?.({ model: inner }) ?? inner.provider;
    this.modelId = layer.overrideModelId?.({ model: inner }) ?? inner.modelId;
    this.supportedUrls = layer.overrideSupportedUrls?.({ model: inner }) ?? inner.supportedUrls;
  }

  doGenerate(params: LanguageModelV4CallOptions): ReturnType<LanguageModelV4["doGenerate"]> {
    try {
      if (this.#layer.transformParams) return this.#transformed("generate", params);
      return asPromise(this.#generate(params));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  doStream(params: LanguageModelV4CallOptions): ReturnType<LanguageModelV4["doStream"]> {
    try {
      if (this.#layer.transformParams) return this.#transformed("stream", params);
      return asPromise(this.#stream(params));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async #transformed<T extends "generate" | "stream">(type: T, params: LanguageModelV4CallOptions): Promise<T extends "generate" ? Generated : Streamed> {
    const transformed = await this.#layer.transformParams!({ type, params, model: this.#inner });
    return (type === "generate" ? this.#generate(transformed) : this.#stream(transformed)) as never;
  }

  #generate(params: LanguageModelV4CallOptions) {
    const inner = this.#inner;
    if (!this.#layer.wrapGenerate) return inner.doGenerate(params);
    return this.#layer.wrapGenerate({ doGenerate: inner.doGenerate.bind(inner, params), doStream: inner.doStream.bind(inner, params), params, model: inner });
  }

  #stream(params: LanguageModelV4CallOptions) {
    const inner = this.#inner;
    if (!this.#layer.wrapStream) return inner.doStream(params);
    return this.#layer.wrapStream({ doGenerate: inner.doGenerate.bind(inner, params), doStream: inner.doStream.bind(inner, params), params, model: inner });
  }
}
keepShape(new LayeredModel({ provider: "", modelId: "", supportedUrls: {} } as LanguageModelV4, { specificationVersion: "v4" }));

/** What a layer's `wrapGenerate`/`wrapStream` is handed. */
export type WrapOptions = Parameters<NonNullable<LanguageModelV4Middleware["wrapGenerate"]>>[0];

/** What a model's `doGenerate` answers. */
export type Generated = Awaited<ReturnType<LanguageModelV4["doGenerate"]>>;

/** What a model's `doStream` answers. */
export type Streamed = Awaited<ReturnType<LanguageModelV4["doStream"]>>;

/** `result` as a promise (itself when it is one). */
export function asPromise<T>(result: T | PromiseLike<T>): Promise<Awaited<T>> {
  return (result instanceof Promise ? result : Promise.resolve(result)) as Promise<Awaited<T>>;
}

/**
 * What `call` returns, as a promise: a model's calls never throw, so a layer (or a provider) that
 * throws before it returns one, or returns another thenable, still gives its caller a promise.
 */
export function promised<T>(call: () => T | PromiseLike<T>): Promise<Awaited<T>> {
  try {
    return asPromise(call());
  } catch (error) {
    return Promise.reject(error);
  }
}
