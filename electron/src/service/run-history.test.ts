// Run history as a specification: every run recorded in the project's runs folder (events and a
// meta file), listed newest first across studio sessions, a dead process's run shown as
// "interrupted" (never as running) whether it ran on this machine (its pid and that process's
// start) or on another sharing the folder (its heartbeat), deleting and exporting, and running a
// recorded run again — replayed (no model calls), forked at a model call, or resumed — through
// the StudioService.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { appendFile, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildTrace, readTraceFile, type TraceEvent, type TraceNode } from "june";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Result, RunSummary, StudioEvent } from "../contract/index.ts";
import { emptyCost, emptyUsage } from "./live-run.ts";
import { systemProbe, thisProcess, type HostIdentity, type ProcessProbe } from "./process-identity.ts";
import { wireJson } from "./plain-json.ts";
import { connectClient } from "./studio-client.ts";
import { COUNTED_FLOW, HELLO_FLOW, PRICED_CONFIG, makeProject, nextEvent, runEnded, type ProjectFixture } from "./project-fixture.test-support.ts";
import { readRecordedRun, type HistoryContext } from "./run-history.ts";
import { openRunRecord } from "./run-record.ts";
import { StudioService } from "./studio-service.ts";

let project: ProjectFixture;
let runs: string;
let log: string;
const services: StudioService[] = [];
const logged: string[] = [];

beforeEach(async () => {
  project = await makeProject({ "counted.tsx": COUNTED_FLOW, "hello.tsx": HELLO_FLOW, "june.config.ts": PRICED_CONFIG() });
  runs = join(project.folder, ".june", "runs");
  log = join(project.folder, "calls.log");
  logged.length = 0;
});
afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
  await project.remove();
});

/** A service on the fixture project; its clock moves a second per reading, so start times differ. */
async function openService(folder = project.folder): Promise<StudioService> {
  let clock = 1_700_000_000_000 + services.length * 1_000_000;
  const service = new StudioService({ log: (m) => void logged.push(m), now: () => (clock += 1000) });
  services.push(service);
  await value(service.openFolder({ folder }));
  return service;
}

