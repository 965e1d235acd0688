// The runs of this session: starting one (every way a run starts goes through `launch`), the
// LiveRun each is kept as (with the project folder it runs in), its events coming in (recorded,
// streamed), stepping and each project's breakpoints, aborting, and a run's end. It keeps the session bounded: a run's record on disk is
// the one copy of its events (memory keeps only what a record lacks), and once a run ends the
// event log and the run let go of the rest. What a run's events mean for approvals is the
// approval desk's (approval-desk.ts), told through `RunWatcher`.
import { randomUUID } from "node:crypto";
import { DeltaCoalescer, checkValueLimits, type RunHandle, type TraceEvent } from "june";
import type { Project, ProjectEntry, ReplaySpec } from "june/project";
import type { Breakpoint, Result, RunOrigin, RunSummary } from "../contract/index.ts";
import type { StudioEventInput } from "./event-log.ts";
import { LiveRun } from "./live-run.ts";
import { exchangeKeeper } from "./model-exchanges.ts";
import { concatArrays, EncodedJson } from "./plain-json.ts";
import { fail, failFromError, ok } from "./results.ts";
import { unknownRun } from "./refusals.ts";
import { readRecordedEvents, readRecordedEventsJson } from "./run-history.ts";
import { openRunRecord, type RunRecord } from "./run-record.ts";

/** Who hears what a run's events mean beyond its trace (the approval desk). */
export interface RunWatcher {
  /**
   * Called with each of a run's events before it goes out to windows, so what the event asks is
   * known by the time a listener hears it; the function it returns runs once the event has gone.
   */
  heard(run: LiveRun, event: TraceEvent): (() => void) | undefined;
  /** The run ended: nothing it asked waits any more. */
  ended(runId: string): void;
}

export interface RunRegistryOptions {
  emit(event: StudioEventInput): void;
  /** Trims the event log: a run ended, so the stream's past is a snapshot from now on. */
  trimLog(): void;
  watcher: RunWatcher;
  log(message: string): void;
  now(): number;
  /** Keeps every run's events in memory too, and its handle after it ended (the memory benchmark's baseline). */
  retainEvents: boolean;
  /** Coalesces text deltas per frame before they are recorded, kept or sent. */
  coalesceDeltas: boolean;
  /** The studio is closing: a run aborted now was interrupted by it, not stopped by the user. */
  closing(): boolean;
  /** Keeps model calls' raw provider bodies beside each run's record (getModelExchange); default true. */
  keepExchanges?: boolean;
}

/** How a run starts: paused, answered from a record (replay, fork, resume), and whence. */
export interface LaunchHow {
  paused?: boolean | undefined;
  replay?: ReplaySpec;
  origin?: RunOrigin;
}

/** What the registry holds in memory, counted over its runs. */
export interface RegistryCounts {
  runEvents: number;
  runHandles: number;
  runs: number;
}

export class RunRegistry {
  readonly #options: RunRegistryOptions;
  readonly #runs = new Map<string, LiveRun>();
  /** Each running run's record on disk (`<runs folder>/<run-id>.jsonl` and `.meta.json`). */
  readonly #records = new Map<string, RunRecord>();
  /** Undefined when deltas go as they come (coalesceDeltas: false). */
  readonly #coalescer: DeltaCoalescer | undefined;
  /** Each project folder's breakpoints: its live runs have them, its new runs start with them. */
  readonly #breakpoints = new Map<string, Breakpoint[]>();
  /** The breakpoints windows were last told of (the `breakpoints` event): the open project's. */
  #announced: readonly Breakpoint[] = [];

  constructor(options: RunRegistryOptions) {
    this.#options = options;
    this.#coalescer = options.coalesceDeltas
      ? new DeltaCoalescer((runId, event) => {
          const live = this.#runs.get(runId);
          if (live) this.#onTrace(live, event);
        })
      : undefined;
  }

  get(runId: string): LiveRun | undefined {
    return this.#runs.get(runId);
  }

  has(runId: string): boolean {
    return this.#runs.has(runId);
  }

