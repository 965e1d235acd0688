// The debugger's quick answer at a boundary: when nothing can stop a call, the layers skip
// building the boundary. It must say "stop" whenever boundary() would, and a model call it waves
// through still counts as its step's and agent's first.
import { describe, expect, it } from "vitest";
import type { TraceEventInput } from "../trace/index.ts";
import { RunDebugger, type Boundary } from "./debugger.ts";

function debuggerFor(options: Partial<ConstructorParameters<typeof RunDebugger>[0]> = {}) {
  const events: TraceEventInput[] = [];
  const debug = new RunDebugger({ emit: (event) => void events.push(event), signal: new AbortController().signal, ...options });
  return { debug, events };
}

const modelCall = (stepNodeId: string, agentNodeId: string): Boundary => ({
  kind: "model-call",
  agentPath: ["writer"],
  step: "draft",
  stepNodeId,
  agentNodeId,
  details: () => ({}),
});

describe("a boundary nothing can stop", () => {
  it("lets tool and model calls through while the run runs with no breakpoints", () => {
    const { debug } = debuggerFor();
    expect(debug.passesToolCall()).toBe(true);
    expect(debug.passesModelCall("n3", "n2")).toBe(true);
  });

  it("is no such boundary while stepping, paused, started paused, or with a breakpoint on a tool", () => {
    expect(debuggerFor({ startPaused: true }).debug.passesToolCall()).toBe(false);
    expect(debuggerFor({ startPaused: true }).debug.passesModelCall("n3", "n2")).toBe(false);

    const paused = debuggerFor().debug;
    paused.pause();
    expect(paused.passesToolCall()).toBe(false);
    expect(paused.passesModelCall("n3", "n2")).toBe(false);

    const withTool = debuggerFor({ breakpoints: [{ kind: "tool", tool: "deploy" }] }).debug;
    expect(withTool.passesToolCall()).toBe(false);
    expect(withTool.passesModelCall("n3", "n2")).toBe(false);
  });

  it("lets tool calls through past step and agent breakpoints (a tool call is no step's first), not model calls", () => {
    const { debug } = debuggerFor({ breakpoints: [{ kind: "step", step: "draft" }, { kind: "agent", agent: "writer" }] });
    expect(debug.passesToolCall()).toBe(true);
    expect(debug.passesModelCall("n3", "n2")).toBe(false);
  });

  it("follows breakpoints set while the run goes", () => {
    const { debug } = debuggerFor();
    debug.setBreakpoints([{ kind: "tool", tool: "deploy" }]);
    expect(debug.passesToolCall()).toBe(false);
    debug.setBreakpoints([]);
    expect(debug.passesToolCall()).toBe(true);
  });

  it("counts a model call it let through as its step's first: a step breakpoint set after it does not stop the next call", () => {
    const { debug, events } = debuggerFor();
    expect(debug.passesModelCall("n3", "n2")).toBe(true);
    debug.setBreakpoints([{ kind: "step", step: "draft" }]);

    expect(debug.boundary(modelCall("n3", "n2"))).toBeUndefined();
    expect(debug.boundary(modelCall("n9", "n2"))).toBeInstanceOf(Promise);
    expect(events.map((e) => e.type)).toEqual(["paused"]);
    // Stopped there, nothing passes until it goes on.
    expect(debug.passesToolCall()).toBe(false);
    expect(debug.passesModelCall("n9", "n2")).toBe(false);
    debug.continue();
    expect(debug.passesToolCall()).toBe(true);
  });
});