async function value<T>(result: Promise<Result<T>>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** What ran live: the lines COUNTED_FLOW noted. */
async function calls(): Promise<string[]> {
  const text = await readFile(log, "utf8").catch(() => "");
  return text.split("\n").filter(Boolean);
}

/** Starts COUNTED_FLOW and resolves once its approval waits in the inbox. */
async function startCounted(s: StudioService): Promise<{ runId: string; approvalId: string }> {
  const asked = nextEvent<Extract<StudioEvent, { type: "approval-requested" }>>(s, (e) => e.type === "approval-requested", s.lastSeq);
  const { runId } = await value(s.startRun({ entryId: "workflow:counted.tsx", input: { log } }));
  const { approval } = await asked;
  expect(approval.runId).toBe(runId);
  return { runId, approvalId: approval.approvalId };
}

/** A COUNTED_FLOW run approved through to its end. */
async function countedRun(s: StudioService): Promise<RunSummary> {
  const { runId, approvalId } = await startCounted(s);
  const ended = runEnded(s, runId);
  await value(s.approve({ runId, approvalId }));
  return (await ended).run;
}

/** A run that waited for its approval when its studio closed: interrupted on disk. */
async function interruptedRun(): Promise<string> {
  const first = await openService();
  const { runId } = await startCounted(first);
  await first.close();
  return runId;
}

function outputOf(events: TraceEvent[]): unknown {
  return buildTrace(events)?.output;
}

/** A tree without ids and times: what two runs of the same work share. */
function shape(node: TraceNode): unknown {
  return { kind: node.kind, name: node.name, status: node.status, output: node.output, usage: node.usage, children: node.children.map(shape) };
}

function modelCalls(events: TraceEvent[]): TraceNode[] {
  const found: TraceNode[] = [];
  const walk = (node: TraceNode) => {
    if (node.kind === "model-call") found.push(node);
    node.children.forEach(walk);
  };
  walk(buildTrace(events)!);
  return found;
}

/** The pinned time of the liveness and heartbeat tests. */
const NOW = 1_700_000_000_000;
/** This machine, as the probe stand-in tells it, and another one sharing the runs folder. */
const ADA: HostIdentity = { name: "ada", machineId: "m-ada" };
const BEA: HostIdentity = { name: "bea", machineId: "m-bea" };

/** A probe of machine `host` where the processes `starts` names live (pid → its start, undefined: can't be read). */
function probeOn(host: HostIdentity, starts: Record<number, string | undefined>): ProcessProbe {
  return { host: () => host, alive: (pid) => pid in starts, startOf: (pid) => starts[pid] };
}

function historyOn(probe: ProcessProbe, now: number, liveHere = false): HistoryContext {
  return { isLiveHere: () => liveHere, entryIdOf: () => undefined, log: (m) => void logged.push(m), probe, now: () => now };
}

function place(): { folder: string; runsFolder: string } {
  return { folder: project.folder, runsFolder: runs };
}

function runningSummary(runId: string): RunSummary {
  return { runId, entryId: "workflow:hello.tsx", name: "Hello", status: "running", input: null, startedAt: NOW - 60_000, usage: emptyUsage(), cost: emptyCost() };
}

describe("run records", () => {
  it("writes a meta file when a run starts and rewrites it when it ends, with usage and cost by the project's prices", async () => {
    const s = await openService();
    const { runId, approvalId } = await startCounted(s);
    const started = JSON.parse(await readFile(join(runs, `${runId}.meta.json`), "utf8"));
    expect(started).toMatchObject({ runId, entryId: "workflow:counted.tsx", name: "Counted", input: { log }, status: "running", pid: process.pid });
    expect(typeof started.startedAt).toBe("number");

    const ended = runEnded(s, runId);
    await value(s.approve({ runId, approvalId }));
    const run = (await ended).run;
    expect(run.status).toBe("succeeded");
    const { usage } = run;
    expect(usage.totalTokens).toBeGreaterThan(0);
    expect(run.cost.unpricedCalls).toBe(0);
    expect(run.cost.usd).toBeCloseTo((usage.inputTokens * 1 + usage.outputTokens * 2) / 1_000_000, 12);

    const meta = JSON.parse(await readFile(join(runs, `${runId}.meta.json`), "utf8"));
    // Ended whole: the events file's digest, so reopening the run needn't parse it.
    const events = await readFile(join(runs, `${runId}.jsonl`));
    expect(meta).toEqual({ ...run, ...thisProcess(), record: { bytes: events.length, sha256: createHash("sha256").update(events).digest("hex") } });
    expect((await readdir(runs)).sort()).toEqual([`${runId}.jsonl`, `${runId}.meta.json`, `${runId}.raw.ndjson`]);
    expect(await readFile(join(project.folder, ".june", ".gitignore"), "utf8")).toContain("*");
  });

  it("goes to the folder the config's `runs` names, with a .gitignore of its own", async () => {
    await project.write("june.config.ts", PRICED_CONFIG(`runs: "history/runs",`));
    const s = await openService();
    const { runId } = await value(s.startRun({ entryId: "workflow:hello.tsx" }));
    await runEnded(s, runId);
    const custom = join(project.folder, "history", "runs");
    expect((await readdir(custom)).sort()).toEqual([".gitignore", `${runId}.jsonl`, `${runId}.meta.json`, `${runId}.raw.ndjson`]);
    expect(await readFile(join(custom, ".gitignore"), "utf8")).toContain("*");
    expect(existsSync(join(project.folder, ".june"))).toBe(false);
    expect((await value(s.listRuns({}))).map((r) => r.runId)).toEqual([runId]);
  });

  it("names the machine, the process and when it started, and beats while the run runs", async () => {
    vi.useFakeTimers();
    try {
      let now = NOW;
      const record = openRunRecord(place(), runningSummary("run_beat"), (m) => void logged.push(m), { probe: probeOn(ADA, { [process.pid]: "linux:boot-1:500" }), now: () => now, heartbeatEvery: 10_000 });
      const meta = () => JSON.parse(readFileSync(join(runs, "run_beat.meta.json"), "utf8"));
      expect(meta()).toMatchObject({ status: "running", host: "ada", machineId: "m-ada", pid: process.pid, processStart: "linux:boot-1:500", heartbeatAt: NOW, heartbeatEvery: 10_000 });

      now += 10_000;
      vi.advanceTimersByTime(10_000);
      expect(meta()).toMatchObject({ status: "running", heartbeatAt: NOW + 10_000 });
      now += 10_000;
      vi.advanceTimersByTime(10_000);
      expect(meta().heartbeatAt).toBe(NOW + 20_000);
      expect(vi.getTimerCount()).toBe(1);

      record.finish({ ...runningSummary("run_beat"), status: "succeeded", endedAt: now });
      expect(vi.getTimerCount()).toBe(0);
      const ended = meta();
      expect(ended).toMatchObject({ status: "succeeded", host: "ada", pid: process.pid, processStart: "linux:boot-1:500" });
      // An ended run needs no heartbeat: nobody has to tell whether it still runs.
      expect(ended.heartbeatAt).toBeUndefined();
      now += 60_000;
      vi.advanceTimersByTime(60_000);
      expect(meta()).toEqual(ended);
      expect(logged).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("stops beating when the record is detached: it stays running with its last beat, and goes stale", async () => {
    vi.useFakeTimers();
    try {
      let now = NOW;
      const probe = probeOn(ADA, { [process.pid]: "linux:boot-1:500" });
      const record = openRunRecord(place(), runningSummary("run_left"), (m) => void logged.push(m), { probe, now: () => now, heartbeatEvery: 10_000 });
      now += 10_000;
      vi.advanceTimersByTime(10_000);
      expect(vi.getTimerCount()).toBe(1);
      record.detach();
      expect(vi.getTimerCount()).toBe(0);
      now += 600_000;
      vi.advanceTimersByTime(600_000);
      expect(JSON.parse(readFileSync(join(runs, "run_left.meta.json"), "utf8"))).toMatchObject({ status: "running", heartbeatAt: NOW + 10_000 });
      // Read from another machine ten minutes later: silence, so interrupted.
      expect(await readRecordedRun(runs, "run_left", historyOn(probeOn(BEA, {}), now))).toMatchObject({ status: "interrupted" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("never keeps a process alive: a process whose only work left is a running record's heartbeat exits", async () => {
    const script = `const { openRunRecord } = await import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, "run-record.ts")).href)});
      const summary = { runId: "run_child", entryId: "", name: "Child", status: "running", input: null, startedAt: 0, usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 }, cost: { usd: 0, unpricedCalls: 0 } };
      openRunRecord(${JSON.stringify(place())}, summary, (m) => console.error(m), { heartbeatEvery: 5 });`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    // Bounded: a heartbeat holding the process would otherwise keep it forever.
    const stuck = setTimeout(() => child.kill("SIGKILL"), 10_000);
    const how = await new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
    clearTimeout(stuck);
    expect({ how, stderr }).toEqual({ how: 0, stderr: "" });
    expect(JSON.parse(await readFile(join(runs, "run_child.meta.json"), "utf8"))).toMatchObject({ status: "running", pid: child.pid, host: systemProbe.host().name });
  });
});

describe("whether a run on disk still runs: by its machine, its process and when that started, and its heartbeat", () => {
  const dead = () => spawnSync(process.execPath, ["-e", ""]).pid!;
  // A process alive here that is not this one (our parent): today's pid check calls it alive.
  const alive = process.ppid;

  async function statusOf(owner: Record<string, unknown>, probe: ProcessProbe, liveHere = false): Promise<string | undefined> {
    await mkdir(runs, { recursive: true });
    await writeFile(join(runs, "run_disk.meta.json"), JSON.stringify({ ...runningSummary("run_disk"), ...owner }));
    return (await readRecordedRun(runs, "run_disk", historyOn(probe, NOW, liveHere)))?.status;
  }

  describe("another machine's run (a shared or synced runs folder)", () => {
    it("runs while its heartbeat is fresh, whatever its pid is here", async () => {
      const pid = dead();
      expect(await statusOf({ host: "bea", machineId: "m-bea", pid, heartbeatAt: NOW - 2_000, heartbeatEvery: 15_000 }, probeOn(ADA, {}))).toBe("running");
    });

    it("is interrupted once its heartbeat is stale, though a process here has its pid", async () => {
      const probe = probeOn(ADA, { [alive]: "linux:boot-1:700" });
      expect(await statusOf({ host: "bea", machineId: "m-bea", pid: alive, heartbeatAt: NOW - 5 * 60_000, heartbeatEvery: 15_000 }, probe)).toBe("interrupted");
    });

    it("is stale after six of its writer's beats missed, by the interval the writer names", async () => {
      const owner = { host: "bea", pid: alive, heartbeatEvery: 60_000 };
      expect(await statusOf({ ...owner, heartbeatAt: NOW - 3 * 60_000 }, probeOn(ADA, {}))).toBe("running");
      expect(await statusOf({ ...owner, heartbeatAt: NOW - 6 * 60_000 }, probeOn(ADA, {}))).toBe("interrupted");
    });

    it("is another machine's when only the host name matches (another machine id)", async () => {
      const probe = probeOn(ADA, { [alive]: "linux:boot-1:700" });
      expect(await statusOf({ host: "ada", machineId: "m-other", pid: alive, processStart: "linux:boot-1:700", heartbeatAt: NOW - 5 * 60_000 }, probe)).toBe("interrupted");
    });
  });

  describe("this machine's run", () => {
    it("runs while its process lives and started when the record says, however old its heartbeat", async () => {
      const probe = probeOn(ADA, { [alive]: "linux:boot-1:700" });
      expect(await statusOf({ host: "ada", machineId: "m-ada", pid: alive, processStart: "linux:boot-1:700", heartbeatAt: NOW - 5 * 60_000 }, probe)).toBe("running");
    });

    it("is interrupted when a process lives with its pid but started at another time (the pid was reused)", async () => {
      const probe = probeOn(ADA, { [alive]: "linux:boot-1:900" });
      expect(await statusOf({ host: "ada", machineId: "m-ada", pid: alive, processStart: "linux:boot-1:700", heartbeatAt: NOW - 2_000 }, probe)).toBe("interrupted");
    });

    it("is interrupted when its process is gone, however fresh its heartbeat", async () => {
      const pid = dead();
      expect(await statusOf({ host: "ada", machineId: "m-ada", pid, processStart: "linux:boot-1:700", heartbeatAt: NOW - 2_000 }, probeOn(ADA, {}))).toBe("interrupted");
    });

    it("goes by its heartbeat where the process's start can't be read (not Linux)", async () => {
      const probe = probeOn({ name: "ada" }, { [alive]: undefined });
      expect(await statusOf({ host: "ada", pid: alive, heartbeatAt: NOW - 2_000 }, probe)).toBe("running");
      expect(await statusOf({ host: "ada", pid: alive, heartbeatAt: NOW - 5 * 60_000 }, probe)).toBe("interrupted");
    });

    it("naming this very process, runs only if this service runs it", async () => {
      const probe = probeOn(ADA, { [process.pid]: "linux:boot-1:500" });
      const owner = { host: "ada", machineId: "m-ada", pid: process.pid, processStart: "linux:boot-1:500", heartbeatAt: NOW - 2_000 };
      expect(await statusOf(owner, probe)).toBe("interrupted");
      expect(await statusOf(owner, probe, true)).toBe("running");
    });
  });

  describe("a record written before records named their machine", () => {
    it("goes by its pid alone, on this machine", async () => {
      const probe = probeOn(ADA, { [alive]: "linux:boot-1:700" });
      expect(await statusOf({ pid: alive }, probe)).toBe("running");
      expect(await statusOf({ pid: dead() }, probe)).toBe("interrupted");
      expect(await statusOf({}, probe)).toBe("interrupted");
    });
  });
});

describe("listRuns", () => {
  it("lists this session's runs and every recorded run, newest first, from their meta files", async () => {
    const first = await openService();
    const a = await value(first.startRun({ entryId: "workflow:hello.tsx", input: { name: "Ada" } }));
    await runEnded(first, a.runId);
    const b = await countedRun(first);
    await first.close();

    const second = await openService();
    const c = await value(second.startRun({ entryId: "workflow:hello.tsx", input: { name: "Cy" } }));
    const cEnded = (await runEnded(second, c.runId)).run;
    const listed = await value(second.listRuns({}));
    expect(listed.map((r) => r.runId)).toEqual([c.runId, b.runId, a.runId]);
    expect(listed[0]).toEqual(cEnded);
    expect(listed[1]).toEqual(b);
    expect(listed[2]).toMatchObject({ runId: a.runId, entryId: "workflow:hello.tsx", name: "Hello", status: "succeeded", input: { name: "Ada" } });

    // A recorded run reopens into the same trace.
    const events = await value(second.getRunEvents({ runId: a.runId }));
    expect(events[0]).toMatchObject({ type: "node-start", runId: a.runId });
    expect(outputOf(events)).toBe("hello Ada");
  });

  it("lists a run whose meta file is broken from its events, and one whose events are broken with an error saying so", async () => {
    const s = await openService();
    const good = await value(s.startRun({ entryId: "workflow:hello.tsx", input: { name: "Ada" } }));
    await runEnded(s, good.runId);
    await writeFile(join(runs, `${good.runId}.meta.json`), "{ not json");
    const jsonl = await readFile(join(runs, `${good.runId}.jsonl`), "utf8");
    const [firstLine, ...rest] = jsonl.split("\n");
    await writeFile(join(runs, "run_broken.jsonl"), [firstLine, "garbage{", ...rest].join("\n"));

    const fresh = await openService();
    const listed = await value(fresh.listRuns({}));
    expect(listed.find((r) => r.runId === good.runId)).toMatchObject({ entryId: "workflow:hello.tsx", name: "Hello", status: "succeeded", input: { name: "Ada" } });
    expect(logged.some((m) => m.includes(`${good.runId}.meta.json`) && m.includes("not JSON"))).toBe(true);

    const broken = listed.find((r) => r.runId === "run_broken");
    expect(broken?.error).toMatchObject({ code: "STUDIO_BROKEN_RECORD", message: expect.stringContaining("run_broken.jsonl:2") });
    expect(broken?.status).not.toBe("running");
    expect(await fresh.getRunEvents({ runId: "run_broken" })).toMatchObject({ ok: false, error: { code: "STUDIO_BROKEN_RECORD" } });
    expect(await fresh.exportRun({ runId: "run_broken" })).toMatchObject({ ok: false, error: { code: "STUDIO_BROKEN_RECORD" } });
  });
});

describe("interrupted runs", () => {
  it("a run its studio closed on is interrupted, with the usage and cost its events recorded", async () => {
    const runId = await interruptedRun();
    const s = await openService();
    const run = (await value(s.listRuns({}))).find((r) => r.runId === runId)!;
    const { tree } = readTraceFile(join(runs, `${runId}.jsonl`));
    expect(run).toMatchObject({ status: "interrupted", entryId: "workflow:counted.tsx", input: { log } });
    expect(run.usage).toEqual(tree!.usage);
    expect(run.usage.totalTokens).toBeGreaterThan(0);
    expect(run.cost).toEqual(tree!.cost);
  });

  it("a run whose process is gone is interrupted; one whose process still lives is running", async () => {
    const runId = await interruptedRun();
    const metaPath = join(runs, `${runId}.meta.json`);
    const meta = JSON.parse(await readFile(metaPath, "utf8"));
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    await writeFile(metaPath, JSON.stringify({ ...meta, pid: dead }));
    const s = await openService();
    expect((await value(s.listRuns({}))).find((r) => r.runId === runId)?.status).toBe("interrupted");

    // Another studio process on this machine, its pid and start read for real.
    const alive = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      const processStart = systemProbe.startOf(alive.pid!);
      await writeFile(metaPath, JSON.stringify({ ...meta, pid: alive.pid, ...(processStart !== undefined ? { processStart } : {}) }));
      expect((await value(s.listRuns({}))).find((r) => r.runId === runId)?.status).toBe("running");
      expect(await s.resumeRun({ runId })).toMatchObject({ ok: false, error: { code: "STUDIO_NOT_INTERRUPTED" } });
      expect(await s.deleteRun({ runId })).toMatchObject({ ok: false, error: { code: "STUDIO_RUN_RUNNING" } });
    } finally {
      alive.kill("SIGKILL");
    }
  });

  it.skipIf(process.platform !== "linux")("a live process that started after the run's (its pid reused) does not keep the run running (Linux: start times from /proc)", async () => {
    const runId = await interruptedRun();
    const metaPath = join(runs, `${runId}.meta.json`);
    const meta = JSON.parse(await readFile(metaPath, "utf8"));
    const later = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      // The record names this process's start; the pid now belongs to a process started later.
      expect(meta.processStart).toBe(systemProbe.startOf(process.pid));
      expect(systemProbe.startOf(later.pid!)).not.toBe(meta.processStart);
      await writeFile(metaPath, JSON.stringify({ ...meta, pid: later.pid }));
      const s = await openService();
      expect((await value(s.listRuns({}))).find((r) => r.runId === runId)?.status).toBe("interrupted");
    } finally {
      later.kill("SIGKILL");
    }
  });
});

describe("a run's events on their way to a window (getRunEvents as a host answers it)", () => {
  /** What a host sends for getRunEvents, decoded as the page decodes it. */
  async function asAWindowGetsThem(s: StudioService, runId: string): Promise<Result<unknown>> {
    const client = connectClient(s, () => {});
    try {
      const answer = await client.handle("getRunEvents", { runId });
      return JSON.parse(wireJson({ id: 7, result: answer }).toString()).result as Result<unknown>;
    } finally {
      client.close();
    }
  }

  it("an ended run of this session, and the same run read by a fresh studio: the events getRunEvents gives", async () => {
    const s = await openService();
    const { runId } = await countedRun(s);
    const events = await value(s.getRunEvents({ runId }));
    expect(events.length).toBeGreaterThan(5);
    expect(await asAWindowGetsThem(s, runId)).toEqual({ ok: true, value: events });
    await s.close();
    expect(await asAWindowGetsThem(await openService(), runId)).toEqual({ ok: true, value: events });
  });

  it("an interrupted run (no digest: its record is checked line by line), its cut last line left out", async () => {
    const runId = await interruptedRun();
    await appendFile(join(runs, `${runId}.jsonl`), '{"type":"node-sta');
    const s = await openService();
    const events = await value(s.getRunEvents({ runId }));
    expect(events.at(-1)?.type).toBe("approval-requested");
    expect(await asAWindowGetsThem(s, runId)).toEqual({ ok: true, value: events });
  });

  it("a record changed after it ended, even to the same length, is read line by line: STUDIO_BROKEN_RECORD naming the line", async () => {
    const s = await openService();
    const { runId } = await countedRun(s);
    const file = join(runs, `${runId}.jsonl`);
    const lines = (await readFile(file, "utf8")).split("\n");
    lines[2] = ` ${lines[2]!.slice(1)}`;
    await writeFile(file, lines.join("\n"));
    const answer = await asAWindowGetsThem(await openService(), runId);
    expect(answer).toMatchObject({ ok: false, error: { code: "STUDIO_BROKEN_RECORD" } });
    expect(answer.ok || answer.error.message).toContain(`${file} can't be read: june: ${file}:3 is not a trace event`);
  });
});

describe("deleteRun and exportRun", () => {
  it("deletes a run's files and announces it; a live run must be stopped first", async () => {
    const s = await openService();
    const done = await value(s.startRun({ entryId: "workflow:hello.tsx" }));
    await runEnded(s, done.runId);
    const before = s.lastSeq;
    expect(await s.deleteRun({ runId: done.runId })).toEqual({ ok: true, value: null });
    const events: StudioEvent[] = [];
    s.listen(before, (e) => void events.push(e))();
    expect(events).toEqual([{ seq: before + 1, type: "run-deleted", runId: done.runId }]);
    expect(await readdir(runs)).toEqual([]);
    expect(await value(s.listRuns({}))).toEqual([]);
    expect(await s.getRunEvents({ runId: done.runId })).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_RUN" } });

    const { runId } = await startCounted(s);
    const refused = await s.deleteRun({ runId });
    expect(refused).toMatchObject({ ok: false, error: { code: "STUDIO_RUN_RUNNING" } });
    expect(!refused.ok && refused.error.message).toContain("abortRun");
    expect(existsSync(join(runs, `${runId}.jsonl`))).toBe(true);
  });

  it("deletes a recorded run of an earlier session, and never a file outside the runs folder", async () => {
    const runId = await interruptedRun();
    await writeFile(join(project.folder, ".june", "keep.jsonl"), "{}\n");
    const s = await openService();
    expect(await s.deleteRun({ runId: "../keep" })).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_RUN" } });
    expect(existsSync(join(project.folder, ".june", "keep.jsonl"))).toBe(true);
    await value(s.deleteRun({ runId }));
    expect(await readdir(runs)).toEqual([]);
  });

  it("exports a run as one JSON document: its summary and every event", async () => {
    const s = await openService();
    const run = await countedRun(s);
    const exported = await value(s.exportRun({ runId: run.runId }));
    expect(exported).toEqual({ format: "june-run", version: 1, run, events: await value(s.getRunEvents({ runId: run.runId })) });
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
    const fresh = await openService();
    expect(await value(fresh.exportRun({ runId: run.runId }))).toEqual(exported);
  });
});

describe("replayRun", () => {
  it("runs a recorded run again from its record: no model calls, no tool runs, nobody asked, the same tree", async () => {
    const s = await openService();
    const original = await countedRun(s);
    expect(await calls()).toEqual(["model: plan", "deploy staging", "model: report"]);

    const fresh = await openService();
    const { runId } = await value(fresh.replayRun({ runId: original.runId }));
    const ended = (await runEnded(fresh, runId)).run;
    expect(ended).toMatchObject({ status: "succeeded", origin: { kind: "replay", runId: original.runId }, entryId: "workflow:counted.tsx", input: { log } });
    expect(await calls()).toEqual(["model: plan", "deploy staging", "model: report"]);
    expect(await value(fresh.pendingApprovals({}))).toEqual([]);
    expect((await value(fresh.approvalHistory({}))).filter((h) => h.runId === runId)).toEqual([]);
    const inboxEvents: StudioEvent[] = [];
    fresh.listen(0, (e) => void inboxEvents.push(e))();
    expect(inboxEvents.filter((e) => e.type === "approval-requested" || e.type === "approval-decided")).toEqual([]);

    const events = await value(fresh.getRunEvents({ runId }));
    const recorded = await value(fresh.getRunEvents({ runId: original.runId }));
    expect(shape(buildTrace(events)!)).toEqual(shape(buildTrace(recorded)!));
    expect(events.filter((e) => e.type === "replayed").length).toBeGreaterThan(0);
    // The trace keeps the recorded usage; the replay itself spent nothing.
    expect(buildTrace(events)!.usage).toEqual(original.usage);
    expect(ended.usage.totalTokens).toBe(0);
    expect(ended.cost).toEqual({ usd: 0, unpricedCalls: 0 });
    expect((await value(fresh.listRuns({}))).find((r) => r.runId === runId)?.origin).toEqual({ kind: "replay", runId: original.runId });
  });

  it("says so when the run's workflow is no longer in the project, or the run is unknown", async () => {
    const runId = await interruptedRun();
    const metaPath = join(runs, `${runId}.meta.json`);
    await writeFile(metaPath, JSON.stringify({ ...JSON.parse(await readFile(metaPath, "utf8")), entryId: "workflow:gone.tsx" }));
    const s = await openService();
    const gone = await s.replayRun({ runId });
    expect(gone).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_ENTRY" } });
    expect(!gone.ok && gone.error.message).toContain("workflow:gone.tsx");
    expect(await s.replayRun({ runId: "run_nope" })).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_RUN" } });
  });
});

describe("forkRun", () => {
  it("replays up to the model call it forks at, then goes on live from there", async () => {
    const s = await openService();
    const original = await countedRun(s);
    const recorded = await value(s.getRunEvents({ runId: original.runId }));
    const [, report] = modelCalls(recorded);

    const { runId } = await value(s.forkRun({ runId: original.runId, nodeId: report!.id }));
    const ended = (await runEnded(s, runId)).run;
    expect(ended).toMatchObject({ status: "succeeded", origin: { kind: "fork", runId: original.runId, nodeId: report!.id } });
    // Only the forked call ran again; the plan call and the deploy came from the record.
    expect(await calls()).toEqual(["model: plan", "deploy staging", "model: report", "model: report"]);
    expect(outputOf(await value(s.getRunEvents({ runId })))).toBe("shipped staging");
    // It spent only the forked call: the replayed one is in its trace but not in what it cost.
    const forkedEvents = await value(s.getRunEvents({ runId }));
    const liveCall = modelCalls(forkedEvents).at(-1)!;
    const liveUsage = forkedEvents.find((e) => e.type === "usage" && e.nodeId === liveCall.id);
    expect(liveUsage?.type === "usage" && ended.usage).toEqual(liveUsage?.type === "usage" && liveUsage.usage);
    expect(ended.usage.totalTokens).toBeLessThan(original.usage.totalTokens);
    const listed = (await value(s.listRuns({}))).find((r) => r.runId === runId);
    expect(listed?.usage).toEqual(ended.usage);
  });

  it("runs the forked call on another model, resolved like a markdown agent's model (the config's `models`)", async () => {
    const s = await openService();
    const original = await countedRun(s);
    const [, report] = modelCalls(await value(s.getRunEvents({ runId: original.runId })));
    const { runId } = await value(s.forkRun({ runId: original.runId, nodeId: report!.id, model: "test:alt" }));
    await runEnded(s, runId);
    expect(outputOf(await value(s.getRunEvents({ runId })))).toBe("forked with test:alt");
    expect(await calls()).toEqual(["model: plan", "deploy staging", "model: report"]);
  });

  it("refuses a node that isn't a model call of the run, and a model it can't resolve", async () => {
    const s = await openService();
    const original = await countedRun(s);
    const recorded = await value(s.getRunEvents({ runId: original.runId }));
    const tool = recorded.find((e) => e.type === "node-start" && e.node.kind === "tool-call");
    const toolId = tool?.type === "node-start" ? tool.node.id : "";
    const notModel = await s.forkRun({ runId: original.runId, nodeId: toolId });
    expect(notModel).toMatchObject({ ok: false, error: { code: "STUDIO_NOT_A_MODEL_CALL" } });
    expect(!notModel.ok && notModel.error.message).toContain(`"${toolId}"`);
    expect(!notModel.ok && notModel.error.message).toContain("tool-call");
    const missing = await s.forkRun({ runId: original.runId, nodeId: "n999" });
    expect(missing).toMatchObject({ ok: false, error: { code: "STUDIO_NOT_A_MODEL_CALL", message: expect.stringContaining("n999") } });
    const [plan] = modelCalls(recorded);
    // The config's `models` takes any provider:model reference; this is none.
    expect(await s.forkRun({ runId: original.runId, nodeId: plan!.id, model: "gpt" })).toMatchObject({
      ok: false,
      error: { code: "JUNE_AGENT_FIELD_INVALID", message: expect.stringContaining('"gpt"') },
    });
  });
});

describe("approval history across sessions", () => {
  it("a later session's history holds the decisions recorded earlier, and no replayed one", async () => {
    const s = await openService();
    const original = await countedRun(s);
    await value(s.replayRun({ runId: original.runId }));
    const later = await openService();
    const history = await value(later.approvalHistory({}));
    const mine = history.filter((h) => h.runId === original.runId);
    expect(mine).toEqual([expect.objectContaining({ toolName: "deploy", input: { env: "staging" }, approved: true, entryName: original.name })]);
    expect(history.filter((h) => h.runId !== original.runId && h.toolName === "deploy" && h.decidedAt > original.endedAt!)).toEqual([]);
  });
});

describe("resumeRun", () => {
  it("resumes an interrupted run: finished work comes from the record, its approval is back in the inbox", async () => {
    const runId = await interruptedRun();
    expect(await calls()).toEqual(["model: plan"]);
    const s = await openService();
    const asked = nextEvent<Extract<StudioEvent, { type: "approval-requested" }>>(s, (e) => e.type === "approval-requested");
    const resumed = await value(s.resumeRun({ runId }));
    const { approval } = await asked;
    expect(approval).toMatchObject({ runId: resumed.runId, toolName: "deploy", input: { env: "staging" } });
    expect(approval.replayed).toBeUndefined();
    expect(await calls()).toEqual(["model: plan"]);

    const ended = runEnded(s, resumed.runId);
    await value(s.approve({ runId: resumed.runId, approvalId: approval.approvalId }));
    expect((await ended).run).toMatchObject({ status: "succeeded", origin: { kind: "resume", runId } });
    expect(await calls()).toEqual(["model: plan", "deploy staging", "model: report"]);
    expect(outputOf(await value(s.getRunEvents({ runId: resumed.runId })))).toBe("shipped staging");

    // Resumed once: the interrupted run says by which run, also to a later session, and won't resume again.
    const later = await openService();
    expect((await value(later.listRuns({}))).find((r) => r.runId === runId)).toMatchObject({ status: "interrupted", resumedBy: resumed.runId });
    const again = await later.resumeRun({ runId });
    expect(again).toMatchObject({ ok: false, error: { code: "STUDIO_ALREADY_RESUMED", message: expect.stringContaining(resumed.runId) } });
  });

  it("resumes only an interrupted run", async () => {
    const s = await openService();
    const done = await countedRun(s);
    const refused = await s.resumeRun({ runId: done.runId });
    expect(refused).toMatchObject({ ok: false, error: { code: "STUDIO_NOT_INTERRUPTED" } });
    expect(!refused.ok && refused.error.message).toContain("succeeded");
  });
});

describe("a studio process killed mid-run (SIGKILL)", () => {
  it("leaves a record intact up to its last event, listed as interrupted, and resumable", async () => {
    const child = spawn(process.execPath, [join(import.meta.dirname, "crash-child.test-support.ts"), project.folder, "workflow:counted.tsx", JSON.stringify({ log })], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
    const runId = await new Promise<string>((resolve, reject) => {
      let stdout = "";
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
        if (stdout.includes("\n")) resolve((JSON.parse(stdout.split("\n")[0]!) as { runId: string }).runId);
      });
      void exited.then((how) => reject(new Error(`the child exited (${how}) before starting its run: ${stderr}`)));
    });
    const file = join(runs, `${runId}.jsonl`);
    // The approval request is synced to disk before anyone is asked: wait until it is there.
    for (;;) {
      const text = await readFile(file, "utf8").catch(() => "");
      if (text.includes('"type":"approval-requested"')) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");

    const text = await readFile(file, "utf8");
    expect(text.endsWith("\n")).toBe(true);
    const events = text.trimEnd().split("\n").map((line) => JSON.parse(line) as TraceEvent);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.some((e) => e.type === "approval-requested")).toBe(true);
    expect(readTraceFile(file).truncated).toBe(false);

    const s = await openService();
    const run = (await value(s.listRuns({}))).find((r) => r.runId === runId);
    expect(run).toMatchObject({ status: "interrupted", entryId: "workflow:counted.tsx", name: "Counted" });
    expect(await calls()).toEqual(["model: plan"]);

    const asked = nextEvent<Extract<StudioEvent, { type: "approval-requested" }>>(s, (e) => e.type === "approval-requested");
    const resumed = await value(s.resumeRun({ runId }));
    const { approval } = await asked;
    expect(await value(s.pendingApprovals({}))).toEqual([approval]);
    expect(approval).toMatchObject({ runId: resumed.runId, toolName: "deploy" });
    const ended = runEnded(s, resumed.runId);
    await value(s.approve({ runId: resumed.runId, approvalId: approval.approvalId }));
    expect((await ended).run.status).toBe("succeeded");
    expect(await calls()).toEqual(["model: plan", "deploy staging", "model: report"]);
  });
});
