// Middleware composed like the AI SDK's wrapLanguageModel (the first is the outermost, each sees
// the model below it), without its per-call async wrappers: wrapLanguageModel awaits every layer's
// transformParams (also when it has none) and wraps both of its calls in async functions, three
// promises a layer for each model call. Here a layer without transformParams costs nothing extra,
// and June's own layers (CallLayer: hooks around the call instead of a wrapGenerate that calls
// down) run side by side in one frame, so the layers cost the hot path what they do, not what
// stacking them costs.
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Middleware } from "@ai-sdk/provider";
import { keepShape } from "../../shapes/index.ts";
import { modelCall, type ModelCall } from "./model-call.ts";
import { tapStream, type StreamTap } from "./stream-tap.ts";

/**
 * `model` wrapped in `middleware`, the first outermost. Consecutive CallLayers share one model
 * object and one async frame per call.
 *
 * @example
 * const model = composeLayers(scripted([{ text: "Hi" }]), [traceLayer(place, stepNodeId, sent), pricingLayer(ctx)]);
 */
export function composeLayers(model: LanguageModelV4, middleware: readonly LanguageModelV4Middleware[]): LanguageModelV4 {
  let inner = model;
  for (let i = middleware.length - 1; i >= 0; ) {
    const layer = middleware[i]!;
    if (!(layer instanceof CallLayer)) {
      inner = new LayeredModel(inner, layer);
      i--;
      continue;
    }
    let first = i;
    while (first > 0 && middleware[first - 1] instanceof CallLayer) first--;
    inner = new ChainedModel(inner, middleware.slice(first, i + 1) as HookedLayer[]);
    i = first - 1;
  }
  return inner;
}

/**
 * What one of June's layers does around a model call, as hooks the composition calls in order,
 * rather than a wrapGenerate that calls the model below: the hooks of side-by-side layers run in
 * one async frame per call, not one per layer. Measured on the peer harness (par stream:false, a
 * full GC before each run), the four hot layers nested as middleware cost about ten points more
 * than the same work in one function (docs/benchmarks.md, "June's layers in one frame").
 */
export interface CallHooks {
  /**
   * Before the call goes down, the outermost layer first. A promise holds the call (and the
   * layers below) until it settles; a rejection fails the call for the layers above.
   */
  before?(call: ModelCall, params: LanguageModelV4CallOptions): Promise<void> | undefined;
  /** A generate call's answer, the innermost layer first: it or a changed one; a throw fails the call for the layers above. */
  generated?(call: ModelCall, params: LanguageModelV4CallOptions, result: Generated): Generated;
  /** A stream call's answer, the innermost layer first: a tap on its stream, if the layer watches it. */
  streamed?(call: ModelCall, params: LanguageModelV4CallOptions, result: Streamed): StreamTap | undefined;
  /** The call failed below this layer (or was held and never went down), with `error`. */
  failed?(call: ModelCall, error: unknown): void;
}

/**
 * A June layer: a subclass implements CallHooks, and they are its behaviour. It is an AI SDK
 * middleware too, so used alone, or by the SDK's wrapLanguageModel, its wrapGenerate/wrapStream
 * run the same hooks the same way.
 */
export class CallLayer implements LanguageModelV4Middleware {
  readonly specificationVersion = "v4";

  // Getters, as the SDK takes a middleware's functions apart (wrapLanguageModel destructures
  // them) and calls them without `this`; June's composition never reads them.
  get wrapGenerate(): (options: WrapOptions) => Promise<Generated> {
    return (options) => generateThrough([this as HookedLayer], modelCall(options.params, options.model), options.params, options);
  }

  get wrapStream(): (options: WrapOptions) => Promise<Streamed> {
    return (options) => streamThrough([this as HookedLayer], modelCall(options.params, options.model), options.params, options);
  }
}

type HookedLayer = CallLayer & CallHooks;

// Side-by-side CallLayers over the model below them.
class ChainedModel implements LanguageModelV4 {
  readonly specificationVersion = "v4";
  readonly provider: string;
  readonly modelId: string;
  readonly supportedUrls: LanguageModelV4["supportedUrls"];
  readonly #inner: LanguageModelV4;
  readonly #layers: readonly HookedLayer[];

