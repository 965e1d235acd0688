// The store's side of stepping and the run history: where a run is stopped (from the trace's
// paused/resumed events), the studio's breakpoints, runs deleted or recorded elsewhere,
// interrupted runs, and the runs that replay, fork and resume start.
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import type { StopInfo, TraceEvent } from "../contract/index.ts";
import { currentStop, selectedStop } from "./selectors.ts";
import { createStudioStore } from "./studio-store.ts";

beforeEach(() => resetSeq());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const stop = (id: number, patch: Partial<StopInfo> = {}): StopInfo => ({ id, boundary: "model-call", reason: "step", agentPath: ["Release"], step: "release", stepNodeId: "n3", ...patch });
const trace = (runId: string, seq: number, event: Record<string, unknown>) => ({ ...event, runId, seq, time: 1795998817700 + seq }) as TraceEvent;

async function started(answers: Parameters<typeof createFakeBridge>[0] = {}) {
  const bridge = createFakeBridge({ project: samplesProject(), ...answers });
  const store = createStudioStore(bridge);
  await store.getState().start();
  return { bridge, store };
}

describe("where a live run is stopped", () => {
  it("follows the trace's paused and resumed events", async () => {
    const { bridge, store } = await started();
    store.getState().selectEntry("workflow:release.tsx");
    const head = recordedEvents("release-denied", "r1").slice(0, 4);
    bridge.emit([ev({ type: "run-started", run: runSummary("r1") }), ...traceEvents("r1", [...head, trace("r1", 5, { type: "paused", stop: stop(1, { reason: "start" }) })])]);
    expect(selectedStop(store.getState())).toMatchObject({ id: 1, reason: "start", step: "release" });
    bridge.emit(traceEvents("r1", [trace("r1", 6, { type: "resumed", stopId: 1, how: "step" })]));
    expect(selectedStop(store.getState())).toBeUndefined();
  });

  it("takes the summary's stop until the run's trace arrives, and none once the run ended", async () => {
    const { bridge, store } = await started();
    bridge.emit([ev({ type: "run-started", run: runSummary("r1", { stopped: stop(3) }) })]);
    expect(currentStop(store.getState().runs.r1)?.id).toBe(3);
    bridge.emit([ev({ type: "run-ended", run: runSummary("r1", { status: "aborted", stopped: stop(3) }) })]);
    expect(currentStop(store.getState().runs.r1)).toBeUndefined();
  });

  it("sends Pause, Step and Continue with the run's id", async () => {
    const { bridge, store } = await started();
    await store.getState().pauseRun("r1");
    await store.getState().stepRun("r1");
    await store.getState().continueRun("r1");
    expect([bridge.callsOf("pauseRun"), bridge.callsOf("stepRun"), bridge.callsOf("continueRun")]).toEqual([[{ runId: "r1" }], [{ runId: "r1" }], [{ runId: "r1" }]]);
  });

  it("starts a run paused only when asked", async () => {
    const { bridge, store } = await started();
    await store.getState().startRun("workflow:release.tsx", {});
    await store.getState().startRun("workflow:release.tsx", {}, true);
    expect(bridge.callsOf("startRun")).toEqual([
      { entryId: "workflow:release.tsx", input: {} },
      { entryId: "workflow:release.tsx", input: {}, paused: true },
    ]);
  });

  it("shows the host's refusal to step in Run", async () => {
    const { bridge, store } = await started();
    bridge.answers.stepRun = () => ({ ok: false, error: { code: "JUNE_AWAITING_APPROVAL", message: 'the run is waiting for approval of "deploy"' } });
    await store.getState().stepRun("r1");
    expect(store.getState().notices).toEqual([expect.objectContaining({ area: "run", error: expect.objectContaining({ code: "JUNE_AWAITING_APPROVAL" }) })]);
  });
});

