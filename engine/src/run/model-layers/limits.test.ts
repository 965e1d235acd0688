// The limits layer: what a model sends is held to the run's bounds. A tool call's input past them
// never reaches the tool (the model hears why, the trace has the call failed with the code); a
// typed output past them fails the call.
import { Output, generateText, stepCountIs, streamText, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { scripted } from "../../sdk/scripted.ts";
import { composeLayers } from "./compose.ts";
import { layerRun } from "../layer-run.test-support.ts";
import { limitsLayer } from "./limits.ts";
import { SentMessages } from "./sent-messages.ts";
import { traceLayer } from "./trace.ts";

function limited(responses: Parameters<typeof scripted>[0], limits: { maxDepth?: number; maxBytes?: number }) {
  const run = layerRun({ limits });
  const model = scripted(responses);
  const wrapped = composeLayers(model, [traceLayer(run.place, run.stepNodeId, new SentMessages()), limitsLayer(run.ctx, run.stepNodeId)]);
  return { run, model, wrapped };
}

describe("a tool call's input", () => {
  for (const stream of [false, true]) {
    it(`past the bounds never reaches the tool: the call fails with the code and the model hears why (stream: ${stream})`, async () => {
      const written: string[] = [];
      const write = tool({ inputSchema: z.object({ text: z.string() }), execute: async ({ text }) => void written.push(text) });
      const { run, model, wrapped } = limited([{ toolCalls: [{ toolName: "write", input: { text: "x".repeat(200) } }] }, { text: "Sorry" }], { maxBytes: 100 });
      const call = { model: wrapped, tools: { write }, prompt: "Write", stopWhen: stepCountIs(2) };
      if (stream) await streamText(call).consumeStream();
      else await generateText(call);

      expect(written).toEqual([]);
      expect(run.children()).toEqual([
        ["model-call", "scripted", "succeeded"],
        ["tool-call", "write", "failed"],
        ["model-call", "scripted", "succeeded"],
      ]);
      const failed = run.node(run.stepNodeId).children[1]!;
      expect(failed.callId).toBe("call_0_0");
      expect(failed.error).toMatchObject({ code: "JUNE_VALUE_TOO_LARGE", message: expect.stringContaining('the input the model sent to the tool "write"') });
      expect(JSON.stringify(model.calls[1]!.prompt)).toContain("JUNE_VALUE_TOO_LARGE");
    });
  }

  it("within the bounds passes untouched", async () => {
    const written: string[] = [];
    const write = tool({ inputSchema: z.object({ text: z.string() }), execute: async ({ text }) => void written.push(text) });
    const { run, wrapped } = limited([{ toolCalls: [{ toolName: "write", input: { text: "short" } }] }, { text: "Done" }], { maxBytes: 100 });
    await generateText({ model: wrapped, tools: { write }, prompt: "Write", stopWhen: stepCountIs(2) });

    expect(written).toEqual(["short"]);
    expect(run.children().map(([kind]) => kind)).toEqual(["model-call", "model-call"]);
  });
});

describe("a typed output", () => {
  const deep = JSON.stringify({ a: { b: { c: { d: 1 } } } });
  const output = Output.object({ schema: z.object({ a: z.unknown() }) });

  it("past the bounds fails the call (generateText)", async () => {
    const { run, wrapped } = limited([{ text: deep }], { maxDepth: 2 });
    await expect(generateText({ model: wrapped, prompt: "Answer", output, maxRetries: 0 })).rejects.toMatchObject({ code: "JUNE_VALUE_TOO_DEEP" });

    const node = run.node(run.stepNodeId).children[0]!;
    expect(node.status).toBe("failed");
    expect(node.error).toMatchObject({ code: "JUNE_VALUE_TOO_DEEP", message: expect.stringContaining("the typed output the model sent") });
  });

  it("past the bounds ends the stream with the error, and the call fails (streamText)", async () => {
    const { run, wrapped } = limited([{ text: deep }], { maxDepth: 2 });
    const errors: unknown[] = [];
    const result = streamText({ model: wrapped, prompt: "Answer", output, onError: ({ error }) => void errors.push(error) });
    await result.consumeStream();

    expect(errors).toEqual([expect.objectContaining({ code: "JUNE_VALUE_TOO_DEEP" })]);
    const node = run.node(run.stepNodeId).children[0]!;
    expect(node.status).toBe("failed");
    expect(node.error).toMatchObject({ code: "JUNE_VALUE_TOO_DEEP" });
  });
});
