// The composed store: a batch of events across every slice (runs, traces, the project, the
// selection) applies in one state update.
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { buildTrace } from "../../../engine/src/trace/browser.ts";
import { createStudioStore } from "./studio-store.ts";

beforeEach(() => resetSeq());

describe("batches", () => {
  it("applies a whole batch in one state update", async () => {
    const bridge = createFakeBridge({ project: samplesProject() });
    const store = createStudioStore(bridge);
    await store.getState().start();
    let updates = 0;
    store.subscribe(() => updates++);
    const events = [ev({ type: "run-started", run: runSummary("r1", { entryId: "workflow:report.tsx", name: "Report" }) }), ...traceEvents("r1", recordedEvents("report"))];
    bridge.emit(events);
    expect(updates).toBe(1);
    expect(store.getState().runs.r1!.trace.root).toEqual(buildTrace(recordedEvents("report", "r1")));
    expect(store.getState().lastSeq).toBe(61);
  });

  it("builds each run's tree when one batch interleaves two runs", async () => {
    const bridge = createFakeBridge({ project: samplesProject() });
    const store = createStudioStore(bridge);
    await store.getState().start();
    const a = traceEvents("ra", recordedEvents("report"));
    const b = traceEvents("rb", recordedEvents("release-denied"));
    // Alternate the two runs' events, each run's in its own order, as two live runs would stream.
    const ordered = Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]])
      .flat()
      .filter((e) => e !== undefined)
      .map((e, i) => ({ ...e, seq: 100 + i }));
    bridge.emit(ordered);
    expect(store.getState().runs.ra!.trace.root).toEqual(buildTrace(recordedEvents("report", "ra")));
    expect(store.getState().runs.rb!.trace.root).toEqual(buildTrace(recordedEvents("release-denied", "rb")));
  });

  it("shows a project that is loading, then the loaded one", async () => {
    const bridge = createFakeBridge();
    const store = createStudioStore(bridge);
    await store.getState().start();
    bridge.emit([ev({ type: "project-loading", folder: "/project" })]);
    expect(store.getState().loadingFolder).toBe("/project");
    bridge.emit([ev({ type: "project", project: samplesProject() })]);
    expect(store.getState().loadingFolder).toBeNull();
    expect(store.getState().project?.entries).toHaveLength(10);
  });

  it("keeps the selected entry across a reload of the project", async () => {
    const bridge = createFakeBridge({ project: samplesProject() });
    const store = createStudioStore(bridge);
    await store.getState().start();
    store.getState().selectEntry("workflow:summarize.tsx");
    store.getState().selectGraphNode("n3");
    bridge.emit([ev({ type: "project", project: { ...samplesProject(), loadedAt: Date.now() } })]);
    expect(store.getState().selectedEntryId).toBe("workflow:summarize.tsx");
    expect(store.getState().inspected).toEqual({ runId: null, nodeId: "n3" });
  });
});
