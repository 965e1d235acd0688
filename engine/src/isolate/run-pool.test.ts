// Runs share a few workers (limits.runWorkers), each hosting many runs at once: starting many
// runs doesn't start many workers, and what ends a worker ends the runs on it with a coded error
// naming why — while a run elsewhere, or the next run, is fine. Each test uses a heap limit of its
// own, so the pool's workers from other tests (keyed by heap limit) never take its runs.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openProject, type Project } from "../project/index.ts";
import type { RunHandle } from "../run/index.ts";
import type { TraceEvent } from "../trace/index.ts";
import { toolThat } from "./hostile-code.test-support.ts";
import { runWorkers, type IsolatedRunHandle, type IsolateLimits } from "./index.ts";
import { IDLE_HEAP_MB } from "./run-pool.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-isolate-pool-"));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

/** A project with `waiting.tsx` (its tool waits for approval, so its run stays live) and `acting.tsx` doing `body`. */
async function projectWith(body: string, limits: Partial<IsolateLimits>): Promise<Project> {
  await writeFile(join(folder, "waiting.tsx"), toolThat("", { needsApproval: true }));
  await writeFile(join(folder, "acting.tsx"), toolThat(body));
  const project = await openProject(folder, { isolate: { limits: { importMs: 5_000, renderMs: 5_000, abortGraceMs: 500, ...limits } } });
  expect(project.problems).toEqual([]);
  return project;
}

const start = (project: Project, entry: string) => project.start(entry, { warn: () => {} }) as IsolatedRunHandle;

/** Resolves at the run's first event of `type` (and of `kind`, for node-start). */
async function reach(handle: RunHandle, type: TraceEvent["type"], kind?: string): Promise<TraceEvent> {
  for await (const event of handle.events) {
    if (event.type === type && (kind === undefined || (event.type === "node-start" && event.node.kind === kind))) return event;
  }
  throw new Error(`the run ended before a ${type} event`);
}

/** The run ends with no node left open (the trace a store keeps is closed). */
async function openNodes(handle: RunHandle): Promise<string[]> {
  const open = new Set<string>();
  for await (const event of handle.events) {
    if (event.type === "node-start") open.add(event.node.id);
    if (event.type === "node-end") open.delete(event.nodeId);
  }
  return [...open];
}

describe("concurrent runs share the run workers", () => {
  it("two runs started together run in one worker when the bound is one", async () => {
    const project = await projectWith("", { heapMb: 1501, runWorkers: 1 });
    const [a, b] = [start(project, "workflow:acting.tsx"), start(project, "workflow:acting.tsx")];
    expect(a.worker).toBe(b.worker);
    expect(runWorkers().filter((w) => w.heapMb === 1501)).toEqual([expect.objectContaining({ threadId: a.worker, runs: [a.id, b.id] })]);
    expect((await a.result).status).toBe("succeeded");
    expect((await b.result).status).toBe("succeeded");
  });

  it("six runs started together start no more workers than the bound (two)", async () => {
    const project = await projectWith("", { heapMb: 1502, runWorkers: 2 });
    const handles = Array.from({ length: 6 }, () => start(project, "workflow:acting.tsx"));
    expect(new Set(handles.map((h) => h.worker)).size).toBe(2);
    expect(runWorkers().filter((w) => w.heapMb === 1502)).toHaveLength(2);
    const results = await Promise.all(handles.map((h) => h.result));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill("succeeded"));
  });

  it("a run started once the others ended goes to a ready worker: none is started for it", async () => {
    const project = await projectWith("", { heapMb: 1503, runWorkers: 2 });
    const first = start(project, "workflow:acting.tsx");
    await first.result;
    const next = start(project, "workflow:acting.tsx");
    expect(next.worker).toBe(first.worker);
    expect((await next.result).status).toBe("succeeded");
  });
});

