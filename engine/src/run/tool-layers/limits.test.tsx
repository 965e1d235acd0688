// The tool limits layer: a result past the run's bounds is the tool's failure, which the model
// hears the reason for; a recorded result is what the run got then and is not measured again.
import { generateText, stepCountIs, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Agent, Step, Tool, run, type TraceEvent } from "june";
import { replay } from "../../replay/index.ts";
import { scripted } from "../../sdk/scripted.ts";
import { layerRun } from "../layer-run.test-support.ts";
import { tracedModel } from "../traced-model.ts";
import { tracedTools } from "../traced-tools.ts";
import { layeredTool } from "./layered-tool.test-support.ts";
import { limitsLayer } from "./limits.ts";
import { traceLayer } from "./trace.ts";

const SCRIPT = [{ toolCalls: [{ toolName: "read", input: {} }] }, { text: "Done" }];
const big = tool({ inputSchema: z.object({}), execute: async () => "x".repeat(500) });

describe("a tool's result", () => {
  it("past the bounds fails the call with the code, and the model hears why", async () => {
    const layers = layerRun({ limits: { maxBytes: 100 } });
    const model = scripted(SCRIPT);
    const read = layeredTool("read", big, layers.place, [traceLayer(layers.place, layers.stepNodeId, { kind: "tool-call", name: "read" }), limitsLayer(layers.ctx, "read")]);
    await generateText({ model, tools: { read }, prompt: "Read", stopWhen: stepCountIs(2) });

    expect(layers.node(layers.stepNodeId).children[0]).toMatchObject({ status: "failed", error: { code: "JUNE_VALUE_TOO_LARGE", message: expect.stringContaining('the result of the tool "read"') } });
    expect(layers.node(layers.stepNodeId).children[0]).not.toHaveProperty("output");
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain('the result of the tool \\"read\\"');
  });

  it("within the bounds is the tool's output", async () => {
    const layers = layerRun({ limits: { maxBytes: 1000 } });
    const read = layeredTool("read", big, layers.place, [traceLayer(layers.place, layers.stepNodeId, { kind: "tool-call", name: "read" }), limitsLayer(layers.ctx, "read")]);
    await generateText({ model: scripted(SCRIPT), tools: { read }, prompt: "Read", stopWhen: stepCountIs(2) });

    expect(layers.node(layers.stepNodeId).children[0]).toMatchObject({ status: "succeeded", output: "x".repeat(500) });
  });

  it("from the record is not measured again, though this run's bounds are tighter", async () => {
    const handle = run(
      <Agent name="writer" model={scripted(SCRIPT)}>
        <Tool name="read" value={big} />
        <Step id="work" prompt="Read" />
      </Agent>,
    );
    await handle.result;
    const events: TraceEvent[] = [];
    for await (const event of handle.events) events.push(event);

    // The layers as a run composes them.
    const layers = layerRun({ replay: replay(events), limits: { maxBytes: 100 } });
    const { place, stepNodeId } = layers;
    const model = tracedModel(scripted([]), place, stepNodeId);
    const { tools } = tracedTools({ read: big }, place, stepNodeId);
    await generateText({ model, tools, prompt: "Read", stopWhen: stepCountIs(2) });

    expect(layers.node(stepNodeId).children.find((c) => c.kind === "tool-call")).toMatchObject({ status: "succeeded", output: "x".repeat(500) });
  });
});
