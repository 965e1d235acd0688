// The approvals slice: one inbox across every live run, decisions through the bridge and into the
// history, and requests nobody is asked (answered from a record).
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { ev, pending, resetSeq, runSummary } from "../../test/events.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { createStudioStore } from "./studio-store.ts";

beforeEach(() => resetSeq());

async function started(answers: Parameters<typeof createFakeBridge>[0] = {}) {
  const bridge = createFakeBridge({ project: samplesProject(), ...answers });
  const store = createStudioStore(bridge);
  await store.getState().start();
  return { bridge, store };
}

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

  it("sends an elicitation's answers with the approval, and `cancel` when it is dismissed", async () => {
    const { bridge, store } = await started();
    const [first, second] = store.getState().inbox;
    await store.getState().approve(first!, { name: "Ada", integer: 42, check: true, instruments: ["Guitar"] });
    await store.getState().deny(second!, undefined, true);
    expect(bridge.callsOf("approve")).toEqual([{ runId: "r1", approvalId: "a1", content: { name: "Ada", integer: 42, check: true, instruments: ["Guitar"] } }]);
    expect(bridge.callsOf("deny")).toEqual([{ runId: "r2", approvalId: "a2", cancel: true }]);
  });

  it("marks a request being cancelled apart from one being denied", async () => {
    const { bridge, store } = await started();
    const seen: string[] = [];
    bridge.answers.deny = () => {
      seen.push(store.getState().deciding.a1 ?? "none");
      return { ok: true, value: null };
    };
    await store.getState().deny(store.getState().inbox[0]!, "", true);
    expect(seen).toEqual(["cancel"]);
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
