// The JSONL trace store: one event per line, appended as it happens with a synchronous write, so
// a crash loses nothing already written; reading tolerates a last line cut short by a crash.
// A write that fails (a full disk, a value JSON can't write) breaks the writer: the line it cut
// is taken back off the file, and this append and every later one throw JUNE_RECORD_FAILED, so a
// record never goes on with a gap in it and a run recorded through onEvent fails with the error.
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
  const lines = readFileSync(path, "utf8").split("\n");
  const events: TraceEvent[] = [];
  let truncated = false;
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    try {
      events.push(JSON.parse(line) as TraceEvent);
    } catch (error) {
      if (index >= lines.length - 2) truncated = true;
      else throw new Error(`june: ${path}:${index + 1} is not a trace event: ${(error as Error).message}`, { cause: error });
    }
  });
  return { events, tree: buildTrace(events), truncated };
}
