// The JSONL trace store: one event per line, appended as it happens with a synchronous write, so
// a crash loses nothing already written; reading tolerates a last line cut short by a crash.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { buildTrace } from "./builder.ts";
import type { TraceEvent } from "./events.ts";
import type { TraceNode } from "./types.ts";

export interface TraceWriter {
  readonly path: string;
  append(event: TraceEvent): void;
  close(): void;
}

/**
 * Opens `path` for appending events.
 *
 * @example
 * const writer = openTraceWriter(".june/runs/run-1.jsonl");
 * const handle = run(<Release />, { onEvent: (e) => writer.append(e) });
 * await handle.result; writer.close();
 */
export function openTraceWriter(path: string): TraceWriter {
  mkdirSync(dirname(path), { recursive: true });
  let fd: number | undefined = openSync(path, "a");
  return {
    path,
    append(event) {
      if (fd === undefined) throw new Error(`june: the trace file ${path} is closed`);
      writeSync(fd, `${JSON.stringify(event)}\n`);
      // An approval asked or decided is on the disk before anyone sees it or acts on it, so a
      // resumed run never asks twice or forgets a decision (other events ride the OS cache).
      if (event.type === "approval-requested" || event.type === "approval-resolved") fsyncSync(fd);
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
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
      else throw new Error(`june: ${path}:${index + 1} is not a trace event: ${(error as Error).message}`);
    }
  });
  return { events, tree: buildTrace(events), truncated };
}
