// The Batcher: what arrives within one frame goes in one batch, a full batch goes at once, and
// nothing is reordered or lost — also for a real run streaming thousands of text deltas.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventBatch, StudioEvent } from "../contract/index.ts";
import { Batcher, type FlushScheduler } from "./batcher.ts";
import { chattyFlow, longFlow, makeProject, runEnded, type ProjectFixture } from "./project-fixture.test-support.ts";
import { connectClient } from "./studio-client.ts";
import { StudioService } from "./studio-service.ts";

/** Frames driven by hand: `tick()` runs what is scheduled. */
function manualFrames() {
  const scheduled: { flush: () => void; ms: number; cancelled: boolean }[] = [];
  const schedule: FlushScheduler = (flush, ms) => {
    const entry = { flush, ms, cancelled: false };
    scheduled.push(entry);
    return () => void (entry.cancelled = true);
  };
  const tick = () => {
    for (const entry of scheduled.splice(0)) if (!entry.cancelled) entry.flush();
  };
  return { schedule, tick, scheduled };
}

describe("Batcher", () => {
  it("sends what arrives within a frame as one batch, after one frame", () => {
    const frames = manualFrames();
    const sent: number[][] = [];
    const batcher = new Batcher<number>((items) => sent.push(items), { schedule: frames.schedule });
    for (let i = 1; i <= 5; i++) batcher.push(i);
    expect(sent).toEqual([]);
    expect(frames.scheduled.map((s) => s.ms)).toEqual([16]);
    frames.tick();
    batcher.push(6);
    frames.tick();
    expect(sent).toEqual([[1, 2, 3, 4, 5], [6]]);
  });

  it("sends at once when a batch reaches maxItems, in order", () => {
    const frames = manualFrames();
    const sent: number[][] = [];
    const batcher = new Batcher<number>((items) => sent.push(items), { schedule: frames.schedule, maxItems: 3 });
    for (let i = 1; i <= 7; i++) batcher.push(i);
    expect(sent).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    frames.tick();
    expect(sent.flat()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("clear drops what is pending; close also ignores later pushes; flush of nothing sends nothing", () => {
    const frames = manualFrames();
    const sent: number[][] = [];
    const batcher = new Batcher<number>((items) => sent.push(items), { schedule: frames.schedule });
    batcher.flush();
    batcher.push(1);
    batcher.clear();
    frames.tick();
    batcher.push(2);
    batcher.flush();
    batcher.close();
    batcher.push(3);
    frames.tick();
    expect(sent).toEqual([[2]]);
    expect(batcher.pending).toBe(0);
  });
});

describe("a run of thousands of events, through a client", () => {
  let project: ProjectFixture;
  beforeAll(async () => {
    project = await makeProject({ "long.tsx": chattyFlow(700) });
  });
  afterAll(() => project.remove());

  it("arrives in far fewer batches than events, every seq once and in order", async () => {
    // 700 tool calls, each a few events nothing coalesces: the batcher alone is under test.
    const service = new StudioService({ coalesceDeltas: false });
    try {
      const batches: EventBatch[] = [];
      const client = connectClient(service, (batch) => void batches.push(batch));
      expect(await client.handle("subscribe", { afterSeq: 0 })).toEqual({ ok: true, value: { lastSeq: 0 } });
      expect(await client.handle("openFolder", { folder: project.folder })).toMatchObject({ ok: true });
      const started = await client.handle("startRun", { entryId: "workflow:long.tsx" });
      if (!started.ok) throw new Error(started.error.message);
      const { runId } = started.value as { runId: string };
      await runEnded(service, runId);
      // The last events may still wait for their frame.
      await new Promise<void>((resolve) => {
        const check = () => (batches.flat().length && batches.at(-1)!.events.at(-1)!.seq === service.lastSeq ? resolve() : setTimeout(check, 5));
        check();
      });
      client.close();

      const events: StudioEvent[] = batches.flatMap((b) => b.events);
      const toolCalls = events.filter((e) => e.type === "trace" && e.event.type === "node-start" && e.event.node.kind === "tool-call");
      expect(toolCalls.length).toBe(700);
      expect(events.length).toBeGreaterThan(3000);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      expect(events.length).toBe(service.lastSeq);
      const traceSeqs = events.flatMap((e) => (e.type === "trace" ? [e.event.seq] : []));
      expect(traceSeqs).toEqual(traceSeqs.map((_, i) => i + 1));
      expect(batches.length * 10).toBeLessThan(events.length);
    } finally {
      await service.close();
    }
  });
});

describe("connectClient", () => {
  it("answers an unknown method and a malformed payload with error results that change nothing", async () => {
    const service = new StudioService();
    const client = connectClient(service, () => {});
    expect(await client.handle("deleteEverything", {})).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_METHOD" } });
    const bad = await client.handle("startRun", { entryId: 42 });
    expect(bad).toMatchObject({ ok: false, error: { code: "STUDIO_BAD_REQUEST" } });
    expect(!bad.ok && bad.error.message).toContain("entryId");
    expect(await client.handle("subscribe", { afterSeq: -1 })).toMatchObject({ ok: false, error: { code: "STUDIO_BAD_REQUEST" } });
    expect(await client.handle("listRuns", { extra: true })).toMatchObject({ ok: false, error: { code: "STUDIO_BAD_REQUEST" } });
    expect(service.lastSeq).toBe(0);
    client.close();
    expect(await client.handle("listRuns", {})).toMatchObject({ ok: false, error: { code: "STUDIO_CLOSED" } });
  });

  it("a second subscribe restarts the stream from its seq, without gaps or repeats", async () => {
    const service = new StudioService();
    const frames = manualFrames();
    const batches: EventBatch[] = [];
    const client = connectClient(service, (batch) => void batches.push(batch), { schedule: frames.schedule });
    await client.handle("subscribe", { afterSeq: 0 });
    await client.handle("openFolder", { folder: "/definitely/not/here" });
    const project = await makeProject({ "long.tsx": longFlow(3) });
    try {
      await client.handle("openFolder", { folder: project.folder });
      // Pending, unsent events are dropped by the restart and come back through the replay.
      await client.handle("subscribe", { afterSeq: 1 });
      frames.tick();
      expect(batches.flatMap((b) => b.events.map((e) => e.seq))).toEqual([2]);
    } finally {
      client.close();
      await service.close();
      await project.remove();
    }
  });
});