describe("an idle worker gives back the memory its runs left", () => {
  it("a worker that goes idle holding more than IDLE_HEAP_MB is ended and a fresh one warms; the next run is on the fresh one", async () => {
    // Doubles kept past the run (8 bytes each), as a big run's garbage is in an isolate nobody collects while idle.
    const project = await projectWith(`const kept = []; for (let i = 0; i < ${(IDLE_HEAP_MB + 64) * 2 ** 17}; i++) kept.push(0.5); globalThis.kept = kept;`, { heapMb: 1507, runWorkers: 1 });
    const heavy = start(project, "workflow:acting.tsx");
    expect((await heavy.result).status).toBe("succeeded");
    await vi.waitFor(() => expect(runWorkers().filter((w) => w.heapMb === 1507).map((w) => w.threadId)).not.toContain(heavy.worker), { timeout: 10_000 });
    const spare = runWorkers().filter((w) => w.heapMb === 1507);
    expect(spare).toHaveLength(1);
    const next = start(project, "workflow:waiting.tsx");
    expect(next.worker).toBe(spare[0]!.threadId);
    const asked = await reach(next, "approval-requested");
    next.approve(asked.type === "approval-requested" ? asked.approval.approvalId : "");
    expect((await next.result).status).toBe("succeeded");
  });
});

describe("what ends a shared worker ends the runs on it, with a coded error", () => {
  it("an abort a run ignores ends its worker: it is aborted, and the other run on it fails with JUNE_ISOLATE_SHARED_END naming it", async () => {
    const project = await projectWith("while (true) {}", { heapMb: 1504, runWorkers: 1 });
    const waiting = start(project, "workflow:waiting.tsx");
    await reach(waiting, "approval-requested");
    const spinning = start(project, "workflow:acting.tsx");
    expect(spinning.worker).toBe(waiting.worker);
    await reach(spinning, "node-start", "tool-call");
    spinning.abort("enough");
    const [spun, waited] = await Promise.all([spinning.result, waiting.result]);
    expect(spun).toMatchObject({ status: "aborted", error: { code: "JUNE_ABORT_FORCED" } });
    expect(waited.status).toBe("failed");
    expect(waited.error).toMatchObject({ code: "JUNE_ISOLATE_SHARED_END", message: expect.stringContaining(spinning.id) });
    expect(await openNodes(waiting)).toEqual([]);
    expect(waited.trace.status).toBe("failed");
  });

  it("process.exit in one run's tool fails every run on its worker; the next run gets a new worker and succeeds", async () => {
    const project = await projectWith("process.exit(9);", { heapMb: 1505, runWorkers: 1 });
    const waiting = start(project, "workflow:waiting.tsx");
    await reach(waiting, "approval-requested");
    const exiting = start(project, "workflow:acting.tsx");
    expect(exiting.worker).toBe(waiting.worker);
    const [exited, waited] = await Promise.all([exiting.result, waiting.result]);
    expect(exited.error).toMatchObject({ code: "JUNE_USER_CODE_EXITED", message: expect.stringContaining("process.exit(9)") });
    expect(waited).toMatchObject({ status: "failed", error: { code: "JUNE_USER_CODE_EXITED" } });
    expect(await openNodes(waiting)).toEqual([]);

    const next = start(project, "workflow:waiting.tsx");
    expect(next.worker).not.toBe(exiting.worker);
    const asked = await reach(next, "approval-requested");
    next.approve(asked.type === "approval-requested" ? asked.approval.approvalId : "");
    expect((await next.result).status).toBe("succeeded");
  });

  it("a throw in one run's timer fails that run only: its stack names its bundle, and the other run on the worker goes on", async () => {
    const project = await projectWith(`setTimeout(() => { throw new Error("late in a run"); }); await new Promise((r) => setTimeout(r, 50));`, {
      heapMb: 1506,
      runWorkers: 1,
    });
    const waiting = start(project, "workflow:waiting.tsx");
    const asked = await reach(waiting, "approval-requested");
    const throwing = start(project, "workflow:acting.tsx");
    expect(throwing.worker).toBe(waiting.worker);
    expect((await throwing.result).error).toMatchObject({ code: "JUNE_USER_CODE_UNCAUGHT", message: expect.stringContaining("late in a run") });
    waiting.approve(asked.type === "approval-requested" ? asked.approval.approvalId : "");
    expect((await waiting.result).status).toBe("succeeded");
  });
});
