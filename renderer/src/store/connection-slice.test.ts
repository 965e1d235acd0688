// The connection slice: what start() loads, re-subscription from the last seq, a run known only
// from its trace, a run's skipped seq (no gap to fill: the studio seq is the one recovered), and
// the transport's state.
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

  it("applies a run's events past a skipped seq as they come, and fetches nothing to fill it", async () => {
    // The studio's seq is the one recovered (by the bridge); a run's own seqs are only an order.
    const events = recordedEvents("report", "r1");
    const bridge = createFakeBridge({ project: samplesProject(), answers: { getRunEvents: () => ({ ok: true, value: events }) } });
    const store = createStudioStore(bridge);
    await store.getState().start();
    const skipped = [...events.slice(0, 5), ...events.slice(6)];
    bridge.emit([ev({ type: "run-started", run: runSummary("r1") }), ...traceEvents("r1", skipped)]);
    await flush();
    expect(bridge.callsOf("getRunEvents")).toEqual([]);
    expect(store.getState().runs.r1!.trace.root).toEqual(buildTrace(skipped));
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
