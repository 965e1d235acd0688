// The tool replay layers: in a replayed run, a call of a recorded model answer gets its recorded
// result (or its recorded failure, as the same error) and the tool doesn't run; a call of a live
// answer runs live whatever id it carries.
import { generateText, stepCountIs, tool, type Tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, Step, Tool as ToolElement, run, type TraceEvent } from "june";
import { replay } from "../../replay/index.ts";
import { scripted } from "../../sdk/scripted.ts";
import { layerRun } from "../layer-run.test-support.ts";
import { SentMessages, composeLayers, replayAnswer as modelAnswer, replayChoice as modelChoice, traceLayer as modelTrace } from "../model-layers/index.ts";
import { layeredTool } from "./layered-tool.test-support.ts";
import { replayAnswer, replayChoice } from "./replay.ts";
import { traceLayer } from "./trace.ts";

const SCRIPT = [{ toolCalls: [{ toolName: "search", input: { query: "june" } }] }, { text: "Done" }];

function searchTool(ran: string[], fail = false) {
  return tool({
    inputSchema: z.object({ query: z.string() }),
    execute: async ({ query }): Promise<{ hits: string[] }> => {
      ran.push(query);
      if (fail) throw new RangeError(`no index for ${query}`);
      return { hits: [`${query}.dev`] };
    },
  });
}

async function recorded(search: Tool): Promise<TraceEvent[]> {
  const handle = run(
    <Agent name="writer" model={scripted(SCRIPT)}>
      <ToolElement name="search" value={search} />
      <Step id="work" prompt="Find June" />
    </Agent>,
  );
  await handle.result;
  const events: TraceEvent[] = [];
  for await (const event of handle.events) events.push(event);
  return events;
}

// The replayed step: the model's and the tool's replay layers around a trace, as a run composes them.
async function replayStep(events: TraceEvent[], search: Tool) {
  const layers = layerRun({ replay: replay(events) });
  const { ctx, place, stepNodeId } = layers;
  const model = scripted([]);
  const wrapped = composeLayers(model, [modelChoice(ctx, stepNodeId, ctx.replay!), modelTrace(place, stepNodeId, new SentMessages()), modelAnswer(ctx, stepNodeId)]);
  const tools = {
    search: layeredTool("search", search, place, [replayChoice(place, stepNodeId, place.ctx.replay!), traceLayer(place, stepNodeId, { kind: "tool-call", name: "search" }), replayAnswer()]),
  };
  await generateText({ model: wrapped, tools, prompt: "Find June", stopWhen: stepCountIs(2) });
  const recordedTool = events.find((e) => e.type === "node-start" && e.node.kind === "tool-call") as Extract<TraceEvent, { type: "node-start" }>;
  const toolNode = layers.node(stepNodeId).children.find((c) => c.kind === "tool-call")!;
  return { layers, toolNode, recordedToolId: recordedTool.node.id };
}

describe("a recorded tool call", () => {
  it("gets its recorded result: the tool doesn't run, and the node says where its answer came from", async () => {
    const events = await recorded(searchTool([]));
    const ran: string[] = [];
    const { layers, toolNode, recordedToolId } = await replayStep(events, searchTool(ran));

    expect(ran).toEqual([]);
    expect(toolNode).toMatchObject({ status: "succeeded", output: { hits: ["june.dev"] } });
    expect(layers.events).toContainEqual(expect.objectContaining({ type: "replayed", nodeId: toolNode.id, from: { runId: events[0]!.runId, nodeId: recordedToolId } }));
  });

  it("fails again with its recorded failure, the same error as then", async () => {
    const events = await recorded(searchTool([], true));
    const ran: string[] = [];
    const { toolNode } = await replayStep(events, searchTool(ran));

    expect(ran).toEqual([]);
    expect(toolNode).toMatchObject({ status: "failed", error: { code: "JUNE_TOOL_FAILED", name: "RangeError", message: "no index for june" } });
  });
});

describe("a live answer's tool call", () => {
  it("runs live, though its id is one the record has", async () => {
    const events = await recorded(searchTool([]));
    const layers = layerRun({ replay: replay(events) });
    const ran: string[] = [];
    const { place, stepNodeId } = layers;
    // The model answers live (no model replay layers here), so nothing marks its calls as the record's.
    const tools = {
      search: layeredTool("search", searchTool(ran), place, [replayChoice(place, stepNodeId, place.ctx.replay!), traceLayer(place, stepNodeId, { kind: "tool-call", name: "search" }), replayAnswer()]),
    };
    await generateText({ model: scripted(SCRIPT), tools, prompt: "Find June", stopWhen: stepCountIs(2) });

    expect(ran).toEqual(["june"]);
    expect(layers.events.some((e) => e.type === "replayed")).toBe(false);
  });
});
