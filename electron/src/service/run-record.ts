// Every run's events appended to `.june/runs/<run-id>.jsonl` in the project folder as they
// happen (a synchronous append per event, so a crash loses nothing already written), with a
// `.june/.gitignore` so the records never end up in the user's repository.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openTraceWriter, type TraceEvent, type TraceWriter } from "june";

export function runsFolder(projectFolder: string): string {
  return join(projectFolder, ".june", "runs");
}

/** Opens the record of one run; undefined (with `log` told why) when the folder can't be written. */
export function openRunRecord(projectFolder: string, runId: string, log: (message: string) => void): TraceWriter | undefined {
  try {
    const june = join(projectFolder, ".june");
    mkdirSync(runsFolder(projectFolder), { recursive: true });
    if (!existsSync(join(june, ".gitignore"))) writeFileSync(join(june, ".gitignore"), "# June Studio's run records\n*\n");
    return openTraceWriter(join(runsFolder(projectFolder), `${runId}.jsonl`));
  } catch (error) {
    log(`june studio: the run ${runId} is not recorded on disk: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/** Appends, and stops recording (once, with a message) if the disk refuses. */
export function recorder(writer: TraceWriter | undefined, log: (message: string) => void): { append(event: TraceEvent): void; close(): void } {
  let open = writer;
  return {
    append(event) {
      if (!open) return;
      try {
        open.append(event);
      } catch (error) {
        log(`june studio: recording ${open.path} stopped: ${error instanceof Error ? error.message : String(error)}`);
        open = undefined;
      }
    },
    close() {
      open?.close();
      open = undefined;
    },
  };
}