  constructor(inner: LanguageModelV4, layers: readonly HookedLayer[]) {
    this.#inner = inner;
    this.#layers = layers;
    this.provider = inner.provider;
    this.modelId = inner.modelId;
    this.supportedUrls = inner.supportedUrls;
  }

  doGenerate(params: LanguageModelV4CallOptions): Promise<Generated> {
    const inner = this.#inner;
    return generateThrough(this.#layers, modelCall(params, inner), params, inner);
  }

  doStream(params: LanguageModelV4CallOptions): Promise<Streamed> {
    const inner = this.#inner;
    return streamThrough(this.#layers, modelCall(params, inner), params, inner);
  }
}
keepShape(new ChainedModel({ provider: "", modelId: "", supportedUrls: {} } as LanguageModelV4, []));

// What the layers call down to: the model below (called with the options), or a middleware's
// doGenerate/doStream (which take none).
interface Below {
  doGenerate(params: LanguageModelV4CallOptions): PromiseLike<Generated>;
  doStream(params: LanguageModelV4CallOptions): PromiseLike<Streamed>;
}

function generateThrough(layers: readonly HookedLayer[], call: ModelCall, params: LanguageModelV4CallOptions, below: Below): Promise<Generated> {
  return through("generate", layers, call, params, below) as Promise<Generated>;
}

function streamThrough(layers: readonly HookedLayer[], call: ModelCall, params: LanguageModelV4CallOptions, below: Below): Promise<Streamed> {
  return through("stream", layers, call, params, below) as Promise<Streamed>;
}

// One call through side-by-side layers: their befores, the model below, then its answer back up
// through them, the innermost first (a generate answer through their `generated`, a stream
// through their taps).
async function through(type: "generate" | "stream", layers: readonly HookedLayer[], call: ModelCall, params: LanguageModelV4CallOptions, below: Below): Promise<Generated | Streamed> {
  const held = enter(layers, 0, call, params);
  if (held !== undefined) await held;
  let result: Generated | Streamed;
  try {
    result = await (type === "generate" ? below.doGenerate(params) : below.doStream(params));
  } catch (error) {
    failAbove(layers, layers.length, call, error);
    throw error;
  }
  return type === "generate" ? generatedUp(layers, call, params, result as Generated) : tappedUp(layers, call, params, result as Streamed);
}

function generatedUp(layers: readonly HookedLayer[], call: ModelCall, params: LanguageModelV4CallOptions, answered: Generated): Generated {
  let result = answered;
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i]!;
    if (layer.generated === undefined) continue;
    try {
      result = layer.generated(call, params, result);
    } catch (error) {
      failAbove(layers, i, call, error);
      throw error;
    }
  }
  return result;
}

function tappedUp(layers: readonly HookedLayer[], call: ModelCall, params: LanguageModelV4CallOptions, answered: Streamed): Streamed {
  let result = answered;
  for (let i = layers.length - 1; i >= 0; i--) {
    const tap = layers[i]!.streamed?.(call, params, result);
    if (tap !== undefined) result = tapStream(result, tap);
  }
  return result;
}

// The layers' before hooks from `from` on; a promise when one holds the call (the rest wait for it).
function enter(layers: readonly HookedLayer[], from: number, call: ModelCall, params: LanguageModelV4CallOptions): Promise<void> | undefined {
  for (let i = from; i < layers.length; i++) {
    let held: Promise<void> | undefined;
    try {
      held = layers[i]!.before?.(call, params);
    } catch (error) {
      failAbove(layers, i, call, error);
      throw error;
    }
    if (held !== undefined) {
      return held.then(
        () => enter(layers, i + 1, call, params),
        (error: unknown) => {
          failAbove(layers, i, call, error);
          throw error;
        },
      );
    }
  }
  return undefined;
}

// The layers above `at` hear that the call failed, the nearest first, as nested middleware would.
function failAbove(layers: readonly HookedLayer[], at: number, call: ModelCall, error: unknown): void {
  for (let i = at - 1; i >= 0; i--) layers[i]!.failed?.(call, error);
}

// Any other middleware: one layer over the model below it. What the layer implements is read once,
// here, and a call with nothing to wrap goes straight down (docs/benchmarks.md, "One layer, its
// flags read once").
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
