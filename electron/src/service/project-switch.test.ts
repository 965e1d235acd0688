// State belongs to the open project: after openFolder on another folder the service lists that
// folder's runs, approval decisions and breakpoints, not the first one's; opening the first again
// brings its own back. A live run of the first goes on: its approval stays in the one inbox (and
// can be decided from there), and it is listed with its project again.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { StudioEvent } from "../contract/index.ts";
import { DEPLOY_FLOW, HELLO_FLOW, approvalsRequested, makeProject, nextEvent, runEnded, type ProjectFixture } from "./project-fixture.test-support.ts";
import { StudioService } from "./studio-service.ts";

let first: ProjectFixture;
let second: ProjectFixture;
let service: StudioService | undefined;

beforeEach(async () => {
  first = await makeProject({ "deploy.tsx": DEPLOY_FLOW, "hello.tsx": HELLO_FLOW });
  second = await makeProject({ "hello.tsx": HELLO_FLOW });
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  await first.remove();
  await second.remove();
});

async function value<T>(result: Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

async function start(): Promise<StudioService> {
  service = new StudioService({ log: () => {} });
  await value(service.openFolder({ folder: first.folder }));
  return service;
}

async function runHello(s: StudioService): Promise<string> {
  const { runId } = await value(s.startRun({ entryId: "workflow:hello.tsx" }));
  const ended = await runEnded(s, runId);
  expect(ended.run.status).toBe("succeeded");
  return runId;
}

const listed = async (s: StudioService) => (await value(s.listRuns({}))).map((r) => r.runId);

describe("the runs listed are the open project's", () => {
  it("another folder lists none of the first's runs; the first, opened again, lists them from this session and from its record", async () => {
    const s = await start();
    const firstRun = await runHello(s);
    await value(s.openFolder({ folder: second.folder }));
    expect(await listed(s)).toEqual([]);
    const secondRun = await runHello(s);
    expect(await listed(s)).toEqual([secondRun]);

    await value(s.openFolder({ folder: first.folder }));
    expect(await listed(s)).toEqual([firstRun]);
    expect((await value(s.getRunEvents({ runId: firstRun })))[0]).toMatchObject({ type: "node-start", node: { parentId: null, name: "Hello" } });

    // A new studio (another session) finds each folder's runs in its records.
    await s.close();
    service = new StudioService({ log: () => {} });
    await value(service.openFolder({ folder: second.folder }));
    expect(await listed(service)).toEqual([secondRun]);
  });

  it("a window that catches up from a snapshot is told of the open project's runs only", async () => {
    const s = await start();
    await runHello(s);
    await value(s.openFolder({ folder: second.folder }));
    const secondRun = await runHello(s);
    // The log let go of the events (runs ended): a window from seq 0 gets one snapshot.
    const events: StudioEvent[] = [];
    s.listen(0, (e) => void events.push(e))();
    const snapshot = events.find((e): e is Extract<StudioEvent, { type: "snapshot" }> => e.type === "snapshot")!;
    expect(snapshot.snapshot.project?.folder).toBe(second.folder);
    expect(snapshot.snapshot.runs.map((r) => r.run.runId)).toEqual([secondRun]);
  });
});

describe("breakpoints are the open project's", () => {
  it("another folder starts with none (announced); the first, opened again, has its own back (announced)", async () => {
    const s = await start();
    await value(s.setBreakpoints({ breakpoints: [{ kind: "tool", tool: "deploy" }] }));
    let before = s.lastSeq;
    await value(s.openFolder({ folder: second.folder }));
    expect(await value(s.getBreakpoints({}))).toEqual([]);
    const announced = (after: number) => eventsAfter(s, after).filter((e) => e.type === "breakpoints");
    expect(announced(before)).toEqual([expect.objectContaining({ breakpoints: [] })]);
    // The project event comes first: a window switching projects takes the breakpoints after it.
    expect(eventsAfter(s, before).map((e) => e.type)).toEqual(["project-loading", "project", "breakpoints"]);

    await value(s.setBreakpoints({ breakpoints: [{ kind: "step", step: "greet" }] }));
    before = s.lastSeq;
    await value(s.openFolder({ folder: first.folder }));
    expect(await value(s.getBreakpoints({}))).toEqual([{ kind: "tool", tool: "deploy" }]);
    expect(announced(before)).toEqual([expect.objectContaining({ breakpoints: [{ kind: "tool", tool: "deploy" }] })]);
    await value(s.openFolder({ folder: second.folder }));
    expect(await value(s.getBreakpoints({}))).toEqual([{ kind: "step", step: "greet" }]);
  });

  it("opening a folder with the same breakpoints as the last one announces nothing", async () => {
    const s = await start();
    const before = s.lastSeq;
    await value(s.openFolder({ folder: second.folder }));
    expect(eventsAfter(s, before).map((e) => e.type)).toEqual(["project-loading", "project"]);
  });
});

describe("a live run of the first project, and its approvals", () => {
  it("goes on after another folder opens: its approval stays pending and can be decided; the history of decisions follows the open project", async () => {
    const s = await start();
    const asked = approvalsRequested(s, 1);
    const { runId } = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await asked;
    await value(s.openFolder({ folder: second.folder }));

    // Not listed with the second project, but not lost: its request waits in the one inbox.
    expect(await listed(s)).toEqual([]);
    const [pending] = await value(s.pendingApprovals({}));
    expect(pending).toMatchObject({ runId });
    const ended = runEnded(s, runId);
    await value(s.approve({ runId, approvalId: pending!.approvalId }));
    expect((await ended).run.status).toBe("succeeded");
    // Decided while the second project is open, it is the first project's decision.
    expect(await value(s.approvalHistory({}))).toEqual([]);

    await value(s.openFolder({ folder: first.folder }));
    expect(await listed(s)).toEqual([runId]);
    expect((await value(s.listRuns({})))[0]).toMatchObject({ runId, status: "succeeded" });
    expect(await value(s.approvalHistory({}))).toEqual([expect.objectContaining({ runId, approvalId: pending!.approvalId, approved: true })]);
  });

  it("keeps the breakpoints it ran with when the other project's change", async () => {
    const s = await start();
    await value(s.setBreakpoints({ breakpoints: [{ kind: "tool", tool: "deploy" }] }));
    const asked = approvalsRequested(s, 1);
    const { runId } = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await asked;
    await value(s.openFolder({ folder: second.folder }));
    await value(s.setBreakpoints({ breakpoints: [] }));

    const [pending] = await value(s.pendingApprovals({}));
    const after = s.lastSeq;
    await value(s.approve({ runId, approvalId: pending!.approvalId }));
    const stop = await nextEvent<Extract<StudioEvent, { type: "trace" }>>(s, (e) => e.type === "trace" && e.runId === runId && e.event.type === "paused", after);
    expect(stop.event).toMatchObject({ type: "paused", stop: { reason: "breakpoint", breakpoint: { kind: "tool", tool: "deploy" } } });
    const ended = runEnded(s, runId);
    await value(s.continueRun({ runId }));
    expect((await ended).run.status).toBe("succeeded");
  });
});

function eventsAfter(s: StudioService, afterSeq: number): StudioEvent[] {
  const events: StudioEvent[] = [];
  s.listen(afterSeq, (e) => void events.push(e))();
  return events;
}
