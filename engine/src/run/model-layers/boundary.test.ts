// The boundary layer: a stepping run stops before each model call, showing what the model will be
// sent, and the call goes to the model only once the run goes on; a run not stepping never waits.
import { generateText, stepCountIs, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { scripted } from "../../sdk/scripted.ts";
import { composeLayers } from "./compose.ts";
import { layerRun } from "../layer-run.test-support.ts";
import { boundaryLayer } from "./boundary.ts";
import { SentMessages } from "./sent-messages.ts";
import { traceLayer } from "./trace.ts";

const search = tool({ description: "Search the docs", inputSchema: z.object({ query: z.string() }), execute: async () => "hits" });

function stepped(startPaused: boolean) {
  const run = layerRun({ startPaused });
  const model = scripted([{ toolCalls: [{ toolName: "search", input: { query: "june" } }] }, { text: "Done" }]);
  const sent = new SentMessages();
  const wrapped = composeLayers(model, [boundaryLayer(run.place, run.stepNodeId, sent), traceLayer(run.place, run.stepNodeId, sent)]);
  return { run, model, wrapped };
}

describe("a stepping run", () => {
  it("stops before each call, showing the request from the step's message offset, and calls the model once it goes on", async () => {
    const { run, model, wrapped } = stepped(true);
    const done = generateText({ model: wrapped, tools: { search }, prompt: "Find June", stopWhen: stepCountIs(2), temperature: 0 });

    const first = await run.event("paused");
    expect(model.calls).toHaveLength(0);
    expect(run.children()).toEqual([]);
    expect(first.stop).toMatchObject({
      boundary: "model-call",
      agentPath: ["writer"],
      step: "work",
      stepNodeId: run.stepNodeId,
      request: {
        provider: "june.scripted",
        modelId: "scripted",
        messageOffset: 0,
        messages: [{ role: "user", content: [{ type: "text", text: "Find June" }] }],
        tools: [{ name: "search", description: "Search the docs" }],
        settings: { temperature: 0, toolChoice: { type: "auto" } },
      },
    });

    run.ctx.debug.step();
    const second = await run.event("paused", 2);
    expect(model.calls).toHaveLength(1);
    expect(second.stop.request).toMatchObject({ messageOffset: 1, messages: [{ role: "assistant" }, { role: "tool" }] });

    run.ctx.debug.continue();
    await done;
    expect(model.calls).toHaveLength(2);
  });

  it("that is aborted while stopped fails the call before it starts: no node, no model call", async () => {
    const { run, model, wrapped } = stepped(true);
    const done = generateText({ model: wrapped, prompt: "Find June", maxRetries: 0 });
    await run.event("paused");
    run.abort(new DOMException("stop", "AbortError"));

    await expect(done).rejects.toThrow();
    expect(model.calls).toHaveLength(0);
    expect(run.children()).toEqual([]);
  });
});

describe("a run not stepping", () => {
  it("goes on at once: no stop", async () => {
    const { run, model, wrapped } = stepped(false);
    await generateText({ model: wrapped, tools: { search }, prompt: "Find June", stopWhen: stepCountIs(2) });

    expect(model.calls).toHaveLength(2);
    expect(run.events.some((e) => e.type === "paused")).toBe(false);
  });
});
