// What a window holds of its runs' traces: the live runs' and the one it shows. A run that ends
// while another is shown, or is shown no longer, is its summary; showing it again reads its record
// back (getRunEvents). A snapshot's ended run comes as its summary, and the shown one is read back.
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { buildTrace } from "../../../engine/src/trace/browser.ts";
import { createStudioStore } from "./studio-store.ts";

beforeEach(() => resetSeq());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ended = (runId: string) => runSummary(runId, { status: "succeeded", endedAt: 2 });

async function studioWithTwoRuns() {
  const events = { a: recordedEvents("report", "a"), b: recordedEvents("report", "b") };
  const bridge = createFakeBridge({ project: samplesProject(), answers: { getRunEvents: ({ runId }) => ({ ok: true, value: events[runId as "a" | "b"] }) } });
  const store = createStudioStore(bridge);
  await store.getState().start();
  bridge.emit([ev({ type: "run-started", run: runSummary("a") }), ev({ type: "run-started", run: runSummary("b") }), ...traceEvents("a", events.a), ...traceEvents("b", events.b)]);
  return { bridge, store, events };
}

describe("the traces a window holds", () => {
  it("a run that ends while another is shown lets go of its trace; showing it reads the record back", async () => {
    const { bridge, store, events } = await studioWithTwoRuns();
    store.getState().selectRun("b");
    bridge.emit([ev({ type: "run-ended", run: ended("a") }), ev({ type: "run-ended", run: ended("b") })]);
    expect(store.getState().runs.a!.trace.root).toBeUndefined();
    expect(store.getState().runs.a!.summary.status).toBe("succeeded");
    expect(store.getState().runs.b!.trace.root).toEqual(buildTrace(events.b));
    store.getState().selectRun("a");
    await flush();
    expect(bridge.callsOf("getRunEvents")).toEqual([{ runId: "a" }]);
    expect(store.getState().runs.a!.trace.root).toEqual(buildTrace(events.a));
    // …and b, shown no longer, is its summary now.
    expect(store.getState().runs.b!.trace.root).toBeUndefined();
  });

  it("starting a run lets go of the trace of the ended run shown before", async () => {
    const { bridge, store } = await studioWithTwoRuns();
    store.getState().selectRun("a");
    bridge.emit([ev({ type: "run-ended", run: ended("a") })]);
    expect(store.getState().runs.a!.trace.root).toBeDefined();
    bridge.answers.startRun = () => ({ ok: true, value: { runId: "c" } });
    await store.getState().startRun("workflow:report.tsx", {});
    expect(store.getState().selectedRunId).toBe("c");
    expect(store.getState().runs.a!.trace.root).toBeUndefined();
  });

  it("a shown run whose record has no events is asked for once, not again on every batch", async () => {
    const bridge = createFakeBridge({ project: samplesProject(), answers: { getRunEvents: () => ({ ok: true, value: [] }) } });
    const store = createStudioStore(bridge);
    await store.getState().start();
    bridge.emit([ev({ type: "run-started", run: runSummary("empty") }), ev({ type: "run-ended", run: ended("empty") })]);
    store.getState().selectRun("empty");
    await flush();
    bridge.emit([ev({ type: "run-started", run: runSummary("other") })]);
    bridge.emit([ev({ type: "breakpoints", breakpoints: [] })]);
    await flush();
    expect(bridge.callsOf("getRunEvents")).toEqual([{ runId: "empty" }]);
  });

  it("a live run keeps its trace while another is shown", async () => {
    const { store, events } = await studioWithTwoRuns();
    store.getState().selectRun("b");
    store.getState().selectRun("a");
    expect(store.getState().runs.b!.trace.root).toEqual(buildTrace(events.b));
  });

  it("a snapshot's ended run is its summary, and the shown one is read back whole", async () => {
    const { bridge, store, events } = await studioWithTwoRuns();
    store.getState().selectRun("a");
    // The window missed a's end (it reconnected after the service let go of those events).
    bridge.emit([ev({ type: "snapshot", afterSeq: 0, snapshot: { runs: [{ run: ended("a"), trace: [] }, { run: ended("b"), trace: [] }], deletedRuns: [], pending: [], decided: [] } })]);
    expect(store.getState().runs.b!.trace.root).toBeUndefined();
    await flush();
    expect(bridge.callsOf("getRunEvents")).toEqual([{ runId: "a" }]);
    expect(store.getState().runs.a!.trace.root).toEqual(buildTrace(events.a));
  });
});
