// Every run's record on disk, in the project's runs folder (`.june/runs` unless the config's
// `runs` says otherwise): `<run-id>.jsonl`, its events appended as they happen (a synchronous
// append per event, so a crash loses nothing already written), and `<run-id>.meta.json`, what the
// history lists (written atomically when the run starts, rewritten when it ends). A `.gitignore`
// keeps records out of the user's repository.
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { openTraceWriter, type TraceEvent, type TraceWriter } from "june";
import type { RunSummary } from "../contract/index.ts";
import { jsonText } from "./plain-json.ts";

/** What `<run-id>.meta.json` holds: the run's summary (without where it is stopped) and the process running it. */
export type RunMeta = Omit<RunSummary, "stopped"> & { pid?: number };

export const eventsFile = (runsFolder: string, runId: string) => join(runsFolder, `${runId}.jsonl`);
export const metaFile = (runsFolder: string, runId: string) => join(runsFolder, `${runId}.meta.json`);

/** The folders a project's records involve: the project's own and where its runs go. */
export interface RecordPlace {
  folder: string;
  runsFolder: string;
}

export interface RunRecord {
  /** The runs folder, or undefined when the run is not recorded (the folder can't be written). */
  readonly runsFolder: string | undefined;
  append(event: TraceEvent): void;
  /** Rewrites the meta file with how the run ended, then closes the events file. */
  finish(summary: RunSummary): void;
  /**
   * Closes the events file and leaves the meta file saying "running": once this process is gone
   * (or in another studio session) the run reads as interrupted, and can be resumed.
   */
  detach(): void;
}

/** Writes a file whole or not at all: a temp file renamed over it. */
export function writeAtomically(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

/** Writes a run's meta file; `pid` is who runs it (none for a run no process runs any more). */
export function writeRunMeta(runsFolder: string, summary: RunSummary, pid: number | undefined = process.pid): void {
  const { stopped: _, ...rest } = summary;
  const meta: RunMeta = { ...rest, ...(pid !== undefined ? { pid } : {}) };
  writeAtomically(metaFile(runsFolder, summary.runId), `${jsonText(meta)}\n`);
}

/** Creates the runs folder and its `.gitignore` (`.june/.gitignore` for the default folder). */
export function prepareRunsFolder(place: RecordPlace): void {
  mkdirSync(place.runsFolder, { recursive: true });
  const june = join(place.folder, ".june");
  const ignoreIn = resolve(place.runsFolder) === join(june, "runs") ? june : place.runsFolder;
  const ignore = join(ignoreIn, ".gitignore");
  if (!existsSync(ignore)) writeFileSync(ignore, "# June Studio's run records\n*\n");
}

/**
 * Starts the record of a run: the meta file (status "running", this process's pid), then the
 * events file. When the folder can't be written the run still runs, unrecorded (`log` says why).
 */
export function openRunRecord(place: RecordPlace, summary: RunSummary, log: (message: string) => void): RunRecord {
  let writer: TraceWriter | undefined;
  try {
    prepareRunsFolder(place);
    writeRunMeta(place.runsFolder, summary);
    writer = openTraceWriter(eventsFile(place.runsFolder, summary.runId));
  } catch (error) {
    log(`june studio: the run ${summary.runId} is not recorded on disk: ${messageOf(error)}`);
    return { runsFolder: undefined, append() {}, finish() {}, detach() {} };
  }
  let open: TraceWriter | undefined = writer;
  let ended = false;
  const close = () => {
    ended = true;
    open?.close();
    open = undefined;
  };
  return {
    runsFolder: place.runsFolder,
    append(event) {
      if (!open) return;
      try {
        open.append(event);
      } catch (error) {
        log(`june studio: recording ${open.path} stopped: ${messageOf(error)}`);
        open.close();
        open = undefined;
      }
    },
    finish(final) {
      if (ended) return;
      close();
      try {
        writeRunMeta(place.runsFolder, final);
      } catch (error) {
        log(`june studio: the end of run ${final.runId} is not recorded: ${messageOf(error)}`);
      }
    },
    detach: close,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
