// The tool boundary layer: a stepping run stops before a tool executes, showing the call, and the
// tool runs only once the run goes on; a run not stepping never waits.
import { tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { layerRun } from "../layer-run.test-support.ts";
import { boundaryLayer } from "./boundary.ts";
import { executionOptions, layeredTool } from "./layered-tool.test-support.ts";
import { traceLayer } from "./trace.ts";

function deployTool(startPaused: boolean) {
  const run = layerRun({ startPaused });
  const deployed: string[] = [];
  const deploy = tool({ inputSchema: z.object({ env: z.string() }), execute: async ({ env }) => (deployed.push(env), `deployed to ${env}`) });
  const layered = layeredTool("deploy", deploy, run.place, [boundaryLayer(run.place, run.stepNodeId), traceLayer(run.place, run.stepNodeId, { kind: "tool-call", name: "deploy" })]);
  return { run, deployed, layered };
}

describe("a stepping run", () => {
  it("stops before the tool executes, showing the call, and runs it once the run goes on", async () => {
    const { run, deployed, layered } = deployTool(true);
    const execution = layered.execute!({ env: "prod" }, executionOptions("call_0_0"));

    const { stop } = await run.event("paused");
    expect(stop).toMatchObject({ boundary: "tool-call", agentPath: ["writer"], step: "work", tool: { toolName: "deploy", toolCallId: "call_0_0", input: { env: "prod" } } });
    expect(deployed).toEqual([]);
    expect(run.children()).toEqual([]);

    run.ctx.debug.continue();
    expect(await execution).toBe("deployed to prod");
    expect(deployed).toEqual(["prod"]);
  });

  it("stops at a breakpoint on the tool", async () => {
    const run = layerRun({ breakpoints: [{ kind: "tool", tool: "deploy" }] });
    const deploy = tool({ inputSchema: z.object({}), execute: async () => "deployed" });
    const layered = layeredTool("deploy", deploy, run.place, [boundaryLayer(run.place, run.stepNodeId)]);
    const execution = layered.execute!({}, executionOptions("call_0_0"));

    expect((await run.event("paused")).stop).toMatchObject({ reason: "breakpoint", tool: { toolName: "deploy" } });
    run.ctx.debug.continue();
    await execution;
  });
});

describe("a run not stepping", () => {
  it("runs the tool at once: no stop", async () => {
    const { run, deployed, layered } = deployTool(false);
    await layered.execute!({ env: "prod" }, executionOptions("call_0_0"));

    expect(deployed).toEqual(["prod"]);
    expect(run.events.some((e) => e.type === "paused")).toBe(false);
  });
});
