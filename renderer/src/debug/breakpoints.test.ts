// Which breakpoint a node stands for (steps inside composite tools get the tool's prefix, as the
// engine names them), toggling, and the engine's rule that a bare step id holds inside composites.
import { describe, expect, it } from "vitest";
import { recordedEvents } from "../../test/fixtures.ts";
import { buildRunTrace } from "../trace/index.ts";
import { armedNodeIds, breakpointForNode, breakpointLabel, isArmed, stepPrefixOf, toggleBreakpoint } from "./breakpoints.ts";

describe("breakpointForNode", () => {
  it("maps agents, steps and tools; other nodes have none", () => {
    expect(breakpointForNode({ kind: "agent", name: "Release" }, "")).toEqual({ kind: "agent", agent: "Release" });
    expect(breakpointForNode({ kind: "step", name: "findings" }, "research:")).toEqual({ kind: "step", step: "research:findings" });
    expect(breakpointForNode({ kind: "tool-call", name: "deploy" }, "")).toEqual({ kind: "tool", tool: "deploy" });
    expect(breakpointForNode({ kind: "composite", name: "research" }, "")).toEqual({ kind: "tool", tool: "research" });
    expect(breakpointForNode({ kind: "model-call", name: "scripted" }, "")).toBeUndefined();
  });

  it("prefixes a step with every composite tool above it", () => {
    expect(stepPrefixOf([{ kind: "run", name: "R" }, { kind: "composite", name: "a" }, { kind: "agent", name: "X" }, { kind: "composite", name: "b" }])).toBe("a:b:");
  });
});

describe("toggling", () => {
  it("adds a breakpoint, and removes it on the second toggle", () => {
    const once = toggleBreakpoint([], { kind: "tool", tool: "deploy" });
    expect(once).toEqual([{ kind: "tool", tool: "deploy" }]);
    expect(toggleBreakpoint(once, { kind: "tool", tool: "deploy" })).toEqual([]);
  });

  it("counts a bare step id as set on the prefixed step (the engine stops there too)", () => {
    const list = [{ kind: "step" as const, step: "findings" }];
    expect(isArmed(list, { kind: "step", step: "research:findings" })).toBe(true);
    expect(isArmed([{ kind: "step", step: "research:findings" }], { kind: "step", step: "findings" })).toBe(false);
    expect(toggleBreakpoint(list, { kind: "step", step: "research:findings" })).toEqual([]);
  });

  it("reads as kind and name", () => {
    expect(breakpointLabel({ kind: "agent", agent: "Triage" })).toBe("agent Triage");
  });
});

describe("armedNodeIds", () => {
  it("finds the trace's nodes a breakpoint stops at", () => {
    const tree = buildRunTrace(recordedEvents("report"));
    const armed = armedNodeIds(tree.root, [
      { kind: "tool", tool: "search" },
      { kind: "step", step: "research:findings" },
      { kind: "agent", agent: "Report" },
    ]);
    expect([...armed].sort()).toEqual(["n10", "n2", "n8"]);
  });
});
