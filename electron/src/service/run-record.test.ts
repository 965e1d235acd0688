// A run's record when the runs folder fills up partway through: a real failure, not a stand-in —
// the studio runs in a child process whose files can't grow past 8 KiB (`ulimit -f`), so the
// kernel cuts the events file's write that crosses it short and then refuses (EFBIG, as ENOSPC on
// a full disk), while the small meta file still fits. The run fails with JUNE_RECORD_FAILED, the
// process survives, the events file ends with its last whole event, and the meta says failed.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTraceFile } from "june";
import type { RunSummary } from "../contract/index.ts";
import { longFlow, makeProject, type ProjectFixture } from "./project-fixture.test-support.ts";

let project: ProjectFixture;
beforeAll(async () => {
  project = await makeProject({ "long.tsx": longFlow(2000) });
});
afterAll(() => project.remove());

describe("a runs folder that fills up mid-run", () => {
  it.skipIf(process.platform === "win32")("fails the run with JUNE_RECORD_FAILED: no meta says succeeded beside a cut record (runs in a child limited by ulimit -f)", () => {
    const child = spawnSync(
      "/bin/sh",
      ["-c", 'ulimit -f 8 && exec "$@"', "sh", process.execPath, join(import.meta.dirname, "record-full-child.test-support.ts"), project.folder, "workflow:long.tsx"],
      { encoding: "utf8", timeout: 20_000 },
    );
    expect(child.status, child.stderr).toBe(0);
    const ended = JSON.parse(child.stdout) as RunSummary;
    expect(ended.status).toBe("failed");
    expect(ended.error?.code).toBe("JUNE_RECORD_FAILED");
    expect(ended.error?.message).toContain("EFBIG");
    // The studio said why, once.
    expect(child.stderr.match(/recording .* stopped/g)).toHaveLength(1);

    const runs = join(project.folder, ".june", "runs");
    expect(readdirSync(runs).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    const meta = JSON.parse(readFileSync(join(runs, `${ended.runId}.meta.json`), "utf8")) as RunSummary;
    expect(meta).toMatchObject({ runId: ended.runId, status: "failed", error: { code: "JUNE_RECORD_FAILED" } });
    const events = join(runs, `${ended.runId}.jsonl`);
    expect(readFileSync(events, "utf8").endsWith("\n")).toBe(true);
    const read = readTraceFile(events);
    expect(read.truncated).toBe(false);
    expect(read.events.length).toBeGreaterThan(0);
    expect(read.events.map((e) => e.seq)).toEqual(read.events.map((_, i) => i + 1));
  });

  it.skipIf(process.platform === "win32")("the session still reads the run back whole: what the record holds, then what memory kept from the event it broke on", () => {
    const child = spawnSync(
      "/bin/sh",
      ["-c", 'ulimit -f 8 && exec "$@"', "sh", process.execPath, join(import.meta.dirname, "record-full-child.test-support.ts"), project.folder, "workflow:long.tsx", "--events"],
      { encoding: "utf8", timeout: 20_000 },
    );
    expect(child.status, child.stderr).toBe(0);
    const [summary, seqs] = child.stdout.trim().split("\n");
    const ended = JSON.parse(summary!) as RunSummary;
    expect(ended.error?.code).toBe("JUNE_RECORD_FAILED");
    const { heard, readBack } = JSON.parse(seqs!) as { heard: number[]; readBack: number[] };
    const onDisk = readTraceFile(join(project.folder, ".june", "runs", `${ended.runId}.jsonl`)).events.length;
    // The record broke before the run's end, so part of what was heard is not on the disk.
    expect(onDisk).toBeLessThan(heard.length);
    expect(readBack).toEqual(heard);
  });
});
