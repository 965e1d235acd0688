// The one fold, two ways of holding it: a window's immutable RunTrace (applyTraceEvents, batch by
// batch, unchanged nodes keeping their identity for React) builds exactly the tree the engine's
// in-place TraceBuilder builds, and both say what the run spent.
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "./events.ts";
import { applyTraceEvents, buildRunTrace, buildTrace, emptyRunTrace, sameCost, sameUsage, spentOf, TraceBuilder } from "./fold.ts";
import type { StopInfo } from "./stops.ts";
import { recordedEvents } from "./recorded.test-support.ts";


function inBatches(events: TraceEvent[], size: number) {
  let tree = emptyRunTrace;
  for (let i = 0; i < events.length; i += size) tree = applyTraceEvents(tree, events.slice(i, i + size));
  return tree;
}

describe("events → tree, as the engine's builder", () => {
  for (const name of ["report", "release-denied"] as const) {
    it(`builds the engine's tree from the recorded ${name} run`, () => {
      const events = recordedEvents(name);
      expect(buildRunTrace(events).root).toEqual(buildTrace(events));
    });

    it(`builds the same tree whatever the batch size (${name})`, () => {
      const events = recordedEvents(name);
      const reference = buildTrace(events);
      for (const size of [1, 2, 7, 25, events.length]) expect(inBatches(events, size).root).toEqual(reference);
    });
  }

  it("indexes every node by id", () => {
    const tree = buildRunTrace(recordedEvents("report"));
    expect([...tree.nodes.keys()].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `n${i + 1}`).sort());
    expect(tree.nodes.get("n11")?.parentId).toBe("n8");
  });

  it("accumulates streamed text in output.text while the model call runs", () => {
    const events = recordedEvents("report");
    const upTo = events.findIndex((e) => e.type === "node-update" && e.nodeId === "n12" && e.textDelta === "component ");
    const tree = buildRunTrace(events.slice(0, upTo + 1));
    const call = tree.nodes.get("n12")!;
    expect(call.status).toBe("running");
    expect(call.output).toEqual({ text: "Summary: Suspense lets a component " });
  });

  it("rolls usage up from the model call to the run", () => {
    const tree = buildRunTrace(recordedEvents("report"));
    expect(tree.nodes.get("n9")!.usage.totalTokens).toBe(9);
    expect(tree.nodes.get("n8")!.usage.totalTokens).toBe(36);
    expect(tree.root!.usage).toEqual({ inputTokens: 55, outputTokens: 39, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 94 });
  });

  it("records a tool the policy denied on its agent", () => {
    const events = recordedEvents("release-denied").slice(0, 3);
    const denial = { type: "tool-denied", nodeId: "n2", denial: { tool: "Bash", kind: "builtin", reason: "rule", message: "the project's toolPolicy denies Bash" }, runId: "r", seq: 4, time: 1 } as const;
    const tree = buildRunTrace([...events, denial]);
    expect(tree.nodes.get("n2")!.denied).toEqual([denial.denial]);
    expect(tree.root).toEqual(buildTrace([...events, denial]));
  });
});

describe("immutability: a batch renews only what it touched", () => {
  it("gives the changed node and its ancestors new identities, and keeps every other node", () => {
    const events = recordedEvents("report");
    const split = events.findIndex((e) => e.type === "node-update" && e.nodeId === "n12");
    const before = buildRunTrace(events.slice(0, split));
    const after = applyTraceEvents(before, [events[split]!]);
    for (const id of ["n12", "n3", "n2", "n1"]) expect(after.nodes.get(id)).not.toBe(before.nodes.get(id));
    for (const id of ["n4", "n5", "n6", "n7", "n8", "n11"]) expect(after.nodes.get(id)).toBe(before.nodes.get(id));
    expect(after.root).toBe(after.nodes.get("n1"));
    expect(before.nodes.get("n12")!.output).toBeUndefined();
  });

  it("never mutates the tree it was given", () => {
    const events = recordedEvents("report");
    const before = buildRunTrace(events.slice(0, 30));
    const snapshot = JSON.stringify(before.root);
    applyTraceEvents(before, events.slice(30));
    expect(JSON.stringify(before.root)).toBe(snapshot);
  });
});

