// The session's event log as a specification, through the real StudioService on scripted models:
// once a run ends the log lets go of the events so far, a window subscribing from a seq it let go
// gets one snapshot standing for them (then live events), and a long session stays bounded.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StudioEvent, StudioSnapshot, TraceEvent } from "../contract/index.ts";
import { compactTrace } from "./compact-trace.ts";
import { DEPLOY_FLOW, HELLO_FLOW, chattyFlow, longFlow, makeProject, nextEvent, openService, type ProjectFixture } from "./project-fixture.test-support.ts";
import type { StudioService, StudioServiceOptions } from "./studio-service.ts";

let project: ProjectFixture;
let service: StudioService | undefined;

beforeAll(async () => {
  project = await makeProject({ "hello.tsx": HELLO_FLOW, "deploy.tsx": DEPLOY_FLOW, "long.tsx": longFlow(20), "chatty.tsx": chattyFlow(3) });
});
afterAll(() => project.remove());
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function open(options: StudioServiceOptions = {}): Promise<StudioService> {
  service = await openService(project.folder, options);
  return service;
}

/** Starts a run of `entryId` and waits for its run-ended (listening from where the stream is now). */
async function runToEnd(s: StudioService, entryId: string, input?: unknown): Promise<string> {
  const after = s.lastSeq;
  const started = await s.startRun({ entryId, ...(input !== undefined ? { input } : {}) });
  if (!started.ok) throw new Error(started.error.message);
  const { runId } = started.value;
  await nextEvent(s, (e) => e.type === "run-ended" && e.run.runId === runId, after);
  // run-ended reaches listeners before the log is trimmed; let the service finish ending it.
  await Promise.resolve();
  return runId;
}

function eventsAfter(s: StudioService, afterSeq: number): StudioEvent[] {
  const events: StudioEvent[] = [];
  s.listen(afterSeq, (e) => void events.push(e))();
  return events;
}

function snapshotOf(event: StudioEvent | undefined): StudioSnapshot {
  if (event?.type !== "snapshot") throw new Error(`expected a snapshot, got ${event?.type}`);
  return event.snapshot;
}

async function recordedEvents(s: StudioService, runId: string): Promise<TraceEvent[]> {
  const events = await s.getRunEvents({ runId });
  if (!events.ok) throw new Error(events.error.message);
  return events.value;
}

const isDelta = (e: TraceEvent) => e.type === "node-update" && (e.textDelta !== undefined || e.reasoningDelta !== undefined);

describe("once a run ends, the log lets go of the events so far", () => {
  it("a window subscribing from before that gets one snapshot (the project, the ended run as its summary), then live events", async () => {
    const s = await open();
    const runId = await runToEnd(s, "workflow:hello.tsx", { name: "Ada" });
    expect(s.retained().loggedEvents).toBe(0);

    const seen: StudioEvent[] = [];
    const stop = s.listen(0, (e) => void seen.push(e));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ type: "snapshot", seq: s.lastSeq, afterSeq: 0 });
    const snapshot = snapshotOf(seen[0]);
    expect(snapshot.project?.folder).toBe(project.folder);
    const events = await recordedEvents(s, runId);
    expect(events.some(isDelta)).toBe(true);
    const summary = (await value(s.listRuns({}))).find((r) => r.runId === runId);
    // An ended run's trace is not sent until a window shows it (getRunEvents reads its record).
    expect(snapshot.runs).toEqual([{ run: summary, trace: [] }]);
    expect(await value(s.getRunEvents({ runId }))).toEqual(events);
    expect(snapshot).toMatchObject({ deletedRuns: [], pending: [], decided: [] });

    // …then the live stream, from the seq after the snapshot's.
    const from = s.lastSeq;
    const second = await runToEnd(s, "workflow:hello.tsx");
    stop();
    expect(seen.slice(1).map((e) => e.seq)).toEqual(seen.slice(1).map((_, i) => from + 1 + i));
    expect(seen.at(-1)).toMatchObject({ type: "run-ended", run: { runId: second } });
  });

  it("a window subscribing from a kept seq gets exactly the events after it", async () => {
    const s = await open();
    await runToEnd(s, "workflow:hello.tsx");
    const kept = s.lastSeq;
    const asked = nextEvent(s, (e) => e.type === "approval-requested", kept);
    const started = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await asked;
    const after = eventsAfter(s, kept);
    expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => kept + 1 + i));
    expect(after[0]).toMatchObject({ type: "run-started", run: { runId: started.runId } });
    expect(after.some((e) => e.type === "snapshot")).toBe(false);
  });

  it("a re-subscription from a seq it let go gets only what changed after that seq", async () => {
    const s = await open();
    await runToEnd(s, "workflow:hello.tsx");
    const cut = s.lastSeq;
    await value(s.setBreakpoints({ breakpoints: [{ kind: "tool", tool: "deploy" }] }));
    const second = await runToEnd(s, "workflow:hello.tsx");
    const snapshot = snapshotOf(eventsAfter(s, cut)[0]);
    // The project and the first run did not change after `cut`: the window has them already.
    expect(snapshot.project).toBeUndefined();
    expect(snapshot.runs.map((r) => r.run.runId)).toEqual([second]);
    expect(snapshot.breakpoints).toEqual([{ kind: "tool", tool: "deploy" }]);
  });

  it("a live run in the snapshot carries its trace so far (read from its record) and its approval waiting", async () => {
    const s = await open();
    const ended = await runToEnd(s, "workflow:hello.tsx");
    const asked = nextEvent(s, (e) => e.type === "approval-requested", s.lastSeq);
    const live = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await asked;
    const snapshot = snapshotOf(eventsAfter(s, 0)[0]);
    expect(snapshot.runs.map((r) => [r.run.runId, r.run.status])).toEqual([
      [ended, "succeeded"],
      [live.runId, "running"],
    ]);
    expect(snapshot.runs[1]!.trace).toEqual(compactTrace(await recordedEvents(s, live.runId)));
    expect(snapshot.pending).toEqual(await value(s.pendingApprovals({})));
    expect(snapshot.pending.map((p) => p.runId)).toEqual([live.runId]);

    // Deciding it ends the run: the decision is in the next snapshot, the inbox is empty.
    const cut = s.lastSeq;
    const endedNow = nextEvent(s, (e) => e.type === "run-ended" && e.run.runId === live.runId, cut);
    await value(s.approve({ runId: live.runId, approvalId: snapshot.pending[0]!.approvalId }));
    await endedNow;
    await Promise.resolve();
    const after = snapshotOf(eventsAfter(s, cut)[0]);
    expect(after.decided.map((d) => [d.runId, d.approved])).toEqual([[live.runId, true]]);
    expect(after.pending).toEqual([]);
    expect(after.runs.map((r) => [r.run.runId, r.run.status])).toEqual([[live.runId, "succeeded"]]);
  });

  it("getRunEvents of an ended run reads its record: every event, deltas included", async () => {
    const s = await open();
    const streamed: TraceEvent[] = [];
    const stop = s.listen(s.lastSeq, (e) => void (e.type === "trace" && streamed.push(e.event)));
    const runId = await runToEnd(s, "workflow:long.tsx");
    stop();
    expect(s.retained().runEvents).toBe(0);
    expect(JSON.parse(JSON.stringify(await recordedEvents(s, runId)))).toEqual(JSON.parse(JSON.stringify(streamed)));
  });
});

