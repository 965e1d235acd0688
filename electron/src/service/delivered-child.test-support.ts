// Run by the crash test in a child process (node delivered-child.test-support.ts <folder> <entryId>):
// opens the project with a StudioService, starts a run and, as a window would, takes the event
// batches a client delivers; it prints each delivered trace event as one JSON line on stdout (a
// synchronous write: what the parent reads was delivered) and streams until it is killed.
import { writeSync } from "node:fs";
import { connectClient } from "./studio-client.ts";
import { StudioService } from "./studio-service.ts";

const [folder, entryId] = process.argv.slice(2);
if (!folder || !entryId) {
  process.stderr.write("usage: delivered-child.test-support.ts <folder> <entryId>\n");
  process.exit(2);
}
const service = new StudioService({ log: (message) => void process.stderr.write(`${message}\n`) });
const client = connectClient(service, (batch) => {
  const lines = batch.events.flatMap((event) => (event.type === "trace" ? [`${JSON.stringify({ runId: event.runId, event: event.event })}\n`] : []));
  if (lines.length > 0) writeSync(1, lines.join(""));
});
const subscribed = await client.handle("subscribe", { afterSeq: 0 });
const opened = await service.openFolder({ folder });
const started = await service.startRun({ entryId });
if (!subscribed.ok || !opened.ok || !started.ok) {
  process.stderr.write(`${JSON.stringify({ subscribed, opened, started })}\n`);
  process.exit(3);
}
// Kept alive until killed.
setInterval(() => {}, 60_000);