describe("seq: what was applied is not applied again", () => {
  it("skips events it has already applied (a re-subscription replays them)", () => {
    const events = recordedEvents("report");
    const tree = buildRunTrace(events);
    expect(applyTraceEvents(tree, events.slice(10, 20))).toBe(tree);
  });

  it("applies what comes after a skipped seq at once: a run's seqs are not what is recovered", () => {
    // A snapshot's trace leaves a run's text deltas out (their text is on the node's output), so
    // its seqs skip; the studio's own seq is the one a window recovers (its bridge), never this.
    const events = recordedEvents("report");
    const skipped = [...events.slice(0, 10), ...events.slice(11)];
    const partial = applyTraceEvents(emptyRunTrace, skipped);
    expect(partial.lastSeq).toBe(events.at(-1)!.seq);
    expect(partial.root).toEqual(buildTrace(skipped));
  });

  it("applies a batch that arrives out of order in seq order", () => {
    const events = recordedEvents("report");
    const shuffled = [...events.slice(20), ...events.slice(0, 20)];
    expect(applyTraceEvents(emptyRunTrace, shuffled).root).toEqual(buildTrace(events));
  });

  it("skips, in a full list read back later, every event that streamed in already", () => {
    const events = recordedEvents("report");
    const streamed = applyTraceEvents(emptyRunTrace, events.slice(0, 30));
    const reopened = applyTraceEvents(streamed, events);
    expect(reopened.root).toEqual(buildTrace(events));
    expect(reopened.lastSeq).toBe(events.at(-1)!.seq);
  });
});

describe("cost: rolled up from usage events like usage", () => {
  // The recorded runs predate prices: give every usage event a price but the last one.
  function priced(events: TraceEvent[]): TraceEvent[] {
    const usages = events.filter((e) => e.type === "usage");
    return events.map((e) => (e.type === "usage" && e !== usages.at(-1) ? { ...e, costUsd: 0.000125 * e.usage.totalTokens } : e));
  }

  it("gives every node from the model call to the run the engine's cost", () => {
    const events = priced(recordedEvents("report"));
    const tree = buildRunTrace(events);
    expect(tree.root).toEqual(buildTrace(events));
    for (const size of [1, 3, events.length]) expect(inBatches(events, size).root).toEqual(buildTrace(events));
  });

  it("adds dollars of priced calls and counts calls without a price", () => {
    const tree = buildRunTrace(priced(recordedEvents("report")));
    // n9 (14 + … tokens) is a priced call inside the composite; n12 is the run's last call, unpriced.
    expect(tree.nodes.get("n9")!.cost).toEqual({ usd: 0.000125 * 9, unpricedCalls: 0 });
    expect(tree.nodes.get("n12")!.cost).toEqual({ usd: 0, unpricedCalls: 1 });
    expect(tree.root!.cost!.unpricedCalls).toBe(1);
    expect(tree.root!.cost!.usd).toBeCloseTo(0.000125 * (94 - tree.nodes.get("n12")!.usage.totalTokens), 12);
  });

  it("leaves nodes without model calls under them without a cost", () => {
    const tree = buildRunTrace(recordedEvents("report"));
    expect(tree.nodes.get("n10")!.cost).toBeUndefined();
    expect(tree.nodes.get("n4")!.cost).toEqual({ usd: 0, unpricedCalls: 1 });
  });
});

