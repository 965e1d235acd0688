// A run's steps in run order with their own tokens and cost.
import { describe, expect, it } from "vitest";
import { recordedEvents } from "../../test/fixtures.ts";
import type { TraceEvent } from "../contract/index.ts";
import { buildRunTrace } from "../trace/index.ts";
import { stepsOf } from "./steps.ts";

/** The report run as if every model call had a price: 0.001 $ per call, the last one unpriced. */
function pricedReport(): TraceEvent[] {
  return recordedEvents("report").map((event) => (event.type === "usage" && event.nodeId !== "n12" ? { ...event, costUsd: 0.001 } : event));
}

describe("stepsOf", () => {
  it("lists steps in the order they started, a composite's steps with its name as prefix", () => {
    const steps = stepsOf(buildRunTrace(recordedEvents("report")).root);
    expect(steps.map((s) => [s.agentPath.join(" › "), s.step, s.occurrence])).toEqual([
      ["Report", "report", 1],
      ["Report › Agent", "research:findings", 1],
    ]);
  });

  it("counts a step's own model calls only, so the steps add up to the run", () => {
    const tree = buildRunTrace(recordedEvents("report"));
    const [report, findings] = stepsOf(tree.root);
    // report: its calls n4 (14) and n12 (44); the composite's step has n9 (9) and n11 (27).
    expect(report!.usage).toEqual({ inputTokens: 36, outputTokens: 22, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 58 });
    expect(findings!.usage.totalTokens).toBe(36);
    expect(report!.usage.totalTokens + findings!.usage.totalTokens).toBe(tree.root!.usage.totalTokens);
    expect(report!.modelCalls.map((n) => n.id)).toEqual(["n4", "n12"]);
    expect(report!.toolCalls.map((n) => n.id)).toEqual(["n5"]);
    expect(findings!.modelCalls.map((n) => n.id)).toEqual(["n9", "n11"]);
    expect(findings!.toolCalls.map((n) => n.id)).toEqual(["n10"]);
  });

  it("gives each step its own cost and unpriced calls", () => {
    const [report, findings] = stepsOf(buildRunTrace(pricedReport()).root);
    expect(report!.cost!.usd).toBeCloseTo(0.001, 10);
    expect(report!.cost!.unpricedCalls).toBe(1);
    expect(findings!.cost).toEqual({ usd: 0.002, unpricedCalls: 0 });
  });

  it("finds an approval under its step", () => {
    const [release] = stepsOf(buildRunTrace(recordedEvents("release-denied")).root);
    expect(release!.approvals.map((n) => [n.id, n.name])).toEqual([["n5", "deploy"]]);
  });

  it("is empty before the first step starts", () => {
    expect(stepsOf(buildRunTrace(recordedEvents("report").slice(0, 3)).root)).toEqual([]);
    expect(stepsOf(undefined)).toEqual([]);
  });
});
