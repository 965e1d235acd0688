// The StudioService as a specification: a real temp project on scripted models, real runs,
// one ordered event stream, one approval inbox across runs, errors as data.
import { chmod, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { STUDIO_METHODS, type StudioApi, type StudioEvent } from "../contract/index.ts";
import { DEPLOY_FLOW, HELLO_FLOW, approvalsRequested, makeProject, nextEvent, runEnded, type ProjectFixture } from "./project-fixture.test-support.ts";
import { StudioService } from "./studio-service.ts";

let project: ProjectFixture;
let service: StudioService;
const logged: string[] = [];

beforeAll(async () => {
  project = await makeProject({ "deploy.tsx": DEPLOY_FLOW, "hello.tsx": HELLO_FLOW, "notes/readme.md": "# notes\n" });
});
afterAll(() => project.remove());
afterEach(async () => {
  await service?.close();
});

/** Every event each opened service emitted, as a window listening from the start got them. */
const streams = new WeakMap<StudioService, StudioEvent[]>();

async function openService(options: ConstructorParameters<typeof StudioService>[0] = {}) {
  service = new StudioService({ log: (m) => void logged.push(m), ...options });
  const stream: StudioEvent[] = [];
  service.listen(0, (e) => void stream.push(e));
  streams.set(service, stream);
  const opened = await service.openFolder({ folder: project.folder });
  if (!opened.ok) throw new Error(opened.error.message);
  return service;
}

/** The events after `afterSeq` as a window listening from the start got them (the log lets go of them when a run ends). */
function eventsOf(s: StudioService, afterSeq = 0): StudioEvent[] {
  const stream = streams.get(s);
  if (stream) return stream.filter((e) => e.seq > afterSeq);
  const events: StudioEvent[] = [];
  s.listen(afterSeq, (e) => void events.push(e))();
  return events;
}

async function value<T>(result: Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe("the service satisfies StudioApi", () => {
  it("type-checks as the contract's API", () => {
    const api: StudioApi = new StudioService() satisfies StudioApi;
    for (const method of STUDIO_METHODS) expect(typeof api[method], method).toBe("function");
  });
});

describe("openFolder", () => {
  it("emits project-loading, then a project snapshot of plain JSON", async () => {
    const s = await openService();
    const events = eventsOf(s);
    expect(events.map((e) => e.type)).toEqual(["project-loading", "project"]);
    const snapshot = (events[1] as Extract<StudioEvent, { type: "project" }>).project;
    expect(snapshot.folder).toBe(project.folder);
    expect(snapshot.entries.map((e) => [e.id, e.name, e.tools])).toEqual([
      ["workflow:deploy.tsx", "Deploy", ["deploy"]],
      ["workflow:hello.tsx", "Hello", []],
    ]);
    expect(snapshot.problems).toEqual([]);
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    expect(await value(s.getProject({}))).toEqual(snapshot);
  });

  it("refuses a missing folder, a file, and no folder at all, as error results", async () => {
    service = new StudioService();
    expect(await service.getProject({})).toEqual({ ok: true, value: null });
    const missing = await service.openFolder({ folder: join(project.folder, "nope") });
    expect(missing).toMatchObject({ ok: false, error: { code: "STUDIO_FOLDER_NOT_FOUND" } });
    const file = await service.openFolder({ folder: join(project.folder, "deploy.tsx") });
    expect(file).toMatchObject({ ok: false, error: { code: "STUDIO_NOT_A_FOLDER" } });
    expect(await service.openFolder({})).toMatchObject({ ok: false, error: { code: "STUDIO_FOLDER_REQUIRED" } });
    expect(service.lastSeq).toBe(0);
  });

  it("emits a new project when a file in the folder changes", async () => {
    const own = await makeProject({ "hello.tsx": HELLO_FLOW });
    try {
      service = new StudioService();
      await value(service.openFolder({ folder: own.folder }));
      const after = service.lastSeq;
      const reloaded = nextEvent<Extract<StudioEvent, { type: "project" }>>(
        service,
        (e) => e.type === "project" && e.project.entries.some((entry) => entry.id === "workflow:deploy.tsx"),
        after,
      );
      await own.write("deploy.tsx", DEPLOY_FLOW);
      const event = await reloaded;
      expect(event.project.entries.map((e) => e.id)).toEqual(["workflow:deploy.tsx", "workflow:hello.tsx"]);
      expect(await value(service.getProject({}))).toEqual(event.project);
    } finally {
      await service.close();
      await own.remove();
    }
  });
});

describe("runs", () => {
  it("forwards every trace event in order between run-started and run-ended, with usage", async () => {
    const s = await openService();
    const { runId } = await value(s.startRun({ entryId: "workflow:hello.tsx", input: { name: "Ada" } }));
    const ended = await runEnded(s, runId);
    expect(ended.run).toMatchObject({ runId, entryId: "workflow:hello.tsx", name: "Hello", status: "succeeded", input: { name: "Ada" } });
    expect(ended.run.usage.totalTokens).toBeGreaterThan(0);

    const mine = eventsOf(s).filter((e) => ("runId" in e && e.runId === runId) || ("run" in e && e.run.runId === runId));
    expect(mine[0]!.type).toBe("run-started");
    expect(mine.at(-1)!.type).toBe("run-ended");
    const traces = mine.flatMap((e) => (e.type === "trace" ? [e.event] : []));
    expect(traces.map((t) => t.seq)).toEqual(traces.map((_, i) => i + 1));
    expect(traces.every((t) => t.runId === runId)).toBe(true);
    expect(await value(s.getRunEvents({ runId }))).toEqual(traces);
    const text = traces.flatMap((t) => (t.type === "node-update" && t.textDelta ? [t.textDelta] : [])).join("");
    expect(text).toBe("hello Ada");

    const runs = await value(s.listRuns({}));
    expect(runs.find((r) => r.runId === runId)).toEqual(ended.run);
  });

  it("refuses unknown entries, runs and a run with no folder open, as error results", async () => {
    service = new StudioService();
    expect(await service.startRun({ entryId: "workflow:hello.tsx" })).toMatchObject({ ok: false, error: { code: "STUDIO_NO_PROJECT" } });
    const s = await openService();
    const unknown = await s.startRun({ entryId: "workflow:missing.tsx" });
    expect(unknown).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_ENTRY" } });
    expect(!unknown.ok && unknown.error.message).toContain("workflow:hello.tsx");
    expect(await s.getRunEvents({ runId: "run_nope" })).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_RUN" } });
    expect(await s.abortRun({ runId: "run_nope" })).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_RUN" } });
    expect(await s.approve({ runId: "run_nope", approvalId: "a" })).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_RUN" } });
  });
});

describe("approvals: one inbox across every live run", () => {
  it("lists approvals from two runs at once and routes approve and deny to the right run", async () => {
    const s = await openService();
    const both = approvalsRequested(s, 2);
    const a = await value(s.startRun({ entryId: "workflow:deploy.tsx", input: { env: "staging" } }));
    const b = await value(s.startRun({ entryId: "workflow:deploy.tsx", input: { env: "prod" } }));
    await both;

    // Runs run in workers, concurrently: which of the two asks first is theirs to race.
    const order = [a.runId, b.runId];
    const pending = (await value(s.pendingApprovals({}))).sort((x, y) => order.indexOf(x.runId) - order.indexOf(y.runId));
    expect(pending.map((p) => [p.runId, p.toolName, p.input, p.entryName, p.step])).toEqual([
      [a.runId, "deploy", { env: "staging" }, "Deploy", "ship"],
      [b.runId, "deploy", { env: "prod" }, "Deploy", "ship"],
    ]);
    const [forA, forB] = pending as [(typeof pending)[0], (typeof pending)[0]];
    expect(typeof forA.requestedAt).toBe("number");

    // Approval ids are per run: deciding with the other run's id must not cross over.
    if (forA.approvalId !== forB.approvalId) {
      expect(await s.approve({ runId: a.runId, approvalId: forB.approvalId })).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_APPROVAL" } });
    }
    const endedB = runEnded(s, b.runId);
    await value(s.deny({ runId: b.runId, approvalId: forB.approvalId, reason: "not on a Friday" }));
    expect((await value(s.pendingApprovals({}))).map((p) => p.runId)).toEqual([a.runId]);
    const endedA = runEnded(s, a.runId);
    await value(s.approve({ runId: a.runId, approvalId: forA.approvalId }));
    expect(await value(s.pendingApprovals({}))).toEqual([]);

    expect(await s.approve({ runId: a.runId, approvalId: forA.approvalId })).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_APPROVAL" } });
    const [runA, runB] = await Promise.all([endedA, endedB]);
    expect(runA.run.status).toBe("succeeded");
    expect(runB.run.status).toBe("succeeded");

    const outputs = async (runId: string) =>
      (await value(s.getRunEvents({ runId }))).flatMap((e) => (e.type === "node-update" && e.textDelta ? [e.textDelta] : [])).join("");
    expect(await outputs(a.runId)).toBe("shipped staging");
    expect(await outputs(b.runId)).toBe("not shipped prod");

    // This session's decisions (an earlier test's recorded ones may come first).
    const history = (await value(s.approvalHistory({}))).filter((h) => h.runId === a.runId || h.runId === b.runId);
    expect(history.map((h) => [h.runId, h.toolName, h.input, h.approved, h.reason])).toEqual([
      [b.runId, "deploy", { env: "prod" }, false, "not on a Friday"],
      [a.runId, "deploy", { env: "staging" }, true, undefined],
    ]);
    const decided = eventsOf(s).flatMap((e) => (e.type === "approval-decided" ? [e.record] : []));
    expect(decided).toEqual(history);
  });

  it("a request and a decision are on disk before a window hears of them", async () => {
    const s = await openService();
    const asked = approvalsRequested(s, 1);
    const { runId } = await value(s.startRun({ entryId: "workflow:deploy.tsx", input: { env: "staging" } }));
    await asked;
    const [request] = await value(s.pendingApprovals({}));
    const record = join(project.folder, ".june", "runs", `${runId}.jsonl`);
    const lines = async () => (await readFile(record, "utf8")).trim().split("\n").map((line) => JSON.parse(line) as { type: string });
    expect((await lines()).map((e) => e.type)).toContain("approval-requested");
    expect(await s.approve({ runId, approvalId: request!.approvalId })).toEqual({ ok: true, value: null });
    // approve() answers once the decision is recorded; the window's approval-decided follows the record.
    expect((await lines()).map((e) => e.type)).toContain("approval-resolved");
    const order = eventsOf(s).flatMap((e) =>
      e.type === "approval-decided" ? ["decided"] : e.type === "trace" && e.event.type === "approval-resolved" ? ["recorded"] : [],
    );
    expect(order).toEqual(["recorded", "decided"]);
    await runEnded(s, runId);
  });

  it("abortRun ends a run waiting for approval and empties its part of the inbox", async () => {
    const s = await openService();
    const asked = approvalsRequested(s, 1);
    const { runId } = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await asked;
    const ended = runEnded(s, runId);
    expect(await s.abortRun({ runId, reason: "changed my mind" })).toEqual({ ok: true, value: null });
    expect((await ended).run).toMatchObject({ status: "aborted", error: { code: "JUNE_ABORTED" } });
    expect(await value(s.pendingApprovals({}))).toEqual([]);
    expect((await value(s.approvalHistory({}))).filter((h) => h.runId === runId)).toEqual([]);
    // Stopping a run that already ended changes nothing and is not an error.
    expect(await s.abortRun({ runId })).toEqual({ ok: true, value: null });
    const summary = (await value(s.listRuns({}))).find((r) => r.runId === runId);
    expect(summary?.status).toBe("aborted");
  });
});

describe("stepping", () => {
  type Trace = Extract<StudioEvent, { type: "trace" }>;
  const stopOrEnd = (runId: string) => (e: StudioEvent) =>
    (e.type === "trace" && e.runId === runId && e.event.type === "paused") || (e.type === "run-ended" && e.run.runId === runId);

  it("a run started paused stops before its first model call; Step goes boundary by boundary to the end", async () => {
    const s = await openService();
    let after = s.lastSeq;
    const { runId } = await value(s.startRun({ entryId: "workflow:hello.tsx", input: { name: "Ada" }, paused: true }));
    const boundaries: string[] = [];
    for (;;) {
      const next = await nextEvent(s, stopOrEnd(runId), after);
      if (next.type === "run-ended") {
        expect(next.run).toMatchObject({ status: "succeeded" });
        expect(next.run.stopped).toBeUndefined();
        break;
      }
      const stop = (next as Trace).event.type === "paused" ? ((next as Trace).event as Extract<Trace["event"], { type: "paused" }>).stop : undefined;
      boundaries.push(`${stop!.boundary}:${stop!.reason}`);
      const summary = (await value(s.listRuns({}))).find((r) => r.runId === runId)!;
      expect(summary.stopped).toEqual(stop);
      expect(summary.status).toBe("running");
      after = s.lastSeq;
      await value(s.stepRun({ runId }));
    }
    expect(boundaries[0]).toBe("model-call:start");
    expect(boundaries.slice(1).every((b) => b.endsWith(":step"))).toBe(true);
    expect(boundaries).toContain("step-end:step");
    const events = await value(s.getRunEvents({ runId }));
    expect(events.filter((e) => e.type === "resumed").map((e) => e.type === "resumed" && e.how)).toEqual(boundaries.map(() => "step"));
  });

  it("pause stops a running run; continue runs it to its end; stepping an ended or unknown run is an error result", async () => {
    const s = await openService();
    const asked = approvalsRequested(s, 1);
    const { runId } = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await asked;
    // Waiting for an approval, a pause stops right there; only a decision goes on from it.
    const after = s.lastSeq;
    await value(s.pauseRun({ runId }));
    const paused = (await nextEvent(s, stopOrEnd(runId), after)) as Trace;
    expect(paused.event).toMatchObject({ type: "paused", stop: { boundary: "approval", reason: "pause", tool: { toolName: "deploy" } } });
    const stepped = await s.stepRun({ runId });
    expect(stepped).toMatchObject({ ok: false, error: { code: "JUNE_AWAITING_APPROVAL" } });
    expect(!stepped.ok && stepped.error.message).toContain("deploy");
    const ended = runEnded(s, runId);
    const [pending] = await value(s.pendingApprovals({}));
    await value(s.approve({ runId, approvalId: pending!.approvalId }));
    await value(s.continueRun({ runId }));
    expect((await ended).run.status).toBe("succeeded");

    expect(await s.stepRun({ runId })).toMatchObject({ ok: false, error: { code: "STUDIO_RUN_ENDED" } });
    expect(await s.continueRun({ runId: "run_nope" })).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_RUN" } });
  });

  it("breakpoints are the studio's: set while a run waits, they apply to it and to new runs, and are announced", async () => {
    const s = await openService();
    const asked = approvalsRequested(s, 1);
    const first = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await asked;
    const before = s.lastSeq;
    await value(s.setBreakpoints({ breakpoints: [{ kind: "tool", tool: "deploy" }] }));
    expect(eventsOf(s, before)).toEqual([{ seq: before + 1, type: "breakpoints", breakpoints: [{ kind: "tool", tool: "deploy" }] }]);
    expect(await value(s.getBreakpoints({}))).toEqual([{ kind: "tool", tool: "deploy" }]);

    const hitsBreakpoint = async (runId: string) => {
      const after = s.lastSeq;
      const [pending] = (await value(s.pendingApprovals({}))).filter((p) => p.runId === runId);
      await value(s.approve({ runId, approvalId: pending!.approvalId }));
      const stop = (await nextEvent(s, stopOrEnd(runId), after)) as Trace;
      expect(stop.event).toMatchObject({ type: "paused", stop: { boundary: "tool-call", reason: "breakpoint", breakpoint: { kind: "tool", tool: "deploy" } } });
      expect((await value(s.listRuns({}))).find((r) => r.runId === runId)?.stopped).toMatchObject({ boundary: "tool-call", tool: { toolName: "deploy", input: { env: "staging" } } });
      const ended = runEnded(s, runId);
      await value(s.continueRun({ runId }));
      expect((await ended).run).toMatchObject({ status: "succeeded" });
      expect((await ended).run.stopped).toBeUndefined();
    };
    await hitsBreakpoint(first.runId);
    const askedAgain = nextEvent(s, (e) => e.type === "approval-requested", s.lastSeq);
    const second = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await askedAgain;
    await hitsBreakpoint(second.runId);
  });
});

describe("the event stream", () => {
  it("has contiguous global seqs; from a seq the log let go of, a listener gets one snapshot, then live events", async () => {
    const s = await openService();
    const { runId } = await value(s.startRun({ entryId: "workflow:hello.tsx" }));
    await runEnded(s, runId);
    const all = eventsOf(s);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    expect(await value(s.subscribe({ afterSeq: 0 }))).toEqual({ lastSeq: all.length });

    // The run ended, so the log let go of its events: one snapshot stands for those after `cut`…
    const cut = 5;
    const replayed: StudioEvent[] = [];
    const stop = s.listen(cut, (e) => void replayed.push(e));
    expect(replayed).toEqual([expect.objectContaining({ type: "snapshot", seq: all.length, afterSeq: cut })]);
    // …and it keeps following live events.
    const kept = s.lastSeq;
    const { runId: second } = await value(s.startRun({ entryId: "workflow:hello.tsx" }));
    await runEnded(s, second);
    stop();
    expect(replayed.slice(1)).toEqual(eventsOf(s, kept));
  });
});

describe("openInEditor", () => {
  it("refuses files outside the open folder, including through a symlink", async () => {
    const s = await openService();
    const outside = await makeProject({ "secret.txt": "not yours\n" });
    await symlink(join(outside.folder, "secret.txt"), join(project.folder, "escape.txt"));
    for (const file of ["../outside.tsx", "/etc/passwd", join(project.folder, "..", "x.tsx"), "escape.txt"]) {
      const result = await s.openInEditor({ file, line: 1 });
      expect(result, file).toMatchObject({ ok: false, error: { code: "STUDIO_OUTSIDE_PROJECT" } });
    }
    await outside.remove();
  });

  it("says which variables to set when no editor is found", async () => {
    const s = await openService({ env: { PATH: join(project.folder, "no-bin") } });
    const result = await s.openInEditor({ file: "deploy.tsx", line: 3 });
    expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_NO_EDITOR" } });
    expect(!result.ok && result.error.message).toMatch(/VISUAL.*EDITOR/);
  });

  it("starts `code --goto file:line:col` from PATH with an allow-listed environment", async () => {
    const bin = join(tmpdir(), `june-editor-${process.pid}-${Date.now()}`);
    await mkdir(bin, { recursive: true });
    const out = join(bin, "called.txt");
    await writeFile(join(bin, "code"), `#!/bin/sh\nprintf '%s\\n' "$@" > "${out}.tmp"\nenv >> "${out}.tmp"\nmv "${out}.tmp" "${out}"\n`);
    await chmod(join(bin, "code"), 0o755);
    const s = await openService({ env: { PATH: `${bin}:/usr/bin:/bin`, HOME: "/home/test", OPENAI_API_KEY: "sk-secret" } });
    expect(await s.openInEditor({ file: "deploy.tsx", line: 3, column: 5 })).toEqual({ ok: true, value: null });
    const called = await waitForFile(out);
    expect(called.split("\n").slice(0, 2)).toEqual(["--goto", `${join(project.folder, "deploy.tsx")}:3:5`]);
    expect(called).toContain("HOME=/home/test");
    expect(called).not.toContain("sk-secret");
  });
});

describe("close", () => {
  it("aborts live runs and waits for them to end; they stay interrupted (resumable), not aborted", async () => {
    const s = await openService();
    const asked = approvalsRequested(s, 1);
    const { runId } = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await asked;
    await s.close();
    expect((await value(s.listRuns({}))).find((r) => r.runId === runId)?.status).toBe("interrupted");
    const meta = JSON.parse(await readFile(join(project.folder, ".june", "runs", `${runId}.meta.json`), "utf8"));
    expect(meta).toMatchObject({ runId, status: "running", pid: process.pid });
    expect(await s.startRun({ entryId: "workflow:deploy.tsx" })).toMatchObject({ ok: false, error: { code: "STUDIO_CLOSED" } });
  });
});

/** Waits for a file a detached process writes (it renames it into place when complete). */
async function waitForFile(path: string): Promise<string> {
  for (;;) {
    const text = await readFile(path, "utf8").catch(() => undefined);
    if (text !== undefined) return text;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("run records on disk", () => {
  it("appends every event of a run to .june/runs/<run-id>.jsonl as it happens, gitignored, rebuilding the same tree", async () => {
    const { readTraceFile } = await import("june");
    const s = await openService();
    const { runId } = await value(s.startRun({ entryId: "workflow:hello.tsx", input: { name: "Ada" } }));
    await runEnded(s, runId);
    const file = join(project.folder, ".june", "runs", `${runId}.jsonl`);
    const record = readTraceFile(file);
    expect(record.truncated).toBe(false);
    expect(record.events).toEqual(await value(s.getRunEvents({ runId })));
    expect(record.tree).toMatchObject({ kind: "run", name: "Hello", status: "succeeded" });
    expect(await readFile(join(project.folder, ".june", ".gitignore"), "utf8")).toContain("*");
  });
});
