// Run by jsonl-store.test.ts in a child process whose files may not grow past a few KiB
// (`ulimit -f`): appends events to the trace file at argv[2] until the disk, in effect, is full,
// then prints what happened as JSON — how many appends succeeded, and what the failing and the
// next append threw. The kernel cuts the failing write short, as a disk filling up does.
import { openTraceWriter } from "./jsonl-store.ts";
import type { TraceEvent } from "./events.ts";

const path = process.argv[2];
if (!path) {
  process.stderr.write("usage: size-limited-writer.test-support.ts <trace file>\n");
  process.exit(2);
}
const writer = openTraceWriter(path);
const event = (seq: number): TraceEvent => ({ type: "node-update", nodeId: "n1", textDelta: `${seq} `.repeat(40), runId: "r", seq, time: 0 });
let written = 0;
const thrown: { code?: string; message: string }[] = [];
for (let seq = 1; seq <= 10_000 && thrown.length < 2; seq++) {
  try {
    writer.append(event(seq));
    written++;
  } catch (error) {
    thrown.push({ code: (error as { code?: string }).code, message: (error as Error).message });
  }
}
let syncError: string | undefined;
try {
  writer.sync();
} catch (error) {
  syncError = (error as { code?: string }).code;
}
writer.close();
process.stdout.write(`${JSON.stringify({ written, thrown, syncError })}\n`);
