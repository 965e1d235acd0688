// The end-of-run summary: a token table for the run and each agent, the status, the error and
// the output, from a recorded run rebuilt into its RunResult.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildTrace, type TraceEvent } from "../trace/index.ts";
import type { RunResult } from "../run/index.ts";
import { renderSummary } from "./render-summary.ts";

function recordedResult(name: string, patch: Partial<RunResult> = {}): RunResult {
  const text = readFileSync(new URL(`./fixtures/${name}.events.jsonl`, import.meta.url), "utf8");
  const trace = buildTrace(text.trim().split("\n").map((line) => JSON.parse(line) as TraceEvent))!;
  return { runId: "run_test", status: "succeeded", steps: {}, output: trace.output, trace, usage: trace.usage, blocksLoaded: [], ...patch };
}

describe("the summary", () => {
  it("has a usage row for the run and for each agent, inner agents named by where they ran", () => {
    const lines = renderSummary(recordedResult("report"), { color: false });
    expect(lines.slice(0, 5)).toEqual([
      "",
      "usage (tokens)                       input  output  reasoning  cached  total",
      "run Report                              55      39          0       0     94",
      "  agent Report                          55      39          0       0     94",
      "    agent Report › research › Agent     19      17          0       0     36",
    ]);
  });

  it("ends with the status, how long the run took, and the output", () => {
    const lines = renderSummary(recordedResult("report"), { color: false });
    expect(lines.slice(5)).toEqual([
      "",
      "✓ succeeded in 244ms",
      "output:",
      "  Summary: Suspense lets a component wait for data and shows a fallback until it is ready.",
    ]);
  });

  it("prints an output that isn't a string as pretty JSON", () => {
    const lines = renderSummary(recordedResult("report", { output: { outer: "a", inner: "b" } }), { color: false });
    expect(lines.slice(-5)).toEqual(["output:", "  {", '    "outer": "a",', '    "inner": "b"', "  }"]);
  });

  it("a failed run shows its error code and message in red", () => {
    const result = recordedResult("report", {
      status: "failed",
      output: undefined,
      error: { code: "JUNE_SCRIPT_EXHAUSTED", message: "june: out of responses" },
    });
    expect(renderSummary(result, { color: false }).slice(-4)).toEqual([
      "✗ failed in 244ms",
      "  JUNE_SCRIPT_EXHAUSTED: june: out of responses",
      "output:",
      "  (none)",
    ]);
    expect(renderSummary(result, { color: true }).join("\n")).toContain("\u001b[31mJUNE_SCRIPT_EXHAUSTED: june: out of responses\u001b[39m");
  });

  it("an aborted run says so", () => {
    const lines = renderSummary(recordedResult("report", { status: "aborted" }), { color: false });
    expect(lines).toContain("■ aborted in 244ms");
  });
});
