// The store over a fake Bridge: what start() loads, how batches apply, the approval inbox across
// runs, re-subscription from the last seq, and errors that surface instead of vanishing.
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { ev, pending, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { buildTrace } from "../../../engine/src/trace/browser.ts";
import { createStudioStore } from "./studio-store.ts";

beforeEach(() => resetSeq());

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("start", () => {
  it("subscribes from seq 0 and loads the project, selecting the first entry and its first agent", async () => {
    const bridge = createFakeBridge({ project: samplesProject() });
    const store = createStudioStore(bridge);
    await store.getState().start();
    const s = store.getState();
    expect(bridge.subscriptions).toEqual([0]);
    expect(s.ready).toBe(true);
    expect(s.selectedEntryId).toBe("workflow:article.tsx");
    expect(s.inspected).toEqual({ runId: null, nodeId: "n2" });
  });

  it("merges runs, pending approvals and history the host already holds", async () => {
    const bridge = createFakeBridge({
      project: samplesProject(),
      answers: {
        listRuns: () => ({ ok: true, value: [runSummary("r1"), runSummary("r2", { status: "succeeded" })] }),
        pendingApprovals: () => ({ ok: true, value: [pending("r1", "a1")] }),
        approvalHistory: () => ({ ok: true, value: [{ ...pending("r2", "a0"), approved: true, decidedAt: 5 }] }),
      },
    });
    const store = createStudioStore(bridge);
    await store.getState().start();
    const s = store.getState();
    expect(s.runOrder).toEqual(["r1", "r2"]);
    expect(s.inbox.map((a) => a.approvalId)).toEqual(["a1"]);
    expect(s.history.map((r) => r.approvalId)).toEqual(["a0"]);
  });
});

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

describe("one approval inbox across every live run", () => {
  async function started() {
    const bridge = createFakeBridge({ project: samplesProject() });
    const store = createStudioStore(bridge);
    await store.getState().start();
    bridge.emit([
      ev({ type: "run-started", run: runSummary("r1") }),
      ev({ type: "run-started", run: runSummary("r2", { entryId: "workflow:fix.tsx", name: "Fix" }) }),
      ev({ type: "approval-requested", approval: pending("r1", "a1") }),
      ev({ type: "approval-requested", approval: pending("r2", "a2", { toolName: "writeFile", entryName: "Fix" }) }),
    ]);
    return { bridge, store };
  }

  it("holds the requests of both runs, oldest first", async () => {
    const { store } = await started();
    expect(store.getState().inbox.map((a) => [a.runId, a.approvalId, a.toolName])).toEqual([
      ["r1", "a1", "deploy"],
      ["r2", "a2", "writeFile"],
    ]);
  });

  it("approves and denies through the bridge with the request's run and approval ids", async () => {
    const { bridge, store } = await started();
    const [first, second] = store.getState().inbox;
    await store.getState().approve(first!);
    await store.getState().deny(second!, "  not on a Friday ");
    expect(bridge.callsOf("approve")).toEqual([{ runId: "r1", approvalId: "a1" }]);
    expect(bridge.callsOf("deny")).toEqual([{ runId: "r2", approvalId: "a2", reason: "not on a Friday" }]);
    expect(store.getState().inbox).toEqual([]);
  });

  it("moves a decision to the history when the host records it", async () => {
    const { bridge, store } = await started();
    bridge.emit([ev({ type: "approval-decided", record: { ...pending("r2", "a2", { toolName: "writeFile" }), approved: false, reason: "no", decidedAt: 10 } })]);
    expect(store.getState().inbox.map((a) => a.approvalId)).toEqual(["a1"]);
    expect(store.getState().history).toEqual([expect.objectContaining({ approvalId: "a2", approved: false, reason: "no", toolName: "writeFile" })]);
  });

  it("drops a run's requests when the run ends", async () => {
    const { bridge, store } = await started();
    bridge.emit([ev({ type: "run-ended", run: runSummary("r1", { status: "aborted", endedAt: 9 }) })]);
    expect(store.getState().inbox.map((a) => a.approvalId)).toEqual(["a2"]);
  });

  it("keeps the request and shows the error when the host refuses a decision", async () => {
    const { bridge, store } = await started();
    bridge.answers.approve = () => ({ ok: false, error: { code: "STUDIO_UNKNOWN_APPROVAL", message: "run r1 has no pending approval" } });
    await store.getState().approve(store.getState().inbox[0]!);
    expect(store.getState().inbox.map((a) => a.approvalId)).toEqual(["a1", "a2"]);
    expect(store.getState().approvalErrors.a1).toEqual({ code: "STUDIO_UNKNOWN_APPROVAL", message: "run r1 has no pending approval" });
  });
});

describe("re-subscribing after a reconnect", () => {
  it("subscribes again from the last seq seen and ignores replayed events", async () => {
    const bridge = createFakeBridge({ project: samplesProject() });
    const store = createStudioStore(bridge);
    await store.getState().start();
    const events = [ev({ type: "run-started", run: runSummary("r1") }), ev({ type: "approval-requested", approval: pending("r1", "a1") })];
    bridge.emit(events);
    store.getState().resubscribe();
    expect(bridge.subscriptions).toEqual([0, 2]);
    const before = store.getState();
    bridge.emit(events);
    expect(store.getState()).toBe(before);
    expect(store.getState().inbox).toHaveLength(1);
  });

  it("fetches a run's full events when the stream has a gap in its trace", async () => {
    const events = recordedEvents("report", "r1");
    const bridge = createFakeBridge({ project: samplesProject(), answers: { getRunEvents: () => ({ ok: true, value: events }) } });
    const store = createStudioStore(bridge);
    await store.getState().start();
    bridge.emit([ev({ type: "run-started", run: runSummary("r1") }), ...traceEvents("r1", events.slice(40))]);
    await flush();
    expect(bridge.callsOf("getRunEvents")).toEqual([{ runId: "r1" }]);
    expect(store.getState().runs.r1!.trace.root).toEqual(buildTrace(events));
  });
});

describe("errors are shown, not swallowed", () => {
  it("turns a failed openFolder into a notice with its code and message", async () => {
    const bridge = createFakeBridge({ answers: { openFolder: () => ({ ok: false, error: { code: "STUDIO_FOLDER_NOT_FOUND", message: "there is no folder /nope" } }) } });
    const store = createStudioStore(bridge);
    expect(await store.getState().openFolder("/nope")).toBe(false);
    expect(store.getState().notices).toEqual([expect.objectContaining({ area: "project", error: { code: "STUDIO_FOLDER_NOT_FOUND", message: "there is no folder /nope" } })]);
  });

  it("reports a bridge that throws", async () => {
    const bridge = createFakeBridge();
    bridge.startRun = async () => {
      throw new Error("socket closed");
    };
    const store = createStudioStore(bridge);
    expect(await store.getState().startRun("workflow:x", {})).toBe(false);
    expect(store.getState().notices[0]).toMatchObject({ area: "run", error: { code: "STUDIO_BRIDGE_FAILED", message: "socket closed" } });
  });
});

describe("the connection", () => {
  it("follows a bridge that reports its connection state (the web host's WebSocket)", async () => {
    const listeners: Array<(state: "connecting" | "open" | "reconnecting" | "closed") => void> = [];
    const bridge = Object.assign(createFakeBridge(), {
      state: "connecting" as const,
      onConnectionChange(listener: (state: "connecting" | "open" | "reconnecting" | "closed") => void) {
        listeners.push(listener);
        return () => undefined;
      },
    });
    const store = createStudioStore(bridge);
    expect(store.getState().connection).toBe("connecting");
    await store.getState().start();
    listeners.forEach((l) => l("reconnecting"));
    expect(store.getState().connection).toBe("reconnecting");
    listeners.forEach((l) => l("open"));
    expect(store.getState().connection).toBe("open");
  });
});

describe("a run known only from its trace", () => {
  it("asks listRuns once for its summary", async () => {
    const events = recordedEvents("report", "r9");
    const bridge = createFakeBridge({ project: samplesProject() });
    const store = createStudioStore(bridge);
    await store.getState().start();
    bridge.answers.listRuns = () => ({ ok: true, value: [runSummary("r9", { entryId: "workflow:report.tsx", name: "Report" })] });
    bridge.emit(traceEvents("r9", events.slice(0, 10)));
    bridge.emit(traceEvents("r9", events.slice(10, 20)));
    await flush();
    expect(bridge.callsOf("listRuns")).toHaveLength(2); // start() and the one for r9
    expect(store.getState().runs.r9).toMatchObject({ summary: { name: "Report", entryId: "workflow:report.tsx" } });
    expect(store.getState().runs.r9!.provisional).toBeUndefined();
  });
});
