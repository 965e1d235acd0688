// What the studio shows belongs to the open project: opening another folder (from this window or
// another) puts the first one's runs, decisions and selection away; opening it again brings its
// selection back and lists its runs; a run of the first still live streams on without being listed
// with the second, while what it asks stays in the one inbox.
import { beforeEach, describe, expect, it } from "vitest";
import type { ApprovalRecord, ProjectSnapshot, RunSummary } from "../contract/index.ts";
import { createFakeBridge, type FakeBridge } from "../../test/fake-bridge.ts";
import { ev, pending, resetSeq, runSummary } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { createStudioStore, type StudioStore } from "./studio-store.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const FIRST = "/project";
const SECOND = "/other";
let loadedAt = 1;
const projectAt = (folder: string): ProjectSnapshot => ({ ...samplesProject(), folder, loadedAt: ++loadedAt });

const decision = (runId: string, approvalId: string): ApprovalRecord => ({
  runId, approvalId, entryName: "Release", toolName: "deploy", input: {}, agentPath: ["Release"], step: "release", approved: true, decidedAt: 1_000 + loadedAt,
});

/** A host with two folders: each answers listRuns and approvalHistory with its own. */
function twoFolders(runs: Record<string, RunSummary[]>, history: Record<string, ApprovalRecord[]> = {}) {
  let open = FIRST;
  const bridge: FakeBridge = createFakeBridge({
    project: projectAt(FIRST),
    answers: {
      openFolder: ({ folder }) => {
        open = folder!;
        return { ok: true, value: projectAt(open) };
      },
      listRuns: () => ({ ok: true, value: runs[open] ?? [] }),
      approvalHistory: () => ({ ok: true, value: history[open] ?? [] }),
      getRunEvents: ({ runId }) => ({ ok: true, value: recordedEvents("report", runId) }),
    },
  });
  return bridge;
}

async function started(bridge: FakeBridge): Promise<StudioStore> {
  const store = createStudioStore(bridge);
  await store.getState().start();
  return store;
}

beforeEach(() => resetSeq());

describe("opening another folder", () => {
  it("shows none of the first folder's runs, decisions or selection, and asks the host for the second's", async () => {
    const bridge = twoFolders(
      { [FIRST]: [runSummary("first-run", { status: "succeeded", entryId: "workflow:report.tsx" })], [SECOND]: [runSummary("second-run", { status: "succeeded" })] },
      { [FIRST]: [decision("first-run", "a1")], [SECOND]: [] },
    );
    const store = await started(bridge);
    store.getState().selectRun("first-run");
    await flush();
    expect(store.getState()).toMatchObject({ selectedEntryId: "workflow:report.tsx", selectedRunId: "first-run", history: [{ approvalId: "a1" }] });

    expect(await store.getState().openFolder(SECOND)).toBe(true);
    const state = store.getState();
    expect(state.project?.folder).toBe(SECOND);
    expect(state.runOrder).toEqual(["second-run"]);
    expect(state.history).toEqual([]);
    // A folder never opened before starts on its first entry, no run selected.
    expect(state).toMatchObject({ selectedEntryId: "workflow:article.tsx", selectedRunId: null, selectedTraceNodeId: null });
    expect(bridge.callsOf("approvalHistory")).toHaveLength(2);
    // No run was live there: nothing to tell.
    expect(store.getState().notices).toEqual([]);
  });

  it("closes the Source the first folder had open", async () => {
    const bridge = twoFolders({ [FIRST]: [], [SECOND]: [] }, { [FIRST]: [], [SECOND]: [] });
    const store = await started(bridge);
    store.setState({ source: { id: 1, location: { file: `${FIRST}/report.tsx`, line: 3 }, status: "loading" } as never });
    expect(await store.getState().openFolder(SECOND)).toBe(true);
    expect(store.getState().source).toBeNull();
  });

  it("opening the first again lists its runs and brings its selection back: entry, run (its trace read again) and trace node", async () => {
    const bridge = twoFolders({ [FIRST]: [runSummary("first-run", { status: "succeeded", entryId: "workflow:report.tsx" })], [SECOND]: [] });
    const store = await started(bridge);
    store.getState().selectRun("first-run");
    await flush();
    const node = [...store.getState().runs["first-run"]!.trace.nodes.keys()][2]!;
    store.getState().selectTraceNode(node);

    await store.getState().openFolder(SECOND);
    store.getState().selectEntry("workflow:fix.tsx");
    await store.getState().openFolder(FIRST);
    await flush();
    const state = store.getState();
    expect(state.runOrder).toEqual(["first-run"]);
    expect(state).toMatchObject({ selectedEntryId: "workflow:report.tsx", selectedRunId: "first-run", selectedTraceNodeId: node });
    expect(state.runs["first-run"]!.trace.root?.name).toBe("Report");
    expect(bridge.callsOf("getRunEvents")).toEqual([{ runId: "first-run" }, { runId: "first-run" }]);

    // And the second's, when it is opened again.
    await store.getState().openFolder(SECOND);
    expect(store.getState().selectedEntryId).toBe("workflow:fix.tsx");
  });

  it("a remembered run that is gone (deleted meanwhile) gives way to the entry's latest run", async () => {
    const runs: Record<string, RunSummary[]> = { [FIRST]: [runSummary("gone", { status: "succeeded" }), runSummary("kept", { status: "succeeded", startedAt: 1 })], [SECOND]: [] };
    const bridge = twoFolders(runs);
    const store = await started(bridge);
    store.getState().selectRun("gone");
    await store.getState().openFolder(SECOND);
    runs[FIRST] = [runs[FIRST]![1]!];
    await store.getState().openFolder(FIRST);
    expect(store.getState()).toMatchObject({ selectedEntryId: "workflow:release.tsx", selectedRunId: "kept" });
  });

  it("follows another window's Open folder (the project event) the same way", async () => {
    const bridge = twoFolders({ [FIRST]: [runSummary("first-live")], [SECOND]: [runSummary("second-run", { status: "succeeded" })] });
    const store = await started(bridge);
    store.getState().selectEntry("workflow:fix.tsx");
    await bridge.answers.openFolder!({ folder: SECOND });
    bridge.emit([ev({ type: "project-loading", folder: SECOND }), ev({ type: "project", project: projectAt(SECOND) })]);
    await flush();
    expect(store.getState()).toMatchObject({ runOrder: ["second-run"], selectedEntryId: "workflow:article.tsx" });
    expect(bridge.callsOf("approvalHistory")).toHaveLength(2);
  });

  it("a reload of the same folder keeps its runs, decisions and selection", async () => {
    const bridge = twoFolders({ [FIRST]: [runSummary("first-run", { status: "succeeded", entryId: "workflow:report.tsx" })] }, { [FIRST]: [decision("first-run", "a1")] });
    const store = await started(bridge);
    store.getState().selectRun("first-run");
    bridge.emit([ev({ type: "project", project: projectAt(FIRST) })]);
    await flush();
    expect(store.getState()).toMatchObject({ runOrder: ["first-run"], selectedRunId: "first-run", history: [{ approvalId: "a1" }] });
    expect(bridge.callsOf("approvalHistory")).toHaveLength(1);
  });
});

