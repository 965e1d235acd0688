// The pricing layer: a usage event per call on its model-call node, with what it cost at the
// run's prices, before the node ends.
import { Output, generateText, streamText } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { scripted } from "../../sdk/scripted.ts";
import type { TraceEvent } from "../../trace/index.ts";
import { composeLayers } from "./compose.ts";
import { layerRun } from "../layer-run.test-support.ts";
import { limitsLayer } from "./limits.ts";
import { pricingLayer } from "./pricing.ts";
import { SentMessages } from "./sent-messages.ts";
import { traceLayer } from "./trace.ts";

const usage = { inputTokens: 1_000_000, outputTokens: 500_000 };

function priced(prices: Record<string, { input: number; output: number }>) {
  const run = layerRun({ prices });
  const model = composeLayers(scripted([{ text: "Hello there", usage }]), [traceLayer(run.place, run.stepNodeId, new SentMessages()), pricingLayer(run.ctx)]);
  return { run, model };
}

const usageEvents = (events: TraceEvent[]) => events.filter((e) => e.type === "usage");

describe("usage and cost", () => {
  for (const stream of [false, true]) {
    it(`puts the call's usage and cost on its model-call node, before it ends (stream: ${stream})`, async () => {
      const { run, model } = priced({ "june:scripted": { input: 2, output: 8 } });
      if (stream) await streamText({ model, prompt: "Hi" }).consumeStream();
      else await generateText({ model, prompt: "Hi" });

      const nodeId = run.node(run.stepNodeId).children[0]!.id;
      expect(usageEvents(run.events)).toEqual([
        expect.objectContaining({
          nodeId,
          usage: { inputTokens: 1_000_000, outputTokens: 500_000, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 1_500_000 },
          costUsd: 6,
        }),
      ]);
      const types = run.events.filter((e) => e.type === "usage" || (e.type === "node-end" && e.nodeId === nodeId)).map((e) => e.type);
      expect(types).toEqual(["usage", "node-end"]);
      expect(run.node(nodeId).usage).toMatchObject({ inputTokens: 1_000_000, outputTokens: 500_000 });
    });
  }

  it("reports the usage without a cost when the model has no price", async () => {
    const { run, model } = priced({});
    await generateText({ model, prompt: "Hi" });

    const [event] = usageEvents(run.events);
    expect(event).toMatchObject({ usage: { inputTokens: 1_000_000 } });
    expect(event).not.toHaveProperty("costUsd");
  });

  it("prices each call at the price of the model that answered it, when the models change between calls", async () => {
    const run = layerRun({ prices: { "june:cheap": { input: 1, output: 1 }, "june:dear": { input: 10, output: 10 } } });
    const pricing = pricingLayer(run.ctx);
    const model = (modelId: string) => composeLayers(scripted([{ text: "Hi", usage }], { modelId }), [traceLayer(run.place, run.stepNodeId, new SentMessages()), pricing]);
    for (const modelId of ["cheap", "dear", "dear", "cheap", "unpriced"]) await generateText({ model: model(modelId), prompt: "Hi" });

    expect(usageEvents(run.events).map((e) => e.costUsd)).toEqual([1.5, 15, 15, 1.5, undefined]);
  });

  for (const stream of [false, true]) {
    it(`reports no usage for a call that failed below it (stream: ${stream})`, async () => {
      const run = layerRun({ limits: { maxDepth: 2 } });
      const model = composeLayers(scripted([{ text: JSON.stringify({ a: { b: { c: 1 } } }) }]), [traceLayer(run.place, run.stepNodeId, new SentMessages()), pricingLayer(run.ctx), limitsLayer(run.ctx, run.stepNodeId)]);
      const call = { model, prompt: "Hi", output: Output.object({ schema: z.object({ a: z.unknown() }) }), maxRetries: 0 };
      if (stream) await streamText({ ...call, onError: () => {} }).consumeStream();
      else await generateText(call).catch(() => {});

      expect(run.children()).toEqual([["model-call", "scripted", "failed"]]);
      expect(usageEvents(run.events)).toEqual([]);
    });
  }
});
