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
// call, and a call with nothing to wrap goes straight down: under the harness's full GC before
// each run, four layers that wrap nothing cost par stream:false 10 points more than four plain
// forwarding objects when every call read the layer's hooks through a private #generate; kept as
// flags, the whole stack measured 1.21–1.25× generateText against 1.23–1.30× before, a gain
// within the harness's noise (docs/benchmarks.md, "One layer, its flags read once").
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

  // A call never throws: a layer or a model that throws before it answers gives a rejected promise.
  doGenerate(params: LanguageModelV4CallOptions): ReturnType<LanguageModelV4["doGenerate"]> {
    if (this.#transforms) return this.#transformed("generate", params) as Promise<Generated>;
    try {
      const inner = this.#inner;
      return asPromise(this.#wrapsGenerate ? this.#layer.wrapGenerate!(wrapOptions(inner, params)) : inner.doGenerate(params));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  doStream(params: LanguageModelV4CallOptions): ReturnType<LanguageModelV4["doStream"]> {
    if (this.#transforms) return this.#transformed("stream", params) as Promise<Streamed>;
    try {
      const inner = this.#inner;
      return asPromise(this.#wrapsStream ? this.#layer.wrapStream!(wrapOptions(inner, params)) : inner.doStream(params));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  // A layer that transforms the options: its wrapped call (or the model below) gets them.
  async #transformed(type: "generate" | "stream", params: LanguageModelV4CallOptions): Promise<Generated | Streamed> {
    const layer = this.#layer;
    const inner = this.#inner;
    const transformed = await layer.transformParams!({ type, params, model: inner });
    if (type === "generate") return this.#wrapsGenerate ? layer.wrapGenerate!(wrapOptions(inner, transformed)) : inner.doGenerate(transformed);
    return this.#wrapsStream ? layer.wrapStream!(wrapOptions(inner, transformed)) : inner.doStream(transformed);
  }
}
keepShape(new LayeredModel({ provider: "", modelId: "", supportedUrls: {} } as LanguageModelV4, { specificationVersion: "v4" }));

// What a layer's wrapGenerate/wrapStream is handed for one call: the model's own methods, bound,
// not closures (docs/decisions.md, "Hot-path layers are classes"; closures measured the same).
function wrapOptions(inner: LanguageModelV4, params: LanguageModelV4CallOptions): WrapOptions {
  return { doGenerate: inner.doGenerate.bind(inner, params), doStream: inner.doStream.bind(inner, params), params, model: inner };
}

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
