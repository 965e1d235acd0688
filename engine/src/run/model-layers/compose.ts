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

// One layer over the model below it. What the layer implements is read once, here, not on each
// call: with the flags kept and a call with nothing to wrap handed straight down, the stack of
// four layers ran par stream:false at 1.21–1.25× generateText where reading them per call (and each
// call through a private #generate) ran at 1.29–1.30×, under the harness's full GC before each run
// (docs/benchmarks.md, "One layer, its flags read once").
class LayeredModel implements LanguageModelV4 {
  readonly specificationVersion = "v4";
  readonly provider: string;
  readonly modelId: string;
  readonly supportedUrls: LanguageModelV4["supportedUrls"];
  readonly #inner: LanguageModelV4;
  readonly #layer: LanguageModelV4Middleware;
  readonly #transforms: boolean;
  readonly #wrapsGenerate: boolean;
  readonly #wrapsStream: boolean;

  constructor(inner: LanguageModelV4, layer: LanguageModelV4Middleware) {
    this.#inner = inner;
    this.#layer = layer;
    this.#transforms = layer.transformParams !== undefined;
    this.#wrapsGenerate = layer.wrapGenerate !== undefined;
    this.#wrapsStream = layer.wrapStream !== undefined;
    this.provider = layer.overrideProvider?.({ model: inner }) ?? inner.provider;
    this.modelId = layer.overrideModelId?.({ model: inner }) ?? inner.modelId;
    this.supportedUrls = layer.overrideSupportedUrls?.({ model: inner }) ?? inner.supportedUrls;
  }

  doGenerate(params: LanguageModelV4CallOptions): ReturnType<LanguageModelV4["doGenerate"]> {
    if (this.#transforms) return this.#transformed("generate", params) as Promise<Generated>;
    const inner = this.#inner;
    if (!this.#wrapsGenerate) return inner.doGenerate(params);
    try {
      return asPromise(this.#layer.wrapGenerate!({ doGenerate: () => inner.doGenerate(params), doStream: () => inner.doStream(params), params, model: inner }));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  doStream(params: LanguageModelV4CallOptions): ReturnType<LanguageModelV4["doStream"]> {
    if (this.#transforms) return this.#transformed("stream", params) as Promise<Streamed>;
    const inner = this.#inner;
    if (!this.#wrapsStream) return inner.doStream(params);
    try {
      return asPromise(this.#layer.wrapStream!({ doGenerate: () => inner.doGenerate(params), doStream: () => inner.doStream(params), params, model: inner }));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  // A layer that transforms the options: the wrapped call (or the model below) gets them.
  async #transformed(type: "generate" | "stream", params: LanguageModelV4CallOptions): Promise<Generated | Streamed> {
    const layer = this.#layer;
    const inner = this.#inner;
    const transformed = await layer.transformParams!({ type, params, model: inner });
    const wrapping = type === "generate" ? layer.wrapGenerate : layer.wrapStream;
    const options = { doGenerate: () => inner.doGenerate(transformed), doStream: () => inner.doStream(transformed), params: transformed, model: inner };
    if (wrapping) return wrapping(options);
    return type === "generate" ? options.doGenerate() : options.doStream();
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
