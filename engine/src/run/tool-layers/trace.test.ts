// The tool trace layer: a node per execution under the step, with the input and then the output
// or the error the model saw; no tool starts in an aborted run.
import { generateText, stepCountIs, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { scripted } from "../../sdk/scripted.ts";
import { layerRun } from "../layer-run.test-support.ts";
import { executionOptions, layeredTool } from "./layered-tool.test-support.ts";
import { traceLayer } from "./trace.ts";

const SCRIPT = [{ toolCalls: [{ toolName: "search", input: { query: "june" } }] }, { text: "Done" }];

describe("a tool call's node", () => {
  it("holds the input and the output, under the step, with the model's call id", async () => {
    const run = layerRun();
    const search = tool({ inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => ({ hits: [`${query}.dev`] }) });
    const tools = { search: layeredTool("search", search, run.place, [traceLayer(run.place, run.stepNodeId, { kind: "tool-call", name: "search" })]) };
    await generateText({ model: scripted(SCRIPT), tools, prompt: "Find", stopWhen: stepCountIs(2) });

    expect(run.children()).toEqual([["tool-call", "search", "succeeded"]]);
    const node = run.node(run.stepNodeId).children[0]!;
    expect(node).toMatchObject({ callId: "call_0_0", input: { query: "june" }, output: { hits: ["june.dev"] } });
  });

  it("fails with the tool's error, its class name kept, and the model sees it", async () => {
    const run = layerRun();
    const search = tool({
      inputSchema: z.object({ query: z.string() }),
      execute: async (): Promise<string> => {
        throw new TypeError("the index is gone");
      },
    });
    const model = scripted(SCRIPT);
    const tools = { search: layeredTool("search", search, run.place, [traceLayer(run.place, run.stepNodeId, { kind: "tool-call", name: "search" })]) };
    await generateText({ model, tools, prompt: "Find", stopWhen: stepCountIs(2) });

    expect(run.node(run.stepNodeId).children[0]).toMatchObject({ status: "failed", error: { code: "JUNE_TOOL_FAILED", name: "TypeError", message: "the index is gone" } });
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("the index is gone");
  });

  it("is a block load when the tool is a block's loader", async () => {
    const run = layerRun();
    const loader = tool({ inputSchema: z.object({}), execute: async () => "the style guide" });
    const layered = layeredTool("load_style", loader, run.place, [traceLayer(run.place, run.stepNodeId, { kind: "block-load", name: "style" })]);
    await layered.execute!({}, executionOptions("call_1"));

    expect(run.children()).toEqual([["block-load", "style", "succeeded"]]);
  });
});

describe("an aborted run", () => {
  it("starts no tool: no node, and the tool doesn't run", async () => {
    const run = layerRun();
    const ran: string[] = [];
    const search = tool({ inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => void ran.push(query) });
    const layered = layeredTool("search", search, run.place, [traceLayer(run.place, run.stepNodeId, { kind: "tool-call", name: "search" })]);
    run.abort(new DOMException("stop", "AbortError"));

    await expect(layered.execute!({ query: "june" }, executionOptions("call_1"))).rejects.toMatchObject({ name: "AbortError" });
    expect(ran).toEqual([]);
    expect(run.children()).toEqual([]);
  });

});
