// The JSONL writer when writing fails: real failures, no stand-in for the file system — /dev/full
// (every write is ENOSPC) and a child process whose files can't grow past 4 KiB (`ulimit -f`: the
// kernel cuts the write that crosses it short, then refuses, as a filling disk does). The writer
// breaks with JUNE_RECORD_FAILED, takes the cut line back off the file, and stays broken.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "./events.ts";
import { openTraceWriter, readTraceFile } from "./jsonl-store.ts";

const event = (seq: number, extra: Record<string, unknown> = {}): TraceEvent =>
  ({ type: "node-update", nodeId: "n1", textDelta: `delta ${seq}`, runId: "r", seq, time: 0, ...extra }) as TraceEvent;

const tempFile = () => join(mkdtempSync(join(tmpdir(), "june-jsonl-")), "run.jsonl");
const onLinux = process.platform === "linux" && existsSync("/dev/full");

describe("a write the disk refuses", () => {
  it.skipIf(!onLinux)("throws JUNE_RECORD_FAILED naming the file and the event, and every later append and sync throws it again (needs Linux's /dev/full)", () => {
    const writer = openTraceWriter("/dev/full");
    let first: unknown;
    try {
      writer.append(event(1));
    } catch (error) {
      first = error;
    }
    expect(first).toMatchObject({ code: "JUNE_RECORD_FAILED" });
    expect((first as Error).message).toMatch(/^june: writing event 1 \(node-update\) to the trace file \/dev\/full failed: ENOSPC/);
    expect(() => writer.append(event(2))).toThrow(first as Error);
    expect(() => writer.sync()).toThrow(first as Error);
    writer.close();
  });

  it.skipIf(process.platform === "win32")("a line the disk cut short is taken back: the file ends with the last whole event (runs in a child limited by ulimit -f)", () => {
    const file = tempFile();
    const child = spawnSync("/bin/sh", ["-c", 'ulimit -f 4 && exec "$@"', "sh", process.execPath, join(import.meta.dirname, "size-limited-writer.test-support.ts"), file], {
      encoding: "utf8",
      timeout: 15_000,
    });
    expect(child.stderr).toBe("");
    const outcome = JSON.parse(child.stdout) as { written: number; thrown: { code: string; message: string }[]; syncError?: string };
    expect(outcome.written).toBeGreaterThan(0);
    expect(outcome.thrown.map((t) => t.code)).toEqual(["JUNE_RECORD_FAILED", "JUNE_RECORD_FAILED"]);
    expect(outcome.thrown[0]!.message).toContain("EFBIG");
    expect(outcome.thrown[1]).toEqual(outcome.thrown[0]);
    expect(outcome.syncError).toBe("JUNE_RECORD_FAILED");
    const text = readFileSync(file, "utf8");
    expect(text.endsWith("\n")).toBe(true);
    const read = readTraceFile(file);
    expect(read.truncated).toBe(false);
    expect(read.events.map((e) => e.seq)).toEqual(Array.from({ length: outcome.written }, (_, i) => i + 1));
  });
});

describe("a value JSON can't write", () => {
  it("throws JUNE_RECORD_FAILED naming the event, writes nothing of it, and stays broken", () => {
    const file = tempFile();
    const writer = openTraceWriter(file);
    writer.append(event(1));
    expect(() => writer.append(event(2, { output: 10n }))).toThrow(/^june: event 2 \(node-update\) can't be written to the trace file .*run\.jsonl as JSON: .*BigInt/);
    expect(() => writer.append(event(3))).toThrow(expect.objectContaining({ code: "JUNE_RECORD_FAILED" }));
    writer.close();
    expect(readTraceFile(file).events.map((e) => e.seq)).toEqual([1]);
  });
});

describe("sync", () => {
  it("flushes what was appended and leaves the writer appending", () => {
    const file = tempFile();
    const writer = openTraceWriter(file);
    writer.append(event(1));
    writer.sync();
    writer.append(event(2));
    writer.close();
    expect(readTraceFile(file).events.map((e) => e.seq)).toEqual([1, 2]);
  });
});
