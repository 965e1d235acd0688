// What a model call used and cost: a usage event on its model-call node, with the price of the
// model that answered (a recorded call keeps the cost it had). It sits below the trace layer, so
// the usage is in before the node ends, and above the limits layer, so a call that failed there
// reports none.
import type { LanguageModelV4Middleware } from "@ai-sdk/provider";
import { JuneError } from "../../errors/index.ts";
import { costOf, priceOf, type ModelPrice, type PriceTable } from "../../pricing/index.ts";
import { emit, type RunContext } from "../run-context.ts";
import { fromModelUsage } from "../usage.ts";
import { promised } from "./compose.ts";
import { modelCall, type ModelCall } from "./model-call.ts";
import { tapStream } from "./stream-tap.ts";

type ModelUsage = Parameters<typeof fromModelUsage>[0];

/**
 * Emits each call's usage and cost (when its price is known, from `ctx.prices`).
 *
 * @example
 * composeLayers(model, [traceLayer(place, stepNodeId, sent), pricingLayer(ctx)]);
 */
export function pricingLayer(ctx: RunContext): LanguageModelV4Middleware {
  const price = priceLookup(ctx.prices);
  const report = (call: ModelCall, usage: ModelUsage): void => {
    if (call.nodeId === undefined) throw new JuneError("JUNE_INTERNAL", "june: a model call's usage has no node to go on (the pricing layer needs the trace layer above it).");
    const flat = fromModelUsage(usage);
    const costUsd = call.recorded ? call.recorded.call.costUsd : costIn(price(call.provider, call.modelId), flat);
    emit(ctx, { type: "usage", nodeId: call.nodeId, usage: flat, ...(costUsd !== undefined ? { costUsd } : {}) });
  };
  return {
    specificationVersion: "v4",
    wrapGenerate: ({ doGenerate, params, model }) => {
      const call = modelCall(params, model);
      return promised(doGenerate).then((result) => {
        report(call, result.usage);
        return result;
      });
    },
    wrapStream: ({ doStream, params, model }) => {
      const call = modelCall(params, model);
      return promised(doStream).then((result) => {
        let usage: ModelUsage;
        let ended = false;
        return tapStream(result, {
          part(part) {
            if (part.type === "finish") usage = part.usage;
            else if (part.type === "error") ended = true;
            return part;
          },
          flush() {
            if (!ended) report(call, usage);
            ended = true;
          },
          cancel() {
            ended = true;
          },
        });
      });
    },
  };
}

// A step's calls are nearly always to one model: its price is looked up once (the lookup parses
// the provider and the id's date suffix), again only when the model changes.
function priceLookup(table: PriceTable): (provider: string, modelId: string) => ModelPrice | undefined {
  let last: { provider: string; modelId: string; price: ModelPrice | undefined } | undefined;
  return (provider, modelId) => {
    if (last?.provider !== provider || last.modelId !== modelId) last = { provider, modelId, price: priceOf(table, provider, modelId) };
    return last.price;
  };
}

function costIn(price: ModelPrice | undefined, usage: ReturnType<typeof fromModelUsage>): number | undefined {
  return price ? costOf(usage, price) : undefined;
}
