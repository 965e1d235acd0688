// Run by run-record.test.ts in a child process whose files may not grow past a few KiB
// (`ulimit -f`): the runs folder fills up, in effect, partway through a run. Opens the project
// with a StudioService, runs `entryId` to its end, prints the run-ended summary as JSON (with
// `--events`, then a line of the seqs windows heard and those getRunEvents reads back), exits.
import type { StudioEvent } from "../contract/index.ts";
import { openServiceOrExit } from "./child-service.test-support.ts";

const [folder, entryId, events] = process.argv.slice(2);
if (!folder || !entryId) {
  process.stderr.write("usage: record-full-child.test-support.ts <folder> <entryId>\n");
  process.exit(2);
}
const service = await openServiceOrExit(folder);
const heard: number[] = [];
const ended = new Promise<Extract<StudioEvent, { type: "run-ended" }>>((resolve) => {
  service.listen(service.lastSeq, (event) => {
    if (event.type === "trace") heard.push(event.event.seq);
    if (event.type === "run-ended") resolve(event);
  });
});
const started = await service.startRun({ entryId });
if (!started.ok) {
  process.stderr.write(`${started.error.code}: ${started.error.message}\n`);
  process.exit(4);
}
const { run } = await ended;
const readBack = events === "--events" ? await service.getRunEvents({ runId: run.runId }) : undefined;
await service.close();
process.stdout.write(`${JSON.stringify(run)}\n`);
if (readBack) process.stdout.write(`${JSON.stringify({ heard, readBack: readBack.ok ? readBack.value.map((e) => e.seq) : readBack.error })}\n`);
