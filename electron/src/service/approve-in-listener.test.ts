// Deciding from inside the service's own event stream: a listener that calls approve() or deny()
// synchronously as the approval is announced — on the studio's approval-requested event or on the
// run's trace event carrying it — gets { ok: true } and the run goes on with the decision, which
// the inbox records like any other.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Result, StudioEvent } from "../contract/index.ts";
import { DEPLOY_FLOW, makeProject, openService, runEnded, type ProjectFixture } from "./project-fixture.test-support.ts";
import type { StudioService } from "./studio-service.ts";

let project: ProjectFixture;
let service: StudioService | undefined;
beforeAll(async () => {
  project = await makeProject({ "deploy.tsx": DEPLOY_FLOW });
});
afterAll(() => project.remove());
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function open(): Promise<StudioService> {
  service = await openService(project.folder);
  return service;
}

/** The decisions the inbox recorded for one run (earlier tests' runs share the project's history). */
async function decisionsOf(s: StudioService, runId: string) {
  const history = await s.approvalHistory({});
  if (!history.ok) throw new Error(history.error.message);
  return history.value.filter((record) => record.runId === runId);
}

type Where = "approval-requested" | "trace";
const asked = (event: StudioEvent, where: Where) =>
  where === "approval-requested"
    ? event.type === "approval-requested"
      ? { runId: event.approval.runId, approvalId: event.approval.approvalId }
      : undefined
    : event.type === "trace" && event.event.type === "approval-requested"
      ? { runId: event.runId, approvalId: event.event.approval.approvalId }
      : undefined;

/** Decides synchronously inside the listener, on the first `where` event announcing an approval; resolves with the answer. */
function answerInside(s: StudioService, where: Where, decide: (ask: { runId: string; approvalId: string }) => Promise<Result<null>>) {
  return new Promise<Result<null>>((resolve) => {
    let done = false;
    s.listen(s.lastSeq, (event) => {
      const ask = asked(event, where);
      if (!ask || done) return;
      done = true;
      resolve(decide(ask));
    });
  });
}

describe("approve() and deny() inside a listen() listener", () => {
  for (const where of ["approval-requested", "trace"] as const) {
    it(`approve() on the ${where} event is accepted and the tool runs`, async () => {
      const s = await open();
      const answer = answerInside(s, where, (ask) => s.approve(ask));
      const started = await s.startRun({ entryId: "workflow:deploy.tsx" });
      if (!started.ok) throw new Error(started.error.message);
      expect(await answer).toEqual({ ok: true, value: null });
      const ended = await runEnded(s, started.value.runId);
      expect(ended.run.status).toBe("succeeded");
      expect(await decisionsOf(s, started.value.runId)).toEqual([expect.objectContaining({ toolName: "deploy", approved: true })]);
      const events = await s.getRunEvents({ runId: started.value.runId });
      const output = events.ok ? events.value.find((e) => e.type === "node-end" && e.nodeId === "n1") : undefined;
      expect(output).toMatchObject({ output: "shipped staging" });
    });
  }

  it("deny() on the approval-requested event is accepted, with its reason, and the tool never runs", async () => {
    const s = await open();
    const answer = answerInside(s, "approval-requested", (ask) => s.deny({ ...ask, reason: "not today" }));
    const started = await s.startRun({ entryId: "workflow:deploy.tsx" });
    if (!started.ok) throw new Error(started.error.message);
    expect(await answer).toEqual({ ok: true, value: null });
    await runEnded(s, started.value.runId);
    expect(await decisionsOf(s, started.value.runId)).toEqual([expect.objectContaining({ approved: false, reason: "not today" })]);
    const events = await s.getRunEvents({ runId: started.value.runId });
    expect(events.ok && events.value.find((e) => e.type === "node-end" && e.nodeId === "n1")).toMatchObject({ output: "not shipped staging" });
    expect(await s.pendingApprovals({})).toEqual({ ok: true, value: [] });
  });
});
