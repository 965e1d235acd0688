// Run by the crash test in a child process (node crash-child.test-support.ts <folder> <entryId> <input JSON>):
// opens the project with a StudioService, starts a run, prints `{ runId }` and then waits, to be
// killed with SIGKILL while its run waits for an approval.
import { openServiceOrExit } from "./child-service.test-support.ts";

const [folder, entryId, input] = process.argv.slice(2);
if (!folder || !entryId) {
  process.stderr.write("usage: crash-child.test-support.ts <folder> <entryId> [input JSON]\n");
  process.exit(2);
}
const service = await openServiceOrExit(folder);
const started = await service.startRun({ entryId, input: input === undefined ? undefined : JSON.parse(input) });
if (!started.ok) {
  process.stderr.write(`${started.error.code}: ${started.error.message}\n`);
  process.exit(4);
}
process.stdout.write(`${JSON.stringify(started.value)}\n`);
// Kept alive until killed (a pending run alone would not hold the process).
setInterval(() => {}, 60_000);
