// The bottom of a tool's layers: the tool runs live, gives way to the run's abort even when it
// ignores the signal, and hands its call to a composite runner that asks for it.
import { tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { layerRun } from "../layer-run.test-support.ts";
import { takeToolCall, type ToolCallFrame } from "./composite.ts";
import { executionOptions, layeredTool } from "./layered-tool.test-support.ts";
import { traceLayer } from "./trace.ts";

describe("a tool that ignores the abort signal", () => {
  it("doesn't keep its node (or the run) open: the call ends aborted when the run is", async () => {
    const run = layerRun();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const slow = tool({ inputSchema: z.object({}), execute: () => (started(), new Promise<string>(() => {})) });
    const layered = layeredTool("slow", slow, run.place, [traceLayer(run.place, run.stepNodeId, { kind: "tool-call", name: "slow" })]);
    const execution = layered.execute!({}, executionOptions("call_1"));
    await running;
    run.abort(new DOMException("stop", "AbortError"));

    await expect(execution).rejects.toMatchObject({ name: "AbortError" });
    expect(run.children()).toEqual([["tool-call", "slow", "aborted"]]);
  });
});

describe("the hand-off to a composite runner", () => {
  it("gives the tool, first thing, its call's node and place, and nobody after", async () => {
    const run = layerRun();
    const taken: (ToolCallFrame | undefined)[] = [];
    const composite = tool({ inputSchema: z.object({}), execute: async () => (taken.push(takeToolCall(), takeToolCall()), "ran") });
    const layered = layeredTool("research", composite, run.place, [traceLayer(run.place, run.stepNodeId, { kind: "tool-call", name: "research" })]);
    await layered.execute!({}, executionOptions("call_1"));

    const nodeId = run.node(run.stepNodeId).children[0]!.id;
    expect(taken).toEqual([{ nodeId, place: run.place }, undefined]);
    expect(takeToolCall()).toBeUndefined();
  });
});