describe("the log keeps only the newest events, also while a run goes on", () => {
  it("through one long run the log never keeps more than twice its bound, though the run streams many more", async () => {
    const s = await open({ coalesceDeltas: false, keptEvents: 5 });
    let most = 0;
    let traced = 0;
    const stop = s.listen(s.lastSeq, (e) => {
      if (e.type === "trace") traced++;
      most = Math.max(most, s.retained().loggedEvents);
    });
    await runToEnd(s, "workflow:chatty.tsx");
    stop();
    expect(traced).toBeGreaterThan(20);
    expect(most).toBeLessThanOrEqual(10);
  });

  it("a recorded run's events are kept by its record alone while it runs: memory holds none, and its trace so far reads back whole", async () => {
    const s = await open();
    const streamed: TraceEvent[] = [];
    const stop = s.listen(s.lastSeq, (e) => void (e.type === "trace" && streamed.push(e.event)));
    const asked = nextEvent(s, (e) => e.type === "approval-requested", s.lastSeq);
    const live = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await asked;
    stop();
    expect(streamed.length).toBeGreaterThan(5);
    expect(s.retained()).toMatchObject({ runEvents: 0, runHandles: 1 });
    expect(JSON.parse(JSON.stringify(await recordedEvents(s, live.runId)))).toEqual(JSON.parse(JSON.stringify(streamed)));
  });

  it("a window opening during a live run gets one snapshot of its compacted trace so far (not every event), then the live events", async () => {
    const s = await open({ keptEvents: 2 });
    const asked = nextEvent(s, (e) => e.type === "approval-requested", s.lastSeq);
    const live = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await asked;
    const seen: StudioEvent[] = [];
    const stop = s.listen(0, (e) => void seen.push(e));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ type: "snapshot", seq: s.lastSeq, afterSeq: 0 });
    const snapshot = snapshotOf(seen[0]);
    expect(snapshot.runs.map((r) => [r.run.runId, r.run.status])).toEqual([[live.runId, "running"]]);
    expect(snapshot.runs[0]!.trace).toEqual(compactTrace(await recordedEvents(s, live.runId)));
    expect(snapshot.pending.map((p) => p.runId)).toEqual([live.runId]);

    const from = s.lastSeq;
    const ended = nextEvent(s, (e) => e.type === "run-ended" && e.run.runId === live.runId, from);
    await value(s.approve({ runId: live.runId, approvalId: snapshot.pending[0]!.approvalId }));
    await ended;
    stop();
    expect(seen.slice(1).map((e) => e.seq)).toEqual(seen.slice(1).map((_, i) => from + 1 + i));
    expect(seen.at(-1)).toMatchObject({ type: "run-ended", run: { runId: live.runId, status: "succeeded" } });
  });
});

describe("a long session stays bounded", () => {
  it("after 500 sequential runs the log and the runs keep what they kept after 100: no ended run's events or handle", async () => {
    // Every delta its own event, so a log keeping them would show.
    const s = await open({ coalesceDeltas: false });
    const counts: ReturnType<StudioService["retained"]>[] = [];
    let eventsPerRun = 0;
    for (let i = 1; i <= 500; i++) {
      const before = s.lastSeq;
      await runToEnd(s, "workflow:chatty.tsx");
      eventsPerRun = s.lastSeq - before;
      if (i === 100 || i === 500) counts.push(s.retained());
    }
    const [at100, at500] = counts as [ReturnType<StudioService["retained"]>, ReturnType<StudioService["retained"]>];
    // Each run is three tool calls, some 30 events, so a log keeping them would hold 500 × that.
    expect(eventsPerRun).toBeGreaterThan(20);
    expect(at500.loggedEvents).toBeLessThan(eventsPerRun);
    expect({ ...at500, runs: 0 }).toEqual({ ...at100, runs: 0 });
    expect(at500).toMatchObject({ runEvents: 0, runHandles: 0, runs: 500 });
  }, 60_000);
});

async function value<T>(result: Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