describe("stops and replayed nodes", () => {
  const stop = (id: number, patch: Partial<StopInfo> = {}): StopInfo => ({
    id,
    boundary: "model-call",
    reason: "step",
    agentPath: ["Report"],
    step: "report",
    stepNodeId: "n3",
    ...patch,
  });
  const at = (seq: number, event: Record<string, unknown>) => ({ ...event, runId: "r", seq, time: seq }) as TraceEvent;

  it("holds the last stop until its resumed event", () => {
    const events = recordedEvents("report").slice(0, 3);
    let tree = buildRunTrace(events);
    expect(tree.stop).toBeUndefined();
    tree = applyTraceEvents(tree, [at(4, { type: "paused", stop: stop(1, { reason: "start" }) })]);
    expect(tree.stop).toMatchObject({ id: 1, reason: "start", stepNodeId: "n3" });
    tree = applyTraceEvents(tree, [at(5, { type: "resumed", stopId: 1, how: "step" })]);
    expect(tree.stop).toBeUndefined();
  });

  it("keeps a newer stop when an older one's resumed event comes late", () => {
    const tree = buildRunTrace([
      ...recordedEvents("report").slice(0, 3),
      at(4, { type: "paused", stop: stop(2) }),
      at(5, { type: "resumed", stopId: 1, how: "continue" }),
    ]);
    expect(tree.stop?.id).toBe(2);
  });

  it("marks nodes answered from a record, and leaves the tree as the engine builds it", () => {
    const events = [...recordedEvents("report"), at(62, { type: "replayed", nodeId: "n4", from: { runId: "r0", nodeId: "n4" } })];
    const tree = buildRunTrace(events);
    expect(tree.replayed.get("n4")).toEqual({ runId: "r0", nodeId: "n4" });
    expect(tree.replayed.has("n12")).toBe(false);
    expect(tree.root).toEqual(buildTrace(events));
  });
});

describe("what a run spent", () => {
  const usageEvents = (events: readonly TraceEvent[]) => events.filter((e): e is Extract<TraceEvent, { type: "usage" }> => e.type === "usage");

  it("is every model call's usage and cost once, the same held either way and read back", () => {
    const events = recordedEvents("report");
    const builder = new TraceBuilder();
    for (const event of events) builder.apply(event);
    const total = usageEvents(events).reduce((sum, e) => sum + e.usage.totalTokens, 0);
    expect(total).toBeGreaterThan(0);
    expect(builder.spent.usage.totalTokens).toBe(total);
    expect(builder.spent.usage).toEqual(builder.root!.usage);
    expect(buildRunTrace(events).spent).toEqual(builder.spent);
    expect(spentOf(events)).toEqual(builder.spent);
  });

  it("leaves out calls answered from a record: they are in the tree with their usage, but cost nothing this time", () => {
    const events = recordedEvents("report");
    const first = usageEvents(events)[0]!;
    // The record answered that call: its replayed event comes with the node, before its usage.
    const at = events.findIndex((e) => e.type === "node-start" && e.node.id === first.nodeId);
    const replayed = [...events.slice(0, at + 1), { type: "replayed", runId: first.runId, seq: 0, time: 0, nodeId: first.nodeId, from: { runId: "r0", nodeId: first.nodeId } } as TraceEvent, ...events.slice(at + 1)].map((e, i) => ({ ...e, seq: i + 1 }));
    const trace = buildRunTrace(replayed);
    expect(trace.root!.usage.totalTokens).toBe(buildRunTrace(events).root!.usage.totalTokens);
    expect(trace.spent.usage.totalTokens).toBe(buildRunTrace(events).spent.usage.totalTokens - first.usage.totalTokens);
    expect(spentOf(replayed)).toEqual(trace.spent);
  });

  it("keeps its identity across a batch that spends nothing", () => {
    const events = recordedEvents("report");
    const trace = buildRunTrace(events.slice(0, 3));
    expect(applyTraceEvents(trace, [{ ...events[3]!, type: "paused", stop: { id: 1, boundary: "model-call", reason: "start", agentPath: [], step: "s", stepNodeId: "n3" } } as TraceEvent]).spent).toBe(trace.spent);
  });
});

describe("sameUsage and sameCost", () => {
  it("compare the figures, not the objects", () => {
    const usage = { inputTokens: 1, outputTokens: 2, reasoningTokens: 3, cachedInputTokens: 4, totalTokens: 10 };
    expect(sameUsage(usage, { ...usage })).toBe(true);
    for (const key of Object.keys(usage) as (keyof typeof usage)[]) expect(sameUsage(usage, { ...usage, [key]: usage[key] + 1 })).toBe(false);
    expect(sameCost({ usd: 0.5, unpricedCalls: 1 }, { usd: 0.5, unpricedCalls: 1 })).toBe(true);
    expect(sameCost({ usd: 0.5, unpricedCalls: 1 }, { usd: 0.5, unpricedCalls: 0 })).toBe(false);
    expect(sameCost(undefined, undefined)).toBe(true);
    expect(sameCost(undefined, { usd: 0, unpricedCalls: 0 })).toBe(false);
  });
});