describe("a run of the first folder still live when the second opens", () => {
  it("streams on unlisted; what it asks waits in the inbox, its decision is not the second's history, its end closes its requests", async () => {
    const bridge = twoFolders({ [FIRST]: [runSummary("live")], [SECOND]: [] });
    const store = await started(bridge);
    bridge.emit([ev({ type: "approval-requested", approval: pending("live", "ask-1") })]);
    await store.getState().openFolder(SECOND);
    expect(store.getState().runOrder).toEqual([]);
    expect(store.getState().inbox.map((a) => a.approvalId)).toEqual(["ask-1"]);
    // Not silently: Runs says it goes on, and where to find it.
    expect(store.getState().notices).toEqual([
      expect.objectContaining({ area: "runs", error: { code: "STUDIO_RUNS_ELSEWHERE", message: expect.stringContaining(`1 run of ${FIRST} was still running`) } }),
    ]);
    expect(store.getState().notices[0]!.error.message).toContain("(live)");

    bridge.emit([
      ...recordedEvents("release-denied", "live").slice(0, 3).map((event) => ev({ type: "trace", runId: "live", event })),
      ev({ type: "approval-requested", approval: pending("live", "ask-2") }),
      ev({ type: "approval-decided", record: decision("live", "ask-1") }),
    ]);
    await flush();
    expect(store.getState().runOrder).toEqual([]);
    expect(store.getState().runs.live).toBeUndefined();
    expect(store.getState().inbox.map((a) => a.approvalId)).toEqual(["ask-2"]);
    expect(store.getState().history).toEqual([]);

    bridge.emit([ev({ type: "run-ended", run: runSummary("live", { status: "succeeded" }) })]);
    expect(store.getState().inbox).toEqual([]);
    expect(store.getState().runOrder).toEqual([]);
  });

  it("a window that meets it only by its trace (opened after the switch) lets it go once listRuns doesn't name it", async () => {
    const bridge = twoFolders({ [SECOND]: [] });
    await bridge.answers.openFolder!({ folder: SECOND });
    const store = await started(bridge);
    bridge.emit(recordedEvents("release-denied", "stray").slice(0, 2).map((event) => ev({ type: "trace", runId: "stray", event })));
    expect(store.getState().runOrder).toEqual(["stray"]);
    await flush();
    expect(store.getState().runOrder).toEqual([]);
    bridge.emit(recordedEvents("release-denied", "stray").slice(2, 4).map((event) => ev({ type: "trace", runId: "stray", event })));
    expect(store.getState().runOrder).toEqual([]);
  });
});
