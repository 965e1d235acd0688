// The DeltaCoalescer: a run's consecutive deltas of one node within a frame go as one, numbered
// again 1, 2, 3, …, and what they build — the engine's tree and the window's — is what the deltas
// one by one would have built; nothing crosses another event, and one run never waits for another.
// The window's tree is the engine's own fold (applyTraceEvents): the coalesced stream must draw
// what the full one draws.
import { DeltaCoalescer, applyTraceEvents, buildTrace, deltaField, emptyRunTrace, type FlushScheduler, type TraceEvent } from "june";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../web/invariant-knobs.test-support.ts";


/** Frames driven by hand: `tick()` runs what is scheduled. */
function manualFrames() {
  let scheduled: (() => void)[] = [];
  const schedule: FlushScheduler = (flush) => {
    let live = true;
    scheduled.push(() => live && flush());
    return () => void (live = false);
  };
  const tick = () => {
    const now = scheduled;
    scheduled = [];
    for (const flush of now) flush();
  };
  return { schedule, tick, get pending() { return scheduled.length; } };
}

let time = 1_000;
/** One run's events as the engine emits them, numbered 1, 2, 3, …. */
function stream(runId: string, inputs: Record<string, unknown>[]): TraceEvent[] {
  return inputs.map((input, i) => ({ runId, seq: i + 1, time: time++, ...input }) as unknown as TraceEvent);
}
const start = (id: string, parentId: string | null, kind: string) => ({ type: "node-start", node: { id, parentId, kind, name: id } });
const text = (nodeId: string, textDelta: string) => ({ type: "node-update", nodeId, textDelta });
const reasoning = (nodeId: string, reasoningDelta: string) => ({ type: "node-update", nodeId, reasoningDelta });
const end = (nodeId: string, output?: unknown) => ({ type: "node-end", nodeId, status: "succeeded", ...(output === undefined ? {} : { output }) });
const usage = (nodeId: string) => ({ type: "usage", nodeId, usage: { inputTokens: 3, outputTokens: 5, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 8 } });

/** A run with reasoning then text on one model call, and two model calls streaming side by side. */
function sampleRun(runId = "run_a"): TraceEvent[] {
  return stream(runId, [
    start("n1", null, "run"),
    start("n2", "n1", "agent"),
    start("n3", "n2", "step"),
    start("n4", "n3", "model-call"),
    { type: "node-update", nodeId: "n4", input: { temperature: 0 } },
    reasoning("n4", "think "),
    reasoning("n4", "hard "),
    text("n4", "Hello "),
    text("n4", "big "),
    text("n4", "world"),
    usage("n4"),
    end("n4", { text: "Hello big world", reasoning: "think hard " }),
    start("n5", "n3", "model-call"),
    start("n6", "n3", "model-call"),
    text("n5", "a1 "),
    text("n5", "a2 "),
    text("n6", "b1 "),
    text("n5", "a3"),
    text("n6", "b2"),
    // A status and a delta in one event is not a pure delta: it goes as it came.
    { type: "node-update", nodeId: "n6", textDelta: "!", status: "running" },
    text("n6", " tail"),
    end("n6"),
    end("n5"),
    end("n3", { text: "done" }),
    end("n2"),
    end("n1"),
  ]);
}

function coalesce(events: readonly TraceEvent[], tickBefore: (i: number) => boolean = () => false): TraceEvent[] {
  const frames = manualFrames();
  const out: TraceEvent[] = [];
  const coalescer = new DeltaCoalescer((_runId, event) => void out.push(event), { schedule: frames.schedule });
  events.forEach((event, i) => {
    if (tickBefore(i)) frames.tick();
    coalescer.push(event.runId, event);
  });
  coalescer.end(events[0]!.runId);
  return out;
}

/** The window's tree, without the bookkeeping that differs by design (how many events it took). */
function windowTree(events: readonly TraceEvent[]): unknown {
  const tree = applyTraceEvents(emptyRunTrace, events);
  return { root: tree.root, stop: tree.stop, replayed: [...tree.replayed] };
}

const joinedText = (events: readonly TraceEvent[], nodeId: string) =>
  events.flatMap((e) => (e.type === "node-update" && e.nodeId === nodeId && e.textDelta !== undefined ? [e.textDelta] : [])).join("");

describe("which events are deltas", () => {
  it("is a node-update carrying one text or reasoning delta and nothing else", () => {
    const [, , , , settings, think, , hello] = sampleRun();
    expect([settings, think, hello].map((e) => deltaField(e!))).toEqual([undefined, "reasoningDelta", "textDelta"]);
    expect(deltaField({ ...hello!, status: "running" } as TraceEvent)).toBeUndefined();
    expect(deltaField({ ...hello!, reasoningDelta: "x" } as TraceEvent)).toBeUndefined();
  });
});

