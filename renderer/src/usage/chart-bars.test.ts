// The "Tokens per step" chart's bars, drawn from a run's steps.
import { describe, expect, it } from "vitest";
import { recordedEvents } from "../../test/fixtures.ts";
import { buildRunTrace } from "../trace/index.ts";
import { chartBars, splitUsage } from "./chart-bars.ts";
import { stepsOf } from "../run-figures/index.ts";

describe("chartBars", () => {
  it("draws one bar per step with its label, total and every number in its title", () => {
    const bars = chartBars(stepsOf(buildRunTrace(recordedEvents("report")).root));
    expect(bars.map((b) => [b.label, b.total])).toEqual([
      ["report", 58],
      ["research:findings", 36],
    ]);
    expect(bars[0]!.title).toBe("report: 58 tokens — 36 input (0 cached), 22 output (0 reasoning)");
  });

  it("stacks input less cached, cached, output less reasoning and reasoning, which add up to input + output", () => {
    const usage = { inputTokens: 1000, cachedInputTokens: 400, outputTokens: 300, reasoningTokens: 120, totalTokens: 1300 };
    expect(splitUsage(usage)).toEqual([
      { kind: "input", tokens: 600 },
      { kind: "cached", tokens: 400 },
      { kind: "output", tokens: 180 },
      { kind: "reasoning", tokens: 120 },
    ]);
  });
});
