// What a model call used and cost: a usage event on its model-call node, with the price of the
// model that answered (a recorded call keeps the cost it had). It sits below the trace layer, so
// the usage is in before the node ends, and above the limits layer, so a call that failed there
// reports none.
import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { JuneError } from "../../errors/index.ts";
import { costOf, priceOf, type ModelPrice } from "../../pricing/index.ts";
import { emitUsage, type RunContext } from "../run-context.ts";
import { fromModelUsage } from "../usage.ts";
import type { ModelCall } from "./model-call.ts";
import type { StreamTap } from "./stream-tap.ts";
import { SHAPE_ONLY, keepShape } from "../../shapes/index.ts";
import { CallLayer, type CallHooks, type Generated } from "./compose.ts";

type ModelUsage = Parameters<typeof fromModelUsage>[0];

/**
 * Emits each call's usage and cost (when its price is known, from `ctx.prices`).
 *
 * @example
 * composeLayers(model, [traceLayer(place, stepNodeId, sent), pricingLayer(ctx)]);
 */
export function pricingLayer(ctx: RunContext): CallLayer {
  return new PricingLayer(ctx);
}

// Methods, not closures, on every call's path (tool-layers/tool-call.ts says why).
class PricingLayer extends CallLayer implements CallHooks {
  readonly #ctx: RunContext;
  // A step's calls are nearly always to one model: its price is looked up once (the lookup parses
  // the provider and the id's date suffix), again only when the model changes.
  #priced: { provider: string; modelId: string; price: ModelPrice | undefined } | undefined;

  constructor(ctx: RunContext) {
    super();
    this.#ctx = ctx;
  }

  generated(call: ModelCall, _params: LanguageModelV4CallOptions, result: Generated): Generated {
    this.report(call, result.usage);
    return result;
  }

  streamed(call: ModelCall): StreamTap {
    return new UsageTap(this, call);
  }

  report(call: ModelCall, usage: ModelUsage): void {
    if (call.nodeId === undefined) throw new JuneError("JUNE_INTERNAL", "june: a model call's usage has no node to go on (the pricing layer needs the trace layer above it).");
    const flat = fromModelUsage(usage);
    const costUsd = call.recorded ? call.recorded.call.costUsd : costIn(this.#price(call.provider, call.modelId), flat);
    emitUsage(this.#ctx, call.nodeId, flat, costUsd);
  }

  #price(provider: string, modelId: string): ModelPrice | undefined {
    let priced = this.#priced;
    if (priced?.provider !== provider || priced.modelId !== modelId) {
      priced = { provider, modelId, price: priceOf(this.#ctx.prices, provider, modelId) };
      this.#priced = priced;
    }
    return priced.price;
  }
}
keepShape(new PricingLayer(SHAPE_ONLY));

// A streamed call's usage comes with its finish part; it is reported when the stream ends well.
class UsageTap implements StreamTap {
  readonly #layer: PricingLayer;
  readonly #call: ModelCall;
  #usage: ModelUsage | undefined;
  #ended = false;

  constructor(layer: PricingLayer, call: ModelCall) {
    this.#layer = layer;
    this.#call = call;
  }

  part(part: LanguageModelV4StreamPart): LanguageModelV4StreamPart {
    if (part.type === "finish") this.#usage = part.usage;
    else if (part.type === "error") this.#ended = true;
    return part;
  }

  flush(): void {
    if (!this.#ended) this.#layer.report(this.#call, this.#usage!);
    this.#ended = true;
  }

  cancel(): void {
    this.#ended = true;
  }
}
keepShape(new UsageTap(SHAPE_ONLY, SHAPE_ONLY));

function costIn(price: ModelPrice | undefined, usage: ReturnType<typeof fromModelUsage>): number | undefined {
  return price ? costOf(usage, price) : undefined;
}
