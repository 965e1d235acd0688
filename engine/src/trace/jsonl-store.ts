// The JSONL trace store: one event per line, appended as it happens with a synchronous write, so
// a crash loses nothing already written; reading tolerates a last line cut short by a crash.
// A write that fails (a full disk, a value JSON can't write) breaks the writer: the line it cut
// is taken back off the file, and this append and every later one throw JUNE_RECORD_FAILED, so a
// record never goes on with a gap in it and a run recorded through onEvent fails with the error.
//
// A writer that made a file from its first byte knows its digest (length and SHA-256), which a
// reader given it trusts instead of parsing every line: readTraceJson hands a 100,000-node
// record to a window as the JSON array its lines already are, in a tenth of the time a parse
// and a re-encode take, and falls back to checking every line when the file is not what the
// digest says.
import { createHash, type Hash } from "node:crypto";
import { closeSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { JuneError } from "../errors/index.ts";
import { buildTrace } from "./fold.ts";
import type { TraceEvent } from "./events.ts";
import type { TraceNode } from "./types.ts";

export interface TraceWriter {
  readonly path: string;
  /** Writes `event` as one line; throws JUNE_RECORD_FAILED when it can't (and from then on). */
  append(event: TraceEvent): void;
  /**
   * Makes every event appended so far durable: the file and its folder flushed to the disk.
   * Throws JUNE_RECORD_FAILED when they can't be (or the writer broke before).
   */
  sync(): void;
  close(): void;
  /**
   * What the file holds, as this writer wrote it: undefined when the file was not empty when it
   * was opened (the writer didn't see all of it) or the writer broke.
   */
  digest(): TraceDigest | undefined;
}

/** A record file's length and SHA-256 (hex), as its writer wrote it. */
export interface TraceDigest {
  bytes: number;
  sha256: string;
}

/**
 * Opens `path` for appending events.
 *
 * @example
 * const writer = openTraceWriter(".june/runs/run-1.jsonl");
 * const handle = run(<Release />, { onEvent: (e) => writer.append(e) });
 * await handle.result; writer.sync(); writer.close();
 */
export function openTraceWriter(path: string): TraceWriter {
  // Records hold prompts and tool output: readable by the user alone.
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  let fd: number | undefined = openSync(path, "a", 0o600);
  // Where the last whole line ends: a failed write is cut back to here.
  let size = fstatSync(fd).size;
  const hash: Hash | undefined = size === 0 ? createHash("sha256") : undefined;
  let broken: JuneError | undefined;
  const breakWith = (what: string, error: unknown): JuneError => {
    broken = new JuneError("JUNE_RECORD_FAILED", `june: ${what}: ${messageOf(error)}`, { cause: error });
    return broken;
  };
  return {
    path,
    append(event) {
      if (broken) throw broken;
      if (fd === undefined) throw new JuneError("JUNE_RECORD_FAILED", `june: the trace file ${path} is closed`);
      let line: string;
      try {
        line = `${JSON.stringify(event)}\n`;
      } catch (error) {
        throw breakWith(`event ${event.seq} (${event.type}) can't be written to the trace file ${path} as JSON`, error);
      }
      let bytes: number;
      try {
        bytes = writeWhole(fd, line);
        // An approval asked or decided is on the disk before anyone sees it or acts on it, so a
        // resumed run never asks twice or forgets a decision (other events ride the OS cache).
        if (event.type === "approval-requested" || event.type === "approval-resolved") fsyncSync(fd);
      } catch (error) {
        takeBack(fd, size);
        throw breakWith(`writing event ${event.seq} (${event.type}) to the trace file ${path} failed`, error);
      }
      size += bytes;
      hash?.update(line, "utf8");
    },
    sync() {
      if (broken) throw broken;
      if (fd === undefined) throw new JuneError("JUNE_RECORD_FAILED", `june: the trace file ${path} is closed`);
      try {
        fsyncSync(fd);
        syncFolder(dirname(path));
      } catch (error) {
        throw breakWith(`the trace file ${path} can't be flushed to the disk`, error);
      }
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
    digest() {
      if (broken || !hash) return undefined;
      return { bytes: size, sha256: hash.copy().digest("hex") };
    },
  };
}

// writeSync may write less than asked (a disk filling up mid-line) without an error: the rest is
// written again, which then fails with the reason (ENOSPC) or goes through. Returns the bytes
// written; the string is written as is (a Buffer copy per event costs ~10% of an append).
function writeWhole(fd: number, line: string): number {
  const length = Buffer.byteLength(line, "utf8");
  let offset = writeSync(fd, line);
  if (offset < length) {
    const bytes = Buffer.from(line, "utf8");
    while (offset < length) offset += writeSync(fd, bytes, offset, length - offset);
  }
  return length;
}

// A cut line would make the next reader call the record truncated (or, with a later line after
// it, broken): the file goes back to its last whole line. If that fails too, readers still skip
// a cut last line.
function takeBack(fd: number, size: number): void {
  try {
    ftruncateSync(fd, size);
  } catch {
    // Best effort on a failing disk: the writer is broken either way.
  }
}

/** Flushes a folder's entries (a file created in it) to the disk; Windows can't open folders, and needn't. */
function syncFolder(folder: string): void {
  if (process.platform === "win32") return;
  const fd = openSync(folder, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface ReadTrace {
  events: TraceEvent[];
  tree: TraceNode | undefined;
  /** True when the last line was cut short (the writer died mid-line); it is skipped. */
  truncated: boolean;
}

export function readTraceFile(path: string): ReadTrace {
  const { events, truncated } = readTraceEvents(path);
  return { events, tree: buildTrace(events), truncated };
}

/** A record's events without their tree (reading is two thirds of the cost, folding the rest). */
export function readTraceEvents(path: string): Omit<ReadTrace, "tree"> {
  const events: TraceEvent[] = [];
  const { truncated } = eachLine(readFileSync(path), path, (_line, event) => void events.push(event));
  return { events, truncated };
}

/** A record's events as the text of one JSON array, made of its lines as written. */
export interface TraceJson {
  /** `[line,line,…]`: UTF-8 JSON text. */
  json: Buffer;
  /** True when the last line was cut short and is left out. */
  truncated: boolean;
}

/**
 * A record's events as one JSON array, its lines spliced in as they are. With `digest` (what its
 * writer said it wrote) a file of that length and hash is taken as written, no line parsed; any
 * other file has each line checked as readTraceEvents checks it (a cut last line left out, a
 * broken line before it an error naming the line).
 *
 * @example
 * socket.send(readTraceJson(file, meta.record).json, { binary: false });
 */
export function readTraceJson(path: string, digest?: TraceDigest): TraceJson {
  const bytes = readFileSync(path);
  if (digest && bytes.length === digest.bytes && createHash("sha256").update(bytes).digest("hex") === digest.sha256) {
    return { json: linesAsArray(bytes), truncated: false };
  }
  const lines: Buffer[] = [];
  const { truncated } = eachLine(bytes, path, (line) => void lines.push(line));
  const json = Buffer.concat([OPEN, ...lines.flatMap((line, index) => (index === 0 ? [line] : [COMMA, line])), CLOSE]);
  return { json, truncated };
}

const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]");
const NEWLINE = 0x0a;

/**
 * Calls `take` with each non-blank line and its event; a line that isn't JSON is skipped when it
 * is the last (cut short by a crash), and an error naming it otherwise.
 */
function eachLine(bytes: Buffer, path: string, take: (line: Buffer, event: TraceEvent) => void): { truncated: boolean } {
  let truncated = false;
  let start = 0;
  let lineNumber = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline;
    lineNumber++;
    const line = bytes.subarray(start, end);
    start = end + 1;
    const text = line.toString("utf8");
    if (text.trim() === "") continue;
    let event: TraceEvent;
    try {
      event = JSON.parse(text) as TraceEvent;
    } catch (error) {
      // Only the last line may be cut (a blank line after it is what a crash mid-append leaves).
      if (bytes.subarray(start).toString("utf8").trim() === "") {
        truncated = true;
        continue;
      }
      throw new Error(`june: ${path}:${lineNumber} is not a trace event: ${(error as Error).message}`, { cause: error });
    }
    take(line, event);
  }
  return { truncated };
}

/** A file of whole lines, each ending in a newline, as `[line,line,…]` (the newlines become commas). */
function linesAsArray(bytes: Buffer): Buffer {
  if (bytes.length === 0) return Buffer.from("[]");
  const json = Buffer.allocUnsafe(bytes.length + 1);
  json[0] = OPEN[0]!;
  bytes.copy(json, 1);
  let at = 1;
  while ((at = json.indexOf(NEWLINE, at)) !== -1) json[at++] = COMMA[0]!;
  json[json.length - 1] = CLOSE[0]!;
  return json;
}
