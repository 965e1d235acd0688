// The JSONL writer when writing fails: real failures, no stand-in for the file system — /dev/full
// (every write is ENOSPC) and a child process whose files can't grow past 4 KiB (`ulimit -f`: the
// kernel cuts the write that crosses it short, then refuses, as a filling disk does). The writer
// breaks with JUNE_RECORD_FAILED, takes the cut line back off the file, and stays broken.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "./events.ts";
import { openTraceWriter, readTraceFile, readTraceJson } from "./jsonl-store.ts";

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

describe("a writer's digest", () => {
  it("is the length and SHA-256 of the file it wrote from the first byte", () => {
    const file = tempFile();
    const writer = openTraceWriter(file);
    writer.append(event(1));
    writer.append(event(2, { textDelta: "naïve ✓" }));
    const digest = writer.digest();
    writer.close();
    const bytes = readFileSync(file);
    expect(digest).toEqual({ bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
  });

  it("goes on as the writer appends after it is read", () => {
    const file = tempFile();
    const writer = openTraceWriter(file);
    writer.append(event(1));
    const first = writer.digest();
    writer.append(event(2));
    const second = writer.digest();
    writer.close();
    expect(second!.bytes).toBeGreaterThan(first!.bytes);
    expect(second!.sha256).toBe(createHash("sha256").update(readFileSync(file)).digest("hex"));
  });

  it("is unknown for a file that had lines before the writer opened it, and once the writer broke", () => {
    const file = tempFile();
    writeFileSync(file, `${JSON.stringify(event(1))}\n`);
    const appending = openTraceWriter(file);
    appending.append(event(2));
    expect(appending.digest()).toBeUndefined();
    appending.close();

    const broken = openTraceWriter(tempFile());
    broken.append(event(1));
    expect(() => broken.append(event(2, { output: 10n }))).toThrow();
    expect(broken.digest()).toBeUndefined();
    broken.close();
  });
});

describe("reading a record as one JSON array (readTraceJson)", () => {
  const written = (count: number) => {
    const file = tempFile();
    const writer = openTraceWriter(file);
    for (let seq = 1; seq <= count; seq++) writer.append(event(seq, { textDelta: seq === 2 ? "naïve ✓" : `delta ${seq}` }));
    const digest = writer.digest()!;
    writer.close();
    return { file, digest };
  };
  const parsed = (json: Buffer) => JSON.parse(json.toString("utf8")) as TraceEvent[];

  it("with its writer's digest: the events as written, in order", () => {
    const { file, digest } = written(3);
    const read = readTraceJson(file, digest);
    expect(parsed(read.json)).toEqual(readTraceFile(file).events);
    expect(read.truncated).toBe(false);
  });

  it("an empty record is an empty array, with or without a digest", () => {
    const { file, digest } = written(0);
    expect(readTraceJson(file, digest).json.toString()).toBe("[]");
    expect(readTraceJson(file).json.toString()).toBe("[]");
  });

  it("without a digest: every line checked, a cut last line left out", () => {
    const { file } = written(2);
    appendFileSync(file, '{"type":"node-upd');
    const read = readTraceJson(file);
    expect(parsed(read.json).map((e) => e.seq)).toEqual([1, 2]);
    expect(read.truncated).toBe(true);
  });

  it("a file changed since its digest was taken is checked line by line: a broken line names itself", () => {
    const { file, digest } = written(3);
    const lines = readFileSync(file, "utf8").split("\n");
    // Same length, so only the hash tells: the second line's first brace becomes a space.
    lines[1] = ` ${lines[1]!.slice(1)}`;
    writeFileSync(file, lines.join("\n"));
    expect(readFileSync(file).length).toBe(digest.bytes);
    expect(() => readTraceJson(file, digest)).toThrow(/^june: .*run\.jsonl:2 is not a trace event/);
  });

  it("a file that grew since its digest is read whole, checked", () => {
    const { file, digest } = written(2);
    appendFileSync(file, `${JSON.stringify(event(3))}\n`);
    expect(parsed(readTraceJson(file, digest).json).map((e) => e.seq)).toEqual([1, 2, 3]);
  });
});
