// Every run's record on disk, in the project's runs folder (`.june/runs` unless the config's
// `runs` says otherwise): `<run-id>.jsonl`, its events appended as they happen (a synchronous
// append per event, so a crash loses nothing already written), and `<run-id>.meta.json`, what the
// history lists (written atomically when the run starts, rewritten every HEARTBEAT_EVERY_MS while
// it runs and when it ends). The meta file names who runs the run: the machine, the pid and when
// that process started, and while it runs its last heartbeat, so any studio reading the folder,
// on this machine or another, can tell a live run from a dead one (run-liveness.ts). A
// `.gitignore` keeps records out of the user's repository.
//
// A record that fails (a full disk, a value that can't be written) fails its run: the append
// that broke it throws JUNE_RECORD_FAILED, which the run's onEvent passes to the engine. The
// meta that says how a run ended is written only once the events it describes are on the disk
// (the events file and its folder synced); a record that broke or can't be synced never ends
// "succeeded" — its meta says failed, with the reason.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { JuneError, isJuneError, openTraceWriter, type TraceDigest, type TraceEvent, type TraceWriter } from "june";
import type { RunSummary } from "../contract/index.ts";
import { HEARTBEAT_EVERY_MS, startHeartbeat, type Heartbeat } from "./heartbeat.ts";
import { jsonText } from "./plain-json.ts";
import { systemProbe, thisProcess, type ProcessOwner, type ProcessProbe } from "./process-identity.ts";
import type { RecordedOwner } from "./run-liveness.ts";

/**
 * What `<run-id>.meta.json` holds: the run's summary (without where it is stopped), the process
 * that wrote it (`pid` where records before hosts were named kept it), while it runs its last
 * heartbeat, and once it ended whole the events file's digest (its length and SHA-256 as it was
 * written: a reader finding the file so reads it without parsing it, run-history.ts).
 */
export type RunMeta = Omit<RunSummary, "stopped"> & RecordedOwner & { record?: TraceDigest };

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
  /**
   * Appends `event` to the events file. The append that breaks the record throws its
   * JUNE_RECORD_FAILED (once, said in `log`); later ones do nothing.
   */
  append(event: TraceEvent): void;
  /**
   * Stops the heartbeat, makes the events durable and closes the file, then rewrites the meta file
   * with how the run ended; returns the summary it wrote. A record that broke, or whose events
   * can't be made durable, doesn't end "succeeded" (nor "aborted"): it ends failed with why.
   */
  finish(summary: RunSummary): RunSummary;
  /**
   * Stops the heartbeat and closes the events file, leaving the meta file saying "running": the
   * run reads as interrupted, and can be resumed, once this process is gone (at once to another
   * service in this process; on another machine, once its heartbeat is stale).
   */
  detach(): void;
  /** False once an event or the end could not be written: the record on disk lacks part of the run. */
  intact(): boolean;
}

/** Writes a file whole or not at all: a temp file renamed over it (and removed if that fails). */
export function writeAtomically(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, text, { mode: 0o600 });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Writes a run's meta file; `owner` is who runs it and when it last beat (none for a run no
 * process runs any more), `record` the digest of its whole events file once it ended.
 */
export function writeRunMeta(runsFolder: string, summary: RunSummary, owner: RecordedOwner | undefined, record?: TraceDigest): void {
  const { stopped: _, ...rest } = summary;
  const meta: RunMeta = { ...rest, ...owner, ...(record ? { record } : {}) };
  writeAtomically(metaFile(runsFolder, summary.runId), `${jsonText(meta)}\n`);
}

/** What a record is written with; tests pin the clock and the machine. */
export interface RecordOptions {
  /** How this machine and process are told; default the real one. */
  probe?: ProcessProbe;
  /** Clock for heartbeats; default Date.now. */
  now?: () => number;
  /** How often the meta file beats, in ms; default HEARTBEAT_EVERY_MS. */
  heartbeatEvery?: number;
}