describe("coalescing a run's deltas", () => {
  it("joins consecutive deltas of one node and field into one, numbered 1, 2, 3, … with no gap", () => {
    const out = coalesce(sampleRun());
    expect(out.map((e) => e.seq)).toEqual(out.map((_, i) => i + 1));
    const updates = out.filter((e) => e.type === "node-update").map((e) => [e.nodeId, e.textDelta ?? e.reasoningDelta ?? "(other)"]);
    expect(updates).toEqual([
      ["n4", "(other)"],
      ["n4", "think hard "],
      ["n4", "Hello big world"],
      ["n5", "a1 a2 "],
      ["n6", "b1 "],
      ["n5", "a3"],
      ["n6", "b2"],
      ["n6", "!"],
      ["n6", " tail"],
    ]);
  });

  it("rebuilds the same trace as the deltas one by one: the engine's tree and the window's", () => {
    const events = sampleRun();
    const out = coalesce(events);
    expect(out.length).toBeLessThan(events.length);
    expect(buildTrace(out)).toEqual(buildTrace(events));
    expect(windowTree(out)).toEqual(windowTree(events));
  });

  it("rebuilds the same trace wherever the frames fall (seeded)", () => {
    const events = sampleRun();
    for (let seed = 1; seed <= 50; seed++) {
      const random = mulberry32(seed);
      const out = coalesce(events, () => random() < 0.3);
      expect(out.map((e) => e.seq), `seed ${seed}`).toEqual(out.map((_, i) => i + 1));
      expect(buildTrace(out), `seed ${seed}`).toEqual(buildTrace(events));
      expect(windowTree(out), `seed ${seed}`).toEqual(windowTree(events));
      for (const node of ["n4", "n5", "n6"]) expect(joinedText(out, node), `seed ${seed}`).toBe(joinedText(events, node));
    }
  });

  it("keeps the order across nodes and events: each event's position among the non-deltas is unchanged", () => {
    const events = sampleRun();
    const shape = (list: readonly TraceEvent[]) => list.filter((e) => deltaField(e) === undefined).map((e) => `${e.type} ${"nodeId" in e ? e.nodeId : e.type === "node-start" ? e.node.id : ""}`);
    expect(shape(coalesce(events))).toEqual(shape(events));
  });

  it("never moves a node's end before its text: the delta waiting goes first", () => {
    const out = coalesce(sampleRun());
    const endOf4 = out.findIndex((e) => e.type === "node-end" && e.nodeId === "n4");
    const lastText4 = out.findLastIndex((e) => e.type === "node-update" && e.nodeId === "n4" && e.textDelta !== undefined);
    expect(lastText4).toBeGreaterThanOrEqual(0);
    expect(lastText4).toBeLessThan(endOf4);
    expect(out[lastText4]).toMatchObject({ textDelta: "Hello big world" });
  });

  it("sends a waiting delta after one frame, without waiting for the next event", () => {
    const frames = manualFrames();
    const out: TraceEvent[] = [];
    const coalescer = new DeltaCoalescer((_runId, event) => void out.push(event), { schedule: frames.schedule });
    const [runStart, , , , , , , hello, big] = sampleRun();
    coalescer.push("run_a", runStart!);
    coalescer.push("run_a", hello!);
    coalescer.push("run_a", big!);
    expect(out.map((e) => e.type)).toEqual(["node-start"]);
    expect(frames.pending).toBe(1);
    frames.tick();
    expect(out.at(-1)).toMatchObject({ type: "node-update", seq: 2, textDelta: "Hello big " });
  });

  it("keeps each run's own numbering, and one run's events never wait for another's deltas", () => {
    const frames = manualFrames();
    const out: TraceEvent[] = [];
    const coalescer = new DeltaCoalescer((_runId, event) => void out.push(event), { schedule: frames.schedule });
    const a = sampleRun("run_a");
    const b = sampleRun("run_b");
    coalescer.push("run_a", a[0]!);
    coalescer.push("run_a", a[7]!); // a text delta of run_a waits for its frame
    coalescer.push("run_b", b[0]!);
    expect(out.map((e) => `${e.runId} ${e.seq} ${e.type}`)).toEqual(["run_a 1 node-start", "run_b 1 node-start"]);
    coalescer.end("run_a");
    expect(out.at(-1)).toMatchObject({ runId: "run_a", seq: 2, textDelta: "Hello " });
  });

  it("throws a delivery failure of a delta sent on the frame at the run's next event, so the run fails", () => {
    const frames = manualFrames();
    const broke = new Error("JUNE_RECORD_FAILED: disk full");
    let failNext = false;
    const coalescer = new DeltaCoalescer(() => {
      if (failNext) throw broke;
    }, { schedule: frames.schedule });
    const events = sampleRun();
    coalescer.push("run_a", events[7]!);
    failNext = true;
    frames.tick();
    failNext = false;
    expect(() => coalescer.push("run_a", events[10]!)).toThrow(broke);
    expect(() => coalescer.push("run_a", events[11]!)).not.toThrow();
  });
});