describe("breakpoints", () => {
  it("loads the service's breakpoints on start", async () => {
    const { bridge, store } = await started({ answers: { getBreakpoints: () => ({ ok: true, value: [{ kind: "tool", tool: "deploy" }] }) } });
    expect(bridge.callsOf("getBreakpoints")).toEqual([{}]);
    expect(store.getState().breakpoints).toEqual([{ kind: "tool", tool: "deploy" }]);
  });

  it("keeps a breakpoints event that came before getBreakpoints answered", async () => {
    let answer: (() => void) | undefined;
    const bridge = createFakeBridge({ project: samplesProject(), answers: { getBreakpoints: () => ({ ok: true, value: [] }) } });
    const getBreakpoints = bridge.getBreakpoints;
    bridge.getBreakpoints = (request) => new Promise((resolve) => (answer = () => void getBreakpoints(request).then(resolve)));
    const store = createStudioStore(bridge);
    const starting = store.getState().start();
    bridge.emit([ev({ type: "breakpoints", breakpoints: [{ kind: "agent", agent: "Release" }] })]);
    answer!();
    await starting;
    expect(store.getState().breakpoints).toEqual([{ kind: "agent", agent: "Release" }]);
  });

  it("toggles: sends the whole new list with setBreakpoints and shows it at once", async () => {
    const { bridge, store } = await started();
    await store.getState().toggleBreakpoint({ kind: "tool", tool: "deploy" });
    await store.getState().toggleBreakpoint({ kind: "step", step: "release" });
    await store.getState().toggleBreakpoint({ kind: "tool", tool: "deploy" });
    expect(bridge.callsOf("setBreakpoints")).toEqual([
      { breakpoints: [{ kind: "tool", tool: "deploy" }] },
      { breakpoints: [{ kind: "tool", tool: "deploy" }, { kind: "step", step: "release" }] },
      { breakpoints: [{ kind: "step", step: "release" }] },
    ]);
    expect(store.getState().breakpoints).toEqual([{ kind: "step", step: "release" }]);
  });

  it("goes back to the list the service has when it refuses, and says why", async () => {
    const { bridge, store } = await started();
    bridge.answers.setBreakpoints = () => ({ ok: false, error: { code: "STUDIO_BAD_REQUEST", message: "studio: setBreakpoints got a bad request" } });
    await store.getState().toggleBreakpoint({ kind: "tool", tool: "deploy" });
    expect(store.getState().breakpoints).toEqual([]);
    expect(store.getState().notices[0]).toMatchObject({ error: { code: "STUDIO_BAD_REQUEST" } });
  });

  it("follows the service's breakpoints event (another window changed them)", async () => {
    const { bridge, store } = await started();
    bridge.emit([ev({ type: "breakpoints", breakpoints: [{ kind: "tool", tool: "search" }] })]);
    expect(store.getState().breakpoints).toEqual([{ kind: "tool", tool: "search" }]);
  });
});

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

  it("lists the runs again when a project loads, dropping the old folder's recorded runs", async () => {
    const { bridge, store } = await started({ answers: { listRuns: () => ({ ok: true, value: [runSummary("old", { status: "succeeded" }), runSummary("live")] }) } });
    bridge.answers.listRuns = () => ({ ok: true, value: [runSummary("other", { status: "succeeded" })] });
    bridge.emit([ev({ type: "project", project: { ...samplesProject(), folder: "/elsewhere", loadedAt: Date.now() } })]);
    await flush();
    expect(bridge.callsOf("listRuns")).toHaveLength(2);
    // A running run stays: it is this session's, wherever it records.
    expect([...store.getState().runOrder].sort()).toEqual(["live", "other"]);
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

describe("approvals of a replayed or resumed run", () => {
  it("keeps a request answered from the record out of the inbox", async () => {
    const { bridge, store } = await started();
    bridge.emit([
      ev({ type: "run-started", run: runSummary("r1", { origin: { kind: "resume", runId: "r0" } }) }),
      ev({ type: "approval-requested", approval: { ...pendingOf("a1"), replayed: true } }),
      ev({ type: "approval-requested", approval: { ...pendingOf("a2"), outcomeUnknown: true } }),
    ]);
    expect(store.getState().inbox.map((a) => [a.approvalId, a.outcomeUnknown ?? false])).toEqual([["a2", true]]);
  });
});

function pendingOf(approvalId: string) {
  return { runId: "r1", approvalId, nodeId: "n5", toolName: "deploy", toolCallId: "call_0_0", input: {}, agentPath: ["Release"], step: "release", entryName: "Release", requestedAt: 1 };
}
