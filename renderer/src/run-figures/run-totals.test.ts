// Whether a run reads the same in a list of runs: its summary and what it spent, not its trace's
// identity (a streaming run's trace is new after every batch).
import { describe, expect, it } from "vitest";
import { runSummary } from "../../test/events.ts";
import { recordedEvents } from "../../test/fixtures.ts";
import type { TraceEvent } from "../contract/index.ts";
import type { RunView } from "../store/index.ts";
import { applyTraceEvents, buildRunTrace } from "../trace/index.ts";
import { sameRunFigures } from "./run-totals.ts";

const events = recordedEvents("report", "r1");
const midStream = events.findIndex((e) => e.type === "node-update" && e.nodeId === "n12" && e.textDelta === "a ");
const live = (): RunView => ({ summary: runSummary("r1", { entryId: "workflow:report.tsx" }), trace: buildRunTrace(events.slice(0, midStream + 1)) });
const next = events[midStream]!.seq + 1;
type Unnumbered = TraceEvent extends infer E ? (E extends TraceEvent ? Omit<E, "seq"> : never) : never;
const more = (trace: RunView["trace"], event: Unnumbered) => applyTraceEvents(trace, [{ ...event, seq: next } as TraceEvent]);

describe("sameRunFigures", () => {
  it("is true for a live run whose trace only streamed more text", () => {
    const view = live();
    const next = { ...view, trace: more(view.trace, { type: "node-update", runId: "r1", nodeId: "n12", time: 0, textDelta: "then " }) };
    expect(next.trace).not.toBe(view.trace);
    expect(sameRunFigures(view, next)).toBe(true);
  });

  it("is false once the run's tokens or cost moved", () => {
    const view = live();
    const usage = { inputTokens: 5, outputTokens: 5, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 10 };
    expect(sameRunFigures(view, { ...view, trace: more(view.trace, { type: "usage", runId: "r1", nodeId: "n12", time: 0, usage }) })).toBe(false);
    expect(sameRunFigures(view, { ...view, trace: more(view.trace, { type: "usage", runId: "r1", nodeId: "n12", time: 0, usage: { ...usage, totalTokens: 0, inputTokens: 0, outputTokens: 0 }, costUsd: 0.01 }) })).toBe(false);
  });

  it("is false for a new summary (the run ended, or listRuns answered)", () => {
    const view = live();
    expect(sameRunFigures(view, { ...view, summary: { ...view.summary } })).toBe(false);
  });
});
