// The runs slice: the run history (order, ended runs, deletions, a project's own runs, opening a
// past run) and the runs that replay, fork and resume start.
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { ev, resetSeq, runSummary } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { createStudioStore } from "./studio-store.ts";

beforeEach(() => resetSeq());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function started(answers: Parameters<typeof createFakeBridge>[0] = {}) {
  const bridge = createFakeBridge({ project: samplesProject(), ...answers });
  const store = createStudioStore(bridge);
  await store.getState().start();
  return { bridge, store };
}

describe("the run history", () => {
  it("never shows an interrupted run as running again", async () => {
    const { bridge, store } = await started({ answers: { listRuns: () => ({ ok: true, value: [runSummary("r1", { status: "interrupted" })] }) } });
    bridge.emit([ev({ type: "run-started", run: runSummary("r1") })]);
    expect(store.getState().runs.r1!.summary.status).toBe("interrupted");
  });

  it("keeps runs in the order they started, whatever order listRuns gives", async () => {
    const { store } = await started({
      answers: { listRuns: () => ({ ok: true, value: [runSummary("new", { startedAt: 3 }), runSummary("mid", { startedAt: 2 }), runSummary("old", { startedAt: 1 })] }) },
    });
    expect(store.getState().runOrder).toEqual(["old", "mid", "new"]);
  });

  it("forgets a deleted run and unselects it", async () => {
    const { bridge, store } = await started({ answers: { listRuns: () => ({ ok: true, value: [runSummary("r1", { status: "succeeded" }), runSummary("r2", { status: "failed" })] }) } });
    store.getState().selectRun("r1");
    bridge.emit([ev({ type: "run-deleted", runId: "r1" })]);
    expect(store.getState().runOrder).toEqual(["r2"]);
    expect(store.getState().selectedRunId).toBeNull();
  });

  it("deletes through the bridge and drops the run without waiting for the event", async () => {
    const { bridge, store } = await started({ answers: { listRuns: () => ({ ok: true, value: [runSummary("r1", { status: "succeeded" })] }) } });
    expect(await store.getState().deleteRun("r1")).toBe(true);
    expect(bridge.callsOf("deleteRun")).toEqual([{ runId: "r1" }]);
    expect(store.getState().runs.r1).toBeUndefined();
  });

  it("lists the runs again when another folder loads, none of the old folder's (its live run too: that folder lists it)", async () => {
    const { bridge, store } = await started({ answers: { listRuns: () => ({ ok: true, value: [runSummary("old", { status: "succeeded" }), runSummary("live")] }) } });
    bridge.answers.listRuns = () => ({ ok: true, value: [runSummary("other", { status: "succeeded" })] });
    bridge.emit([ev({ type: "project", project: { ...samplesProject(), folder: "/elsewhere", loadedAt: Date.now() } })]);
    await flush();
    expect(bridge.callsOf("listRuns")).toHaveLength(2);
    // The running run is the old folder's: listed with it again (project-switch.test.ts), not here.
    expect(store.getState().runOrder).toEqual(["other"]);
  });

  it("opens a past run: selects its entry and fetches its events", async () => {
    const events = recordedEvents("report", "r1");
    const { bridge, store } = await started({
      answers: {
        listRuns: () => ({ ok: true, value: [runSummary("r1", { status: "succeeded", entryId: "workflow:report.tsx", name: "Report" })] }),
        getRunEvents: () => ({ ok: true, value: events }),
      },
    });
    store.getState().selectRun("r1");
    await flush();
    expect(store.getState().selectedEntryId).toBe("workflow:report.tsx");
    expect(bridge.callsOf("getRunEvents")).toEqual([{ runId: "r1" }]);
    expect(store.getState().runs.r1!.trace.root?.name).toBe("Report");
  });
});

describe("replay, fork and resume", () => {
  it("selects the run a replay starts, then its entry when the run starts", async () => {
    const { bridge, store } = await started({ answers: { listRuns: () => ({ ok: true, value: [runSummary("r1", { status: "succeeded" })] }) } });
    store.getState().setStartPaused(true);
    expect(await store.getState().replayRun("r1")).toBe(true);
    expect(bridge.callsOf("replayRun")).toEqual([{ runId: "r1", paused: true }]);
    expect(store.getState().selectedRunId).toBe("run_replay");
    bridge.emit([ev({ type: "run-started", run: runSummary("run_replay", { entryId: "workflow:report.tsx", origin: { kind: "replay", runId: "r1" } }) })]);
    expect(store.getState()).toMatchObject({ selectedRunId: "run_replay", selectedEntryId: "workflow:report.tsx" });
  });

  it("resumes an interrupted run", async () => {
    const { bridge, store } = await started();
    expect(await store.getState().resumeRun("r1")).toBe(true);
    expect(bridge.callsOf("resumeRun")).toEqual([{ runId: "r1" }]);
    expect(store.getState().selectedRunId).toBe("run_resume");
  });

  it("hands a fork's error back to its form instead of a notice", async () => {
    const { bridge, store } = await started();
    bridge.answers.forkRun = () => ({ ok: false, error: { code: "STUDIO_UNKNOWN_MODEL", message: "no provider for nope:x" } });
    const result = await store.getState().forkRun({ runId: "r1", nodeId: "n4", model: "nope:x" });
    expect(result).toEqual({ ok: false, error: { code: "STUDIO_UNKNOWN_MODEL", message: "no provider for nope:x" } });
    expect(store.getState().notices).toEqual([]);
  });
});
