// Entry of the `june` command (bin/june.js imports it once Node is known to be able to run
// June's TypeScript): runs the CLI on this process's arguments and streams, then exits.
import { runCli } from "./cli.ts";

// A closed pipe (`june --help | head -1`) is the reader's choice, not a crash; `june run` also
// aborts its run when that happens (see run-command.ts).
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
});

const code = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});
// Exit explicitly: a workflow may leave handles open (keep-alive sockets, timers) that would
// keep the process alive after its run is over. Flush first so piped output isn't cut short.
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);

function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write("", () => resolve()));
}
