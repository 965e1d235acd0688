// compactTrace as a specification: which streamed deltas a snapshot leaves out, and that what it
// keeps rebuilds the same tree as every event (the engine's own builder is the judge).
import { buildTrace, type TraceEvent } from "june";
import { describe, expect, it } from "vitest";
import { compactTrace } from "./compact-trace.ts";

let seq = 0;
const at = <E extends Omit<TraceEvent, "runId" | "seq" | "time">>(event: E) => ({ ...event, runId: "r1", seq: ++seq, time: 1000 + seq }) as unknown as TraceEvent;
const start = (id: string, parentId: string | null, kind: "run" | "model-call") => at({ type: "node-start", node: { id, parentId, kind, name: id } });
const delta = (nodeId: string, textDelta: string) => at({ type: "node-update", nodeId, textDelta });

describe("compactTrace", () => {
  it("leaves out the deltas of a model call whose node-end carries its output, and rebuilds the same tree", () => {
    seq = 0;
    const events = [
      start("n1", null, "run"),
      start("n2", "n1", "model-call"),
      delta("n2", "hello "),
      at({ type: "node-update", nodeId: "n2", reasoningDelta: "thinking" }),
      delta("n2", "Ada"),
      at({ type: "usage", nodeId: "n2", usage: { inputTokens: 3, outputTokens: 2, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 5 } }),
      at({ type: "node-end", nodeId: "n2", status: "succeeded", output: { text: "hello Ada", reasoning: "thinking", toolCalls: [] } }),
      at({ type: "node-end", nodeId: "n1", status: "succeeded", output: "hello Ada" }),
    ];
    const kept = compactTrace(events);
    expect(kept.map((e) => e.seq)).toEqual([1, 2, 6, 7, 8]);
    expect(buildTrace(kept)).toEqual(buildTrace(events));
  });

  it("keeps the deltas of a call that ended without output (failed, aborted) or has not ended", () => {
    seq = 0;
    const events = [
      start("n1", null, "run"),
      start("n2", "n1", "model-call"),
      delta("n2", "half an ans"),
      at({ type: "node-end", nodeId: "n2", status: "aborted", error: { code: "JUNE_ABORTED", message: "stopped" } }),
      start("n3", "n1", "model-call"),
      delta("n3", "still stream"),
    ];
    expect(compactTrace(events)).toEqual(events);
  });

  it("keeps a node-update that says more than text (status, input, capabilities, tools)", () => {
    seq = 0;
    const events = [
      start("n1", null, "model-call"),
      at({ type: "node-update", nodeId: "n1", textDelta: "a", status: "waiting" }),
      at({ type: "node-end", nodeId: "n1", status: "succeeded", output: { text: "a" } }),
    ];
    expect(compactTrace(events)).toEqual(events);
  });

  it("keeps a delta that comes after its node's end (the end did not replace it)", () => {
    seq = 0;
    const events = [start("n1", null, "model-call"), at({ type: "node-end", nodeId: "n1", status: "succeeded", output: { text: "a" } }), delta("n1", "b")];
    expect(compactTrace(events)).toEqual(events);
    expect(buildTrace(compactTrace(events))).toEqual(buildTrace(events));
  });
});
