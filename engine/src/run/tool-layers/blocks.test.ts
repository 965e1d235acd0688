// The block-load layer: each call of a block's loader is recorded in the run's block loads, with
// the agent and step that loaded it.
import { tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { layerRun } from "../layer-run.test-support.ts";
import { blockLoadLayer } from "./blocks.ts";
import { executionOptions, layeredTool } from "./layered-tool.test-support.ts";
import { traceLayer } from "./trace.ts";

describe("a block's loader", () => {
  it("records each load of the block, with the agent and step, and its node is a block load", async () => {
    const layers = layerRun();
    const loader = tool({ inputSchema: z.object({}), execute: async () => "Write short sentences." });
    const load = layeredTool("load_style", loader, layers.place, [
      blockLoadLayer(layers.place, "style"),
      traceLayer(layers.place, layers.stepNodeId, { kind: "block-load", name: "style" }),
    ]);
    expect(await load.execute!({}, executionOptions("call_0_0"))).toBe("Write short sentences.");
    await load.execute!({}, executionOptions("call_1_0"));

    expect(layers.ctx.blocksLoaded).toEqual([
      { block: "style", agentPath: ["writer"], step: "work" },
      { block: "style", agentPath: ["writer"], step: "work" },
    ]);
    expect(layers.children()).toEqual([
      ["block-load", "style", "succeeded"],
      ["block-load", "style", "succeeded"],
    ]);
  });
});