/** Creates the runs folder and its `.gitignore` (`.june/.gitignore` for the default folder). */
export function prepareRunsFolder(place: RecordPlace): void {
  // Records hold prompts and tool output: readable by the user alone.
  mkdirSync(place.runsFolder, { recursive: true, mode: 0o700 });
  const june = join(place.folder, ".june");
  const ignoreIn = resolve(place.runsFolder) === join(june, "runs") ? june : place.runsFolder;
  const ignore = join(ignoreIn, ".gitignore");
  if (!existsSync(ignore)) writeFileSync(ignore, "# June Studio's run records\n*\n");
}

/**
 * Starts the record of a run: the meta file (status "running", this process, a first heartbeat),
 * then the events file, and beats until the run finishes or the record is detached. When the
 * folder can't be written the run still runs, unrecorded (`log` says why).
 */
export function openRunRecord(place: RecordPlace, summary: RunSummary, log: (message: string) => void, options: RecordOptions = {}): RunRecord {
  const now = options.now ?? Date.now;
  const heartbeatEvery = options.heartbeatEvery ?? HEARTBEAT_EVERY_MS;
  const owner: ProcessOwner = thisProcess(options.probe ?? systemProbe);
  const running = (): RecordedOwner => ({ ...owner, heartbeatAt: now(), heartbeatEvery });
  let writer: TraceWriter | undefined;
  try {
    prepareRunsFolder(place);
    writeRunMeta(place.runsFolder, summary, running());
    writer = openTraceWriter(eventsFile(place.runsFolder, summary.runId));
  } catch (error) {
    log(`june studio: the run ${summary.runId} is not recorded on disk: ${messageOf(error)}`);
    return { runsFolder: undefined, append() {}, finish: (final) => final, detach() {}, intact: () => false };
  }
  let beatFailed = false;
  const heartbeat: Heartbeat = startHeartbeat(() => {
    try {
      writeRunMeta(place.runsFolder, summary, running());
      beatFailed = false;
    } catch (error) {
      // Said once per outage, not every beat; the next beat tries again. Meanwhile studios on
      // other machines will read the run as interrupted.
      if (!beatFailed) log(`june studio: the heartbeat of run ${summary.runId} can't be written (other machines will read it as interrupted): ${messageOf(error)}`);
      beatFailed = true;
    }
  }, heartbeatEvery);
  let open: TraceWriter | undefined = writer;
  let ended = false;
  /** Why the record is not whole, once it isn't. */
  let broken: JuneError | undefined;
  const breakWith = (error: unknown): JuneError => {
    broken = isJuneError(error) && error.code === "JUNE_RECORD_FAILED" ? error : new JuneError("JUNE_RECORD_FAILED", `june studio: recording the run failed: ${messageOf(error)}`, { cause: error });
    return broken;
  };
  const close = () => {
    ended = true;
    heartbeat.stop();
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
        throw breakWith(error);
      }
    },
    finish(final) {
      if (ended) return final;
      // The events first, on the disk: only then may a meta say how the run they describe ended.
      try {
        open?.sync();
      } catch (error) {
        if (!broken) log(`june studio: the record of run ${final.runId} can't be made durable: ${messageOf(error)}`);
        breakWith(error);
      }
      close();
      const recorded = broken && final.status !== "failed" && final.status !== "interrupted" ? failedFor(final, broken) : final;
      try {
        // An ended run names who wrote it, and needs no heartbeat; a whole record, its digest.
        writeRunMeta(place.runsFolder, recorded, owner, broken ? undefined : writer?.digest());
      } catch (error) {
        // The meta still says "running": once this process is gone the run reads as interrupted.
        log(`june studio: the end of run ${final.runId} is not recorded: ${messageOf(error)}`);
        broken ??= breakWith(error);
      }
      return recorded;
    },
    detach: close,
    intact: () => !broken,
  };
}

// A run that ran to its end but whose record didn't: failed, because the record is what's left.
function failedFor(summary: RunSummary, error: JuneError): RunSummary {
  return { ...summary, status: "failed", error: { code: error.code, message: error.message } };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
