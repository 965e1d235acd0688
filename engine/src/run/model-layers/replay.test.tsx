// The replay layers: a replayed run's model calls are answered from the record, with no call to
// any model, and keep what they cost then; a fork's calls from the fork point go to its other
// model, with the edited prompt.
import { generateText, stepCountIs, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, Step, Tool, run, type TraceEvent } from "june";
import { fork, replay } from "../../replay/index.ts";
import { scripted } from "../../sdk/scripted.ts";
import { composeLayers } from "./compose.ts";
import { layerRun } from "../layer-run.test-support.ts";
import type { LayerRunOptions } from "../layer-run.test-support.ts";
import { pricingLayer } from "./pricing.ts";
import { replayAnswer, replayChoice } from "./replay.ts";
import { SentMessages } from "./sent-messages.ts";
import { traceLayer } from "./trace.ts";

const search = tool({ inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => `hits for ${query}` });
const SCRIPT = [{ toolCalls: [{ toolName: "search", input: { query: "june" } }] }, { text: "June is a framework" }];

// The recorded run: the same agent and step as the layer run's, so the calls have the same keys.
async function recorded(): Promise<TraceEvent[]> {
  const handle = run(
    <Agent name="writer" model={scripted(SCRIPT)}>
      <Tool name="search" value={search} />
      <Step id="work" prompt="Find June" />
    </Agent>,
    { prices: { "june:scripted": { input: 1000, output: 1000 } } },
  );
  const result = await handle.result;
  expect(result.status).toBe("succeeded");
  const events: TraceEvent[] = [];
  for await (const event of handle.events) events.push(event);
  return events;
}

function replayed(options: LayerRunOptions, model = scripted([])) {
  const layers = layerRun(options);
  const { ctx, stepNodeId } = layers;
  const sent = new SentMessages();
  const wrapped = composeLayers(model, [replayChoice(ctx, stepNodeId, ctx.replay!), traceLayer(layers.place, stepNodeId, sent), pricingLayer(ctx), replayAnswer(ctx, stepNodeId)]);
  return { layers, model, wrapped };
}

const modelCalls = (events: TraceEvent[]) => events.filter((e) => e.type === "node-start" && e.node.kind === "model-call").map((e) => (e as { node: { id: string } }).node.id);

describe("a replayed call", () => {
  it("is answered from the record: no model is called, and the node says where its answer came from", async () => {
    const events = await recorded();
    const { layers, model, wrapped } = replayed({ replay: replay(events) });
    const result = await generateText({ model: wrapped, tools: { search }, prompt: "Find June", stopWhen: stepCountIs(2) });

    expect(model.calls).toHaveLength(0);
    expect(result.text).toBe("June is a framework");
    expect(result.steps[0]!.toolCalls).toEqual([expect.objectContaining({ toolCallId: "call_0_0", toolName: "search", input: { query: "june" } })]);
    const from = layers.events.filter((e) => e.type === "replayed").map((e) => (e as { from: unknown }).from);
    expect(from).toEqual(modelCalls(events).map((nodeId) => ({ runId: events[0]!.runId, nodeId })));
  });

  it("costs what it cost then, whatever the run's prices", async () => {
    const events = await recorded();
    const costs = events.filter((e) => e.type === "usage").map((e) => (e as { costUsd?: number }).costUsd);
    expect(costs.every((c) => typeof c === "number" && c > 0)).toBe(true);

    const { layers, wrapped } = replayed({ replay: replay(events), prices: {} });
    await generateText({ model: wrapped, tools: { search }, prompt: "Find June", stopWhen: stepCountIs(2) });
    expect(layers.events.filter((e) => e.type === "usage").map((e) => (e as { costUsd?: number }).costUsd)).toEqual(costs);
  });

  it("marks the tool calls of its answer as the record's to answer", async () => {
    const events = await recorded();
    const { layers, wrapped } = replayed({ replay: replay(events) });
    await generateText({ model: wrapped, tools: { search }, prompt: "Find June", stopWhen: stepCountIs(1) });

    expect([...layers.ctx.replayedToolCalls.get(layers.stepNodeId)!]).toEqual(["call_0_0"]);
  });
});

describe("a fork", () => {
  it("answers the calls before the fork point from the record, and from it on calls the other model with the edited prompt", async () => {
    const events = await recorded();
    const edited = [{ role: "user", content: [{ type: "text", text: "Find Vercel instead" }] }];
    const other = scripted([{ text: "Vercel makes the AI SDK" }], { modelId: "other" });
    const { layers, model, wrapped } = replayed({ replay: fork(events, { at: modelCalls(events)[1]!, model: other, prompt: edited }) });
    const result = await generateText({ model: wrapped, tools: { search }, prompt: "Find June", stopWhen: stepCountIs(2) });

    expect(model.calls).toHaveLength(0);
    expect(other.calls.map((c) => c.prompt)).toEqual([edited]);
    expect(result.text).toBe("Vercel makes the AI SDK");
    expect(layers.children()).toEqual([
      ["model-call", "scripted", "succeeded"],
      ["model-call", "other", "succeeded"],
    ]);
    expect(layers.events.filter((e) => e.type === "replayed")).toHaveLength(1);
  });
});
