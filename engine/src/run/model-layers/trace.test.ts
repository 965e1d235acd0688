// The trace layer: a model-call node per call, under the step, with what the model was sent (only
// the messages new since the step's previous call), streamed text and reasoning, and the answer.
import { generateText, stepCountIs, streamText, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { scripted } from "../../sdk/scripted.ts";
import { composeLayers } from "./compose.ts";
import { layerRun } from "../layer-run.test-support.ts";
import { SentMessages } from "./sent-messages.ts";
import { traceLayer } from "./trace.ts";

const search = tool({ description: "Search", inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => `hits for ${query}` });

function traced(responses: Parameters<typeof scripted>[0]) {
  const run = layerRun();
  const model = scripted(responses);
  return { run, model, traced: composeLayers(model, [traceLayer(run.place, run.stepNodeId, new SentMessages())]) };
}

describe("a model-call node per call", () => {
  it("names the model, records what it was sent and what it answered, under the step", async () => {
    const { run, traced: model } = traced([{ toolCalls: [{ toolName: "search", input: { query: "june" } }] }, { text: "June is a framework" }]);
    await generateText({ model, tools: { search }, prompt: "Find June", stopWhen: stepCountIs(2), temperature: 0.5 });

    expect(run.children()).toEqual([
      ["model-call", "scripted", "succeeded"],
      ["model-call", "scripted", "succeeded"],
    ]);
    const [first, second] = run.node(run.stepNodeId).children;
    expect(first!.input).toEqual({
      provider: "june.scripted",
      modelId: "scripted",
      messageOffset: 0,
      messages: [{ role: "user", content: [{ type: "text", text: "Find June" }] }],
      tools: ["search"],
      settings: { temperature: 0.5, toolChoice: { type: "auto" } },
    });
    expect(first!.output).toEqual({ text: "", toolCalls: [{ toolCallId: "call_0_0", toolName: "search", input: { query: "june" } }], finishReason: "tool-calls" });
    expect(second!.output).toEqual({ text: "June is a framework", toolCalls: [], finishReason: "stop" });
  });

  it("records only the messages new since the step's previous call", async () => {
    const { run, traced: model } = traced([{ toolCalls: [{ toolName: "search", input: { query: "june" } }] }, { text: "Done" }]);
    await generateText({ model, tools: { search }, prompt: "Find June", stopWhen: stepCountIs(2) });

    const second = run.node(run.stepNodeId).children[1]!.input as { messageOffset: number; messages: { role: string }[] };
    expect(second.messageOffset).toBe(1);
    expect(second.messages.map((m) => m.role)).toEqual(["assistant", "tool"]);
  });
});

describe("a streamed call", () => {
  it("sends its text and reasoning as node updates while it streams, and records them whole", async () => {
    const { run, traced: model } = traced([{ reasoning: "think it over", text: "June is a framework" }]);
    const result = streamText({ model, prompt: "What is June?" });
    await result.consumeStream();

    const nodeId = run.node(run.stepNodeId).children[0]!.id;
    const updates = run.events.filter((e) => e.type === "node-update" && e.nodeId === nodeId);
    expect(updates.map((e) => (e as { textDelta?: string }).textDelta ?? "").join("")).toBe("June is a framework");
    expect(updates.map((e) => (e as { reasoningDelta?: string }).reasoningDelta ?? "").join("")).toBe("think it over");
    expect(run.node(nodeId).output).toEqual({ text: "June is a framework", reasoning: "think it over", toolCalls: [], finishReason: "stop" });
    // The updates come between the node's start and its end.
    const start = run.events.findIndex((e) => e.type === "node-start" && e.node.id === nodeId);
    const end = run.events.findIndex((e) => e.type === "node-end" && e.nodeId === nodeId);
    expect(updates.every((e) => run.events.indexOf(e) > start && run.events.indexOf(e) < end)).toBe(true);
  });
});

describe("a failed call", () => {
  it("fails its node with the model's name and the error's code", async () => {
    const { run, traced: model } = traced([]);
    await expect(generateText({ model, prompt: "Hello", maxRetries: 0 })).rejects.toMatchObject({ code: "JUNE_SCRIPT_EXHAUSTED" });

    const node = run.node(run.stepNodeId).children[0]!;
    expect(node.status).toBe("failed");
    expect(node.error).toMatchObject({ code: "JUNE_SCRIPT_EXHAUSTED", message: expect.stringMatching(/^june: the call to scripted failed: scripted model "scripted" ran out/) });
  });

  it("is aborted, not failed, when the run was aborted", async () => {
    const { run, traced: model } = traced([{ text: "one two three four" }]);
    const result = streamText({ model, prompt: "Count", abortSignal: run.ctx.signal });
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") run.abort(new DOMException("stop", "AbortError"));
    }
    const node = run.node(run.stepNodeId).children[0]!;
    expect(node.status).toBe("aborted");
  });
});