  /** Every run of the session's summary, in the order they started; with `folder`, only that project's runs. */
  summaries(folder?: string): RunSummary[] {
    const runs = [...this.#runs.values()];
    return (folder === undefined ? runs : runs.filter((live) => live.folder === folder)).map((live) => live.summary());
  }

  /** The project folder a run of the session runs in (undefined: no such run). */
  folderOf(runId: string): string | undefined {
    return this.#runs.get(runId)?.folder;
  }

  /**
   * A session run's events, running or ended: its record on disk (written before any window hears
   * an event, so it holds every one so far), then those memory kept because the record lacks them
   * (all of them for a run not recorded).
   */
  eventsOf(live: LiveRun): Result<TraceEvent[]> {
    // Not recorded, or the baseline keeping every event in memory as well: memory has them all.
    if (live.runsFolder === undefined || this.#options.retainEvents) return ok([...live.events]);
    const recorded = readRecordedEvents(live.runsFolder, live.id);
    if (!recorded.ok || live.events.length === 0) return recorded;
    return ok([...recorded.value, ...live.events]);
  }

  /** The same events as eventsOf, as JSON text for a window (the record's lines as they are). */
  eventsJsonOf(live: LiveRun): Result<EncodedJson<TraceEvent[]>> {
    if (live.runsFolder === undefined || this.#options.retainEvents) return ok(EncodedJson.of(live.events));
    const recorded = readRecordedEventsJson(live.runsFolder, live.id);
    if (!recorded.ok || live.events.length === 0) return recorded;
    return ok(concatArrays(recorded.value, EncodedJson.of(live.events)));
  }

  /** Forgets a run that ended (it was deleted): the session no longer lists it. */
  forget(runId: string): void {
    this.#runs.delete(runId);
  }

  counts(): RegistryCounts {
    let runEvents = 0;
    let runHandles = 0;
    for (const live of this.#runs.values()) {
      runEvents += live.events.length;
      if (live.handle) runHandles++;
    }
    return { runEvents, runHandles, runs: this.#runs.size };
  }

  /** Starts a run of `entry` in `project` (which the caller found the entry in). */
  launch(project: Project, entry: ProjectEntry, input: unknown, how: LaunchHow): Result<{ runId: string }> {
    if (project.trusted === false) {
      return fail(
        "STUDIO_FOLDER_RESTRICTED",
        `june studio: ${entry.name} can't run: ${project.folder} is in restricted mode (not trusted), so none of its code runs. Trust the folder (the banner's "Trust folder") to load and run it.`,
      );
    }
    try {
      // An input past the run's bounds would fail the run anyway, and couldn't be recorded or shown.
      checkValueLimits(input, "the run's input");
    } catch (error) {
      return failFromError(error, `june studio: can't start ${entry.name}`);
    }
    const { now, log } = this.#options;
    const runId = `run_${now().toString(36)}_${randomUUID().slice(0, 8)}`;
    const live = new LiveRun({
      runId,
      entryId: entry.id,
      name: entry.name,
      input: input ?? null,
      startedAt: now(),
      ...(how.origin ? { origin: how.origin } : {}),
    });
    live.folder = project.folder;
    this.#runs.set(runId, live);
    const record = openRunRecord(project, live.summary(), log);
    live.runsFolder = record.runsFolder;
    this.#records.set(runId, record);
    // Its model calls' raw bodies go beside the record, never into it (model-exchanges.ts).
    const keepExchange = this.#options.keepExchanges === false ? undefined : exchangeKeeper(record.runsFolder, runId, log);
    // run-started goes first: the run's own events follow it in the stream.
    this.#options.emit({ type: "run-started", run: live.summary() });
    try {
      // In a pooled worker (the project is isolated): its tools and models can't take the studio down.
      live.handle = project.start(entry.id, {
        runId,
        ...(input !== undefined ? { input } : {}),
        ...(how.paused ? { startPaused: true } : {}),
        ...(this.breakpoints(project.folder).length ? { breakpoints: this.breakpoints(project.folder) } : {}),
        ...(how.replay ? { replay: how.replay } : {}),
        onEvent: (event) => (this.#coalescer ? this.#coalescer.push(live.id, event) : this.#onTrace(live, event)),
        ...(keepExchange ? { onModelExchange: keepExchange } : {}),
        warn: (message) => log(message),
      });
    } catch (error) {
      const failure = failFromError<{ runId: string }>(error, `june studio: ${entry.name} could not start`);
      this.#end(live, { status: "failed", ...(failure.ok ? {} : { error: failure.error }) });
      return failure;
    }
    void live.handle.result.then(
      (result) => this.#end(live, result),
      (error: unknown) => this.#end(live, { status: "failed", error: { code: "STUDIO_INTERNAL", message: String(error) } }),
    );
    return ok({ runId });
  }

  #onTrace(live: LiveRun, event: TraceEvent): void {
    // The event the record breaks on still reaches memory and windows; the throw at the end then
    // fails the run (the engine stops it with the record's JUNE_RECORD_FAILED).
    let unrecorded: unknown;
    const record = this.#records.get(live.id);
    try {
      record?.append(event);
    } catch (error) {
      unrecorded = error;
    }
    // The record is the run's one copy of its events; memory keeps only what it lacks (a disabled
    // record is never intact).
    live.record(event, this.#options.retainEvents === true || !record?.intact());
    const after = this.#options.watcher.heard(live, event);
    this.#options.emit({ type: "trace", runId: live.id, event });
    after?.();
    if (unrecorded !== undefined) throw unrecorded;
  }

  #end(live: LiveRun, result: Parameters<LiveRun["end"]>[0]): void {
    if (!live.running) return;
    const { now } = this.#options;
    // Its last streamed text goes before anything says it ended.
    this.#coalescer?.end(live.id);
    const record = this.#records.get(live.id);
    this.#records.delete(live.id);
    this.#options.watcher.ended(live.id);
    // Aborted by closing the studio: its record was detached first and stays resumable.
    if (this.#options.closing() && result.status === "aborted") live.interrupt(now());
    else live.end(result, now());
    const recorded = record?.finish(live.summary());
    // Its record couldn't be completed: the run failed for it, here as in its meta.
    if (recorded?.status === "failed" && live.summary().status !== "failed") live.end({ status: "failed", error: recorded.error }, recorded.endedAt ?? now());
    this.#options.emit({ type: "run-ended", run: live.summary() });
    if (!this.#options.retainEvents) this.#letGo(live);
  }

  /**
   * A run ended: the log lets go of every event so far (a window subscribing from an earlier seq
   * gets a snapshot), and the run lets go of its engine handle. Its events were never kept while
   * its record took them (a record that broke partway leaves memory the events it lacks), so an
   * ended run is its summary: a long session keeps that per run, not every delta it streamed.
   */
  #letGo(live: LiveRun): void {
    this.#options.trimLog();
    live.handle = undefined;
  }

  /** Aborts a run of the session; one that already ended is a no-op, not an error: the user's intent holds. */
  abort(runId: string, reason: string | undefined): Result<null> {
    const live = this.#runs.get(runId);
    if (!live) return unknownRun(runId);
    if (live.running) live.handle?.abort(reason);
    return ok(null);
  }

  /** Pauses, steps or continues a run of the session; undefined when the session has no such run. */
  control(runId: string, verb: string, act: (handle: RunHandle) => void): Result<null> | undefined {
    const live = this.#runs.get(runId);
    if (!live) return undefined;
    if (!live.running || !live.handle) {
      return fail("STUDIO_RUN_ENDED", `june studio: run ${runId} has ${live.summary().status}; there is nothing to ${verb}.`);
    }
    try {
      act(live.handle);
    } catch (error) {
      return failFromError(error, `june studio: can't ${verb} run ${runId}`);
    }
    return ok(null);
  }

  /** A copy of a project folder's breakpoints (each run gets its own). */
  breakpoints(folder: string): Breakpoint[] {
    return (this.#breakpoints.get(folder) ?? []).map((b) => ({ ...b }));
  }

  /**
   * Replaces a project folder's breakpoints in its live runs and for its new ones, and announces
   * them (the folder is the open one: windows show the open project's). Another project's live
   * runs keep theirs.
   */
  setBreakpoints(folder: string, breakpoints: readonly Breakpoint[]): void {
    this.#breakpoints.set(folder, breakpoints.map((b) => ({ ...b })));
    for (const live of this.#runs.values()) {
      if (!live.running || !live.handle || live.folder !== folder) continue;
      try {
        live.handle.setBreakpoints(this.breakpoints(folder));
      } catch (error) {
        this.#options.log(`june studio: run ${live.id} did not take the breakpoints: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.#announce(folder);
  }

  /** A project was opened: windows are told its breakpoints, when they differ from those they were last told of. */
  projectOpened(folder: string): void {
    // Set before any folder was open (key ""): they were meant for the first one.
    const early = this.#breakpoints.get("");
    if (early && !this.#breakpoints.has(folder)) this.#breakpoints.set(folder, early);
    this.#breakpoints.delete("");
    if (JSON.stringify(this.breakpoints(folder)) !== JSON.stringify(this.#announced)) this.#announce(folder);
  }

  #announce(folder: string): void {
    this.#announced = this.breakpoints(folder);
    this.#options.emit({ type: "breakpoints", breakpoints: this.breakpoints(folder) });
  }

  /**
   * Aborts every live run and waits for them to end. Their records are detached first, so on disk
   * they stay "interrupted" (resumable), not "aborted".
   */
  async close(): Promise<void> {
    const running = [...this.#runs.values()].filter((live) => live.running && live.handle);
    // What has streamed so far goes into the records before they are detached.
    this.#coalescer?.flush();
    for (const live of running) this.#records.get(live.id)?.detach();
    for (const live of running) live.handle!.abort("the studio is closing");
    await Promise.all(running.map((live) => live.handle!.result.catch(() => undefined)));
  }
}
