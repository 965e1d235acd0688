// The StudioService: everything June Studio does, with no Electron in it. It opens a folder (and
// watches it), starts many runs at once (stepping through them, with the studio's breakpoints),
// records each in the project's runs folder and lists that history, runs recorded runs again
// (replay, fork, resume), keeps one approval inbox across runs, and records one ordered event
// stream that hosts (Electron IPC, the web host's WebSocket) deliver to windows.
import { randomUUID } from "node:crypto";
import { realpath, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { DeltaCoalescer, checkValueLimits, type RunHandle, type TraceEvent } from "june";
import { LiveProject, type Project, type ProjectEntry, type ReplaySpec } from "june/project";
import type {
  ApprovalRecord,
  Breakpoint,
  PendingApproval,
  ProjectSnapshot,
  RequestOf,
  Result,
  RunExport,
  RunOrigin,
  RunSummary,
  StudioApi,
  StudioEvent,
} from "../contract/index.ts";
import { openInEditor } from "../editor/index.ts";
import { ApprovalInbox } from "./approval-inbox.ts";
import { StudioEventLog, type EventListener, type StudioEventInput } from "./event-log.ts";
import { LiveRun } from "./live-run.ts";
import { jsonText } from "./plain-json.ts";
import { projectSnapshot } from "./project-snapshot.ts";
import { fail, failFromError, ok } from "./results.ts";
import { deleteRecordedRun, isRecordId, listRecordedRuns, newestFirst, readRecordedEvents, readRecordedRun, type HistoryContext } from "./run-history.ts";
import { openRunRecord, writeRunMeta, type RunRecord } from "./run-record.ts";
import { pastDecisions } from "./past-decisions.ts";
import { forkPlan, replayPlan, resumePlan, type PlanMaker } from "./rerun-plan.ts";
import type { FolderTrust } from "./trust/index.ts";

export interface StudioServiceOptions {
  /** Where JUNE_EDITOR, VISUAL, EDITOR and PATH come from for "open in editor"; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The host's console: run warnings (a tool the policy withheld) and listener failures. Default console.warn. */
  log?: (message: string) => void;
  /** Clock for timestamps; default Date.now. */
  now?: () => number;
  /**
   * Keeps every event of the session in memory (the log, each run's events and its engine handle),
   * as the studio did before it let go of ended runs. Only the memory benchmark's baseline sets it.
   */
  retainEvents?: boolean;
  /**
   * Coalesces each run's consecutive text deltas per frame before they are recorded, kept or sent
   * (june's DeltaCoalescer); default true. Only the load benchmark's baseline turns it off.
   */
  coalesceDeltas?: boolean;
  /**
   * Folder trust: a folder it doesn't trust opens in restricted mode (no workflow, config or tool
   * code runs, no run starts) until trustFolder. Without one every folder is trusted: the program
   * that made the service chose the folder (the hosts, `june studio`, pass a TrustStore).
   */
  trust?: FolderTrust;
}

/** What the service holds in memory, counted: a long session must keep these bounded. */
export interface RetainedCounts {
  /** Events the log keeps (those since it was last trimmed). */
  loggedEvents: number;
  /** Trace events the session's runs keep in memory, summed over the runs. */
  runEvents: number;
  /** Engine run handles kept (each holds its run's every event). */
  runHandles: number;
  /** Runs of this session the service knows (a summary each). */
  runs: number;
}

/**
 * The studio's service; hosts call its methods and `listen` to its events.
 *
 * @example
 * const service = new StudioService();
 * await service.openFolder({ folder: "samples" });
 * const stop = service.listen(0, (event) => console.log(event.seq, event.type));
 * const started = await service.startRun({ entryId: "workflow:release.tsx" });
 */
export class StudioService implements StudioApi {
  readonly #env: NodeJS.ProcessEnv;
  readonly #log: (message: string) => void;
  readonly #now: () => number;
  readonly #retainEvents: boolean;
  readonly #trust: FolderTrust | undefined;
  readonly #events: StudioEventLog;
  /** Undefined when deltas go as they come (coalesceDeltas: false). */
  readonly #coalescer: DeltaCoalescer | undefined;
  readonly #runs = new Map<string, LiveRun>();
  /** Each live run's record on disk (`<runs folder>/<run-id>.jsonl` and `.meta.json`). */
  readonly #records = new Map<string, RunRecord>();
  readonly #inbox = new ApprovalInbox();
  /** approve()/deny() calls waiting for their decision to be recorded, by run and approval id. */
  readonly #decisionWaiters = new Map<string, () => void>();
  /** Decisions recorded by runs of earlier sessions in the open project (read when it opens). */
  #pastDecisions: Promise<ApprovalRecord[]> | undefined;
  /** The studio's breakpoints: every live run has them, every new run starts with them. */
  #breakpoints: Breakpoint[] = [];
  /** Problems with records already logged. */
  readonly #reported = new Set<string>();
  #live: LiveProject | undefined;
  #snapshot: ProjectSnapshot | null = null;
  #opening = 0;
  #closed = false;

  constructor(options: StudioServiceOptions = {}) {
    this.#env = options.env ?? process.env;
    this.#log = options.log ?? ((message) => console.warn(message));
    this.#now = options.now ?? Date.now;
    this.#retainEvents = options.retainEvents ?? false;
    this.#trust = options.trust;
    this.#events = new StudioEventLog({
      onListenerError: (error) => this.#log(`june studio: an event listener failed: ${error instanceof Error ? error.message : String(error)}`),
      traceOf: (runId) => this.#traceOf(runId),
    });
    this.#coalescer =
      options.coalesceDeltas === false
        ? undefined
        : new DeltaCoalescer((runId, event) => {
            const live = this.#runs.get(runId);
            if (live) this.#onTrace(live, event);
          });
  }

  /** What the service holds in memory now, counted (the bounded-session test and the memory benchmark read it). */
  retained(): RetainedCounts {
    let runEvents = 0;
    let runHandles = 0;
    for (const live of this.#runs.values()) {
      runEvents += live.events.length;
      if (live.handle) runHandles++;
    }
    return { loggedEvents: this.#events.retained, runEvents, runHandles, runs: this.#runs.size };
  }

  /** The seq of the newest event (0 before any). */
  get lastSeq(): number {
    return this.#events.lastSeq;
  }

  /**
   * Calls `listener` with every event after `afterSeq`, then each new one, in seq order and with
   * no gaps; when events after `afterSeq` were let go (a run ended since), one `snapshot` event
   * stands for them. Returns a function that stops it. This is what hosts stream to a window.
   */
  listen(afterSeq: number, listener: EventListener): () => void {
    return this.#events.listen(afterSeq, listener);
  }

  // ── Project ─────────────────────────────────────────────────────────────────────────────────

  async openFolder(request: RequestOf<"openFolder">): Promise<Result<ProjectSnapshot>> {
    if (this.#closed) return closed();
    if (!request.folder) {
      return fail("STUDIO_FOLDER_REQUIRED", "june studio: openFolder needs a folder path here (only the desktop app asks with a dialog). Type the project folder's path.");
    }
    const folder = resolve(request.folder);
    const info = await stat(folder).catch(() => undefined);
    if (!info) return fail("STUDIO_FOLDER_NOT_FOUND", `june studio: there is no folder ${folder}. Check the path.`);
    if (!info.isDirectory()) return fail("STUDIO_NOT_A_FOLDER", `june studio: ${folder} is a file, not a folder. Open the project folder that holds it.`);

    const attempt = ++this.#opening;
    this.#emit({ type: "project-loading", folder });
    let live: LiveProject;
    try {
      // Trust goes by the real path: a link to a trusted folder is that folder, and no other.
      const trusted = this.#trust ? await this.#trust.isTrusted(await realpath(folder)) : true;
      // Isolated: the folder's code loads, renders and runs in workers, so a file that exits, loops
      // or throws later is a problem or a failed run, never the end of the studio.
      live = await LiveProject.open(folder, { isolate: true, ...(trusted ? {} : { trusted: false }) });
    } catch (error) {
      // Whoever saw "loading" learns it's over: the previous project stands.
      if (this.#snapshot && attempt === this.#opening) this.#emit({ type: "project", project: this.#snapshot });
      return failFromError(error, `june studio: opening ${folder} failed`);
    }
    if (attempt !== this.#opening || this.#closed) {
      live.close();
      return fail("STUDIO_OPEN_SUPERSEDED", `june studio: opening ${folder} was overtaken by a later openFolder or by closing the studio.`);
    }
    this.#live?.close();
    this.#live = live;
    const snapshot = this.#publish(live);
    const runsFolder = live.project.runsFolder;
    this.#pastDecisions = pastDecisions(runsFolder, (runId) => this.#runs.has(runId)).catch((error: unknown) => {
      this.#log(`june studio: reading earlier approval decisions from ${runsFolder} failed: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    });
    live.watch(() => {
      // A run writing files in the folder reloads it often; only a changed project is news.
      if (this.#live === live && !this.#closed && !sameProject(this.#snapshot, live.project)) this.#publish(live);
    });
    return ok(snapshot);
  }

  async getProject(_request: RequestOf<"getProject">): Promise<Result<ProjectSnapshot | null>> {
    return ok(this.#snapshot);
  }

  /** Trusts the open folder (it must be the one named) and opens it again, its code loaded. */
  async trustFolder(request: RequestOf<"trustFolder">): Promise<Result<ProjectSnapshot>> {
    if (this.#closed) return closed();
    const open = this.#snapshot?.folder;
    if (!open) return fail("STUDIO_NO_PROJECT", "june studio: no folder is open, so there is no folder to trust.");
    if (resolve(request.folder) !== open) {
      return fail("STUDIO_NOT_OPEN_FOLDER", `june studio: ${resolve(request.folder)} is not the open folder (${open}); only the open folder can be trusted. Open it first.`);
    }
    if (this.#trust) {
      try {
        await this.#trust.trust(await realpath(open));
      } catch (error) {
        return fail("STUDIO_TRUST_NOT_SAVED", `june studio: trusting ${open} could not be saved: ${error instanceof Error ? error.message : String(error)}. The folder stays in restricted mode.`);
      }
    }
    return this.openFolder({ folder: open });
  }

  #publish(live: LiveProject): ProjectSnapshot {
    this.#snapshot = projectSnapshot(live.project, this.#now());
    this.#emit({ type: "project", project: this.#snapshot });
    return this.#snapshot;
  }

  // ── Runs ────────────────────────────────────────────────────────────────────────────────────

  async startRun(request: RequestOf<"startRun">): Promise<Result<{ runId: string }>> {
    if (this.#closed) return closed();
    const project = this.#live?.project;
    if (!project) return noProject();
    const entry = project.entries.find((e) => e.id === request.entryId);
    if (!entry) {
      return fail("STUDIO_UNKNOWN_ENTRY", `june studio: ${project.folder} has no agent "${request.entryId}"; it has ${project.entries.map((e) => e.id).join(", ") || "none"}.`);
    }
    return this.#launch(project, entry, request.input, { paused: request.paused });
  }

  /** Starts a run of `entry`: every way a run starts (new, replay, fork, resume) goes through here. */
  #launch(project: Project, entry: ProjectEntry, input: unknown, how: { paused?: boolean | undefined; replay?: ReplaySpec; origin?: RunOrigin }): Result<{ runId: string }> {
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
    const runId = `run_${this.#now().toString(36)}_${randomUUID().slice(0, 8)}`;
    const live = new LiveRun({
      runId,
      entryId: entry.id,
      name: entry.name,
      input: input ?? null,
      startedAt: this.#now(),
      ...(how.origin ? { origin: how.origin } : {}),
    });
    this.#runs.set(runId, live);
    const record = openRunRecord(project, live.summary(), this.#log);
    live.runsFolder = record.runsFolder;
    this.#records.set(runId, record);
    // run-started goes first: the run's own events follow it in the stream.
    this.#emit({ type: "run-started", run: live.summary() });
    try {
      // In a pooled worker (the project is isolated): its tools and models can't take the studio down.
      live.handle = project.start(entry.id, {
        runId,
        ...(input !== undefined ? { input } : {}),
        ...(how.paused ? { startPaused: true } : {}),
        ...(this.#breakpoints.length ? { breakpoints: this.#breakpoints.map((b) => ({ ...b })) } : {}),
        ...(how.replay ? { replay: how.replay } : {}),
        onEvent: (event) => (this.#coalescer ? this.#coalescer.push(live.id, event) : this.#onTrace(live, event)),
        warn: (message) => this.#log(message),
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
    try {
      this.#records.get(live.id)?.append(event);
    } catch (error) {
      unrecorded = error;
    }
    live.record(event);
    // An approval answered from a record (replay, fork, resume) asks nobody: it is no inbox item,
    // so its approval-resolved below finds nothing pending and makes no history record either.
    // Any other is in the inbox before either event goes out, so a listener may decide at once.
    const asked = event.type === "approval-requested" && !event.approval.replayed ? this.#inbox.add(live.id, live.summary().name, event.approval, event.time) : undefined;
    this.#emit({ type: "trace", runId: live.id, event });
    if (asked) {
      this.#emit({ type: "approval-requested", approval: asked });
    } else if (event.type === "approval-resolved") {
      // Decisions made through approve()/deny() are already recorded; this catches any other.
      this.#decided(live.id, event.approvalId, { approved: event.approved, reason: event.reason }, event.time);
      this.#decisionWaiters.get(`${live.id}\u0000${event.approvalId}`)?.();
    } else if (event.type === "node-end" && event.status !== "succeeded") {
      this.#inbox.withdrawNode(live.id, event.nodeId);
    }
    if (unrecorded !== undefined) throw unrecorded;
  }

  #end(live: LiveRun, result: Parameters<LiveRun["end"]>[0]): void {
    if (!live.running) return;
    // Its last streamed text goes before anything says it ended.
    this.#coalescer?.end(live.id);
    const record = this.#records.get(live.id);
    this.#records.delete(live.id);
    this.#inbox.withdrawRun(live.id);
    // Aborted by closing the studio: its record was detached first and stays resumable.
    if (this.#closed && result.status === "aborted") live.interrupt(this.#now());
    else live.end(result, this.#now());
    const recorded = record?.finish(live.summary());
    // Its record couldn't be completed: the run failed for it, here as in its meta.
    if (recorded?.status === "failed" && live.summary().status !== "failed") live.end({ status: "failed", error: recorded.error }, recorded.endedAt ?? this.#now());
    this.#emit({ type: "run-ended", run: live.summary() });
    if (!this.#retainEvents) this.#letGo(live, record?.intact() ?? false);
  }

  /**
   * A run ended: the log lets go of every event so far (a window subscribing from an earlier seq
   * gets a snapshot), and the run lets go of its engine handle (which keeps every event it emitted)
   * and, when its record on disk holds them all, of its events (a record that failed partway
   * leaves memory the only whole copy). A long session keeps a summary per run, not every delta
   * it streamed.
   */
  #letGo(live: LiveRun, recorded: boolean): void {
    this.#events.trim();
    live.handle = undefined;
    if (recorded) live.events.length = 0;
  }

  async abortRun(request: RequestOf<"abortRun">): Promise<Result<null>> {
    const live = this.#runs.get(request.runId);
    if (!live) return unknownRun(request.runId);
    // Stopping a run that already ended is a no-op, not an error: the user's intent holds.
    if (live.running) live.handle?.abort(request.reason);
    return ok(null);
  }

  async listRuns(_request: RequestOf<"listRuns">): Promise<Result<RunSummary[]>> {
    const session = [...this.#runs.values()].map((live) => live.summary());
    const mine = new Set(session.map((r) => r.runId));
    const folder = this.#live?.project.runsFolder;
    let recorded: RunSummary[] = [];
    if (folder) {
      try {
        recorded = await listRecordedRuns(folder, this.#history());
      } catch (error) {
        this.#report(`june studio: the runs recorded in ${folder} can't be listed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return ok(newestFirst([...session, ...recorded.filter((r) => !mine.has(r.runId))]));
  }

  async getRunEvents(request: RequestOf<"getRunEvents">): Promise<Result<TraceEvent[]>> {
    const found = await this.#findRun(request.runId);
    return found ? found.events() : unknownRun(request.runId);
  }

  async deleteRun(request: RequestOf<"deleteRun">): Promise<Result<null>> {
    const found = await this.#findRun(request.runId);
    if (!found) return unknownRun(request.runId);
    if (found.summary.status === "running") {
      const where = this.#runs.has(request.runId) ? "stop it first (abortRun)" : "another process is running it (its meta file names the pid); stop it there";
      return fail("STUDIO_RUN_RUNNING", `june studio: run ${request.runId} is still running; ${where}, then delete it.`);
    }
    if (found.runsFolder) {
      try {
        await deleteRecordedRun(found.runsFolder, request.runId);
      } catch (error) {
        return failFromError(error, `june studio: deleting run ${request.runId} from ${found.runsFolder} failed`);
      }
    }
    this.#runs.delete(request.runId);
    this.#emit({ type: "run-deleted", runId: request.runId });
    return ok(null);
  }

  async exportRun(request: RequestOf<"exportRun">): Promise<Result<RunExport>> {
    const found = await this.#findRun(request.runId);
    if (!found) return unknownRun(request.runId);
    const events = found.events();
    if (!events.ok) return events;
    return ok({ format: "june-run", version: 1, run: found.summary, events: events.value });
  }

  /** A run of this session, or one recorded in the open project's runs folder. */
  async #findRun(runId: string): Promise<FoundRun | undefined> {
    const live = this.#runs.get(runId);
    if (live) return { summary: live.summary(), runsFolder: live.runsFolder, events: () => this.#eventsOf(live) };
    const folder = this.#live?.project.runsFolder;
    if (!folder || !isRecordId(runId)) return undefined;
    const summary = await readRecordedRun(folder, runId, this.#history());
    return summary && { summary, runsFolder: folder, events: () => readRecordedEvents(folder, runId) };
  }

  /**
   * A session run's events: from memory while it runs (and when it is not recorded: memory is the
   * only copy), from its record on disk once it ended (#end let go of them).
   */
  #eventsOf(live: LiveRun): Result<TraceEvent[]> {
    // Events still in memory are the whole copy: the run runs, isn't recorded, or its record broke.
    if (live.running || live.runsFolder === undefined || live.events.length > 0) return ok([...live.events]);
    return readRecordedEvents(live.runsFolder, live.id);
  }

  /** A session run's trace so far, for a snapshot; a record that can't be read is reported and leaves it empty. */
  #traceOf(runId: string): readonly TraceEvent[] {
    const live = this.#runs.get(runId);
    if (!live) return [];
    const events = this.#eventsOf(live);
    if (events.ok) return events.value;
    this.#report(`june studio: a window's snapshot has no trace for run ${runId}: ${events.error.message}`);
    return [];
  }

  #history(): HistoryContext {
    return {
      isLiveHere: (runId) => this.#runs.get(runId)?.running === true,
      entryIdOf: (name) => {
        const matches = this.#live?.project.entries.filter((e) => e.name === name) ?? [];
        return matches.length === 1 ? matches[0]!.id : undefined;
      },
      log: (message) => this.#report(message),
    };
  }

  /** Logs a problem once per service (listing runs again must not repeat it). */
  #report(message: string): void {
    if (this.#reported.has(message)) return;
    this.#reported.add(message);
    this.#log(message);
  }

  // ── Stepping ────────────────────────────────────────────────────────────────────────────────

  async pauseRun(request: RequestOf<"pauseRun">): Promise<Result<null>> {
    return this.#control(request.runId, "pause", (handle) => handle.pause());
  }

  async stepRun(request: RequestOf<"stepRun">): Promise<Result<null>> {
    return this.#control(request.runId, "step", (handle) => handle.step());
  }

  async continueRun(request: RequestOf<"continueRun">): Promise<Result<null>> {
    return this.#control(request.runId, "continue", (handle) => handle.continue());
  }

  async #control(runId: string, verb: string, act: (handle: RunHandle) => void): Promise<Result<null>> {
    const live = this.#runs.get(runId);
    if (!live) {
      const recorded = await this.#findRun(runId);
      if (!recorded) return unknownRun(runId);
      return fail("STUDIO_RUN_ENDED", `june studio: run ${runId} is a recorded run (${recorded.summary.status}), not one running in this studio; there is nothing to ${verb}.`);
    }
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

  async setBreakpoints(request: RequestOf<"setBreakpoints">): Promise<Result<null>> {
    this.#breakpoints = request.breakpoints.map((b) => ({ ...b }));
    for (const live of this.#runs.values()) {
      if (!live.running || !live.handle) continue;
      try {
        live.handle.setBreakpoints(this.#breakpoints.map((b) => ({ ...b })));
      } catch (error) {
        this.#log(`june studio: run ${live.id} did not take the breakpoints: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    this.#emit({ type: "breakpoints", breakpoints: this.#breakpoints.map((b) => ({ ...b })) });
    return ok(null);
  }

  async getBreakpoints(_request: RequestOf<"getBreakpoints">): Promise<Result<Breakpoint[]>> {
    return ok(this.#breakpoints.map((b) => ({ ...b })));
  }

  // ── Replay, fork, resume ────────────────────────────────────────────────────────────────────

  async replayRun(request: RequestOf<"replayRun">): Promise<Result<{ runId: string }>> {
    return this.#rerun(request.runId, (recorded) => replayPlan(recorded), { kind: "replay", paused: request.paused });
  }

  async forkRun(request: RequestOf<"forkRun">): Promise<Result<{ runId: string }>> {
    return this.#rerun(request.runId, (_recorded, events, project) => forkPlan(events, request, (ref) => project.checkModel(ref)), {
      kind: "fork",
      nodeId: request.nodeId,
      paused: request.paused,
    });
  }

  async resumeRun(request: RequestOf<"resumeRun">): Promise<Result<{ runId: string }>> {
    return this.#rerun(request.runId, (recorded) => resumePlan(recorded), { kind: "resume" });
  }

  /**
   * Starts a new run of a recorded run's workflow, with its input and answers from its record.
   * `check` says whether the recorded run qualifies and how to make the replay plan.
   */
  async #rerun(
    runId: string,
    check: (recorded: RunSummary, events: TraceEvent[], project: Project) => Result<PlanMaker>,
    how: { kind: RunOrigin["kind"]; nodeId?: string; paused?: boolean | undefined },
  ): Promise<Result<{ runId: string }>> {
    if (this.#closed) return closed();
    const project = this.#live?.project;
    if (!project) return noProject();
    const found = await this.#findRun(runId);
    if (!found) return unknownRun(runId);
    const events = found.events();
    if (!events.ok) return events;
    const checked = check(found.summary, events.value, project);
    if (!checked.ok) return checked;
    const { entryId, name } = found.summary;
    const entry = project.entries.find((e) => e.id === entryId);
    if (!entry) {
      return fail(
        "STUDIO_UNKNOWN_ENTRY",
        `june studio: run ${runId} ran ${entryId ? `"${entryId}"` : `"${name}" (its record doesn't say which file)`}, which ${project.folder} doesn't have now; ` +
          `restore the workflow to ${how.kind} the run.`,
      );
    }
    let plan: ReplaySpec;
    try {
      plan = checked.value(events.value);
    } catch (error) {
      return failFromError(error, `june studio: can't ${how.kind} run ${runId}`);
    }
    const origin: RunOrigin = { kind: how.kind, runId, ...(how.nodeId !== undefined ? { nodeId: how.nodeId } : {}) };
    const input = found.summary.input === null ? undefined : found.summary.input;
    const launched = await this.#launch(project, entry, input, { paused: how.paused, replay: plan, origin });
    // An interrupted run is resumed once: its record says by which run, so the history shows where it went on.
    if (launched.ok && how.kind === "resume" && found.runsFolder) {
      try {
        const resumed = { ...found.summary, resumedBy: launched.value.runId };
        writeRunMeta(found.runsFolder, resumed, undefined);
        // Windows update the interrupted run's summary (it now says where it went on).
        this.#emit({ type: "run-ended", run: resumed });
      } catch (error) {
        this.#log(`june studio: couldn't note on run ${runId} that ${launched.value.runId} resumed it: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return launched;
  }

  // ── Approvals ───────────────────────────────────────────────────────────────────────────────

  async approve(request: RequestOf<"approve">): Promise<Result<null>> {
    return this.#decide(request.runId, request.approvalId, { approved: true });
  }

  async deny(request: RequestOf<"deny">): Promise<Result<null>> {
    return this.#decide(request.runId, request.approvalId, { approved: false, reason: request.reason });
  }

  async pendingApprovals(_request: RequestOf<"pendingApprovals">): Promise<Result<PendingApproval[]>> {
    return ok(this.#inbox.pending());
  }

  async approvalHistory(_request: RequestOf<"approvalHistory">): Promise<Result<ApprovalRecord[]>> {
    // Earlier sessions' decisions (from the project's records) come first, then this session's.
    const past = (await this.#pastDecisions) ?? [];
    return ok([...past, ...this.#inbox.history()]);
  }

  async #decide(runId: string, approvalId: string, decision: { approved: boolean; reason?: string | undefined }): Promise<Result<null>> {
    const live = this.#runs.get(runId);
    if (!live) return unknownRun(runId);
    if (!this.#inbox.get(runId, approvalId) || !live.handle) {
      const pending = this.#inbox.pending().filter((p) => p.runId === runId).map((p) => p.approvalId);
      return fail(
        "STUDIO_UNKNOWN_APPROVAL",
        `june studio: run ${runId} has no pending approval "${approvalId}"` +
          (live.running ? (pending.length ? `; pending: ${pending.join(", ")}.` : "; nothing is pending.") : ` (the run has ${live.summary().status}).`),
      );
    }
    // The decision reaches windows (approval-decided) only from the run's own approval-resolved
    // event, which the record has written and synced first; the answer waits for it.
    const recorded = new Promise<void>((resolve) => this.#decisionWaiters.set(`${runId}\u0000${approvalId}`, resolve));
    try {
      if (decision.approved) live.handle.approve(approvalId);
      else live.handle.deny(approvalId, decision.reason);
    } catch (error) {
      this.#decisionWaiters.delete(`${runId}\u0000${approvalId}`);
      return failFromError(error, `june studio: deciding approval ${approvalId} of run ${runId} failed`);
    }
    await Promise.race([recorded, live.handle.result.then(() => undefined)]);
    this.#decisionWaiters.delete(`${runId}\u0000${approvalId}`);
    return ok(null);
  }

  #decided(runId: string, approvalId: string, decision: { approved: boolean; reason?: string | undefined }, decidedAt: number): void {
    const record = this.#inbox.decide(runId, approvalId, decision, decidedAt);
    if (record) this.#emit({ type: "approval-decided", record });
  }

  // ── Editor and events ───────────────────────────────────────────────────────────────────────

  async openInEditor(request: RequestOf<"openInEditor">): Promise<Result<null>> {
    const folder = this.#snapshot?.folder;
    if (!folder) return fail("STUDIO_NO_PROJECT", "june studio: no folder is open, so there is no project file to open in the editor.");
    try {
      return await openInEditor({ ...request, folder, env: this.#env });
    } catch (error) {
      return failFromError(error, `june studio: opening ${request.file} in the editor failed`);
    }
  }

  /**
   * The service's own answer is where the stream stands; a host (see connectClient) starts the
   * window's delivery from `afterSeq` with `listen`, which is what makes subscribe per window.
   */
  async subscribe(_request: RequestOf<"subscribe">): Promise<Result<{ lastSeq: number }>> {
    return ok({ lastSeq: this.#events.lastSeq });
  }

  #emit(event: StudioEventInput): StudioEvent {
    return this.#events.append(event);
  }

  /**
   * Stops watching, aborts every live run and waits for them to end. Their records are detached
   * first, so on disk they stay "interrupted" (resumable), not "aborted".
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#live?.close();
    const running = [...this.#runs.values()].filter((live) => live.running && live.handle);
    // What has streamed so far goes into the records before they are detached.
    this.#coalescer?.flush();
    for (const live of running) this.#records.get(live.id)?.detach();
    for (const live of running) live.handle!.abort("the studio is closing");
    await Promise.all(running.map((live) => live.handle!.result.catch(() => undefined)));
  }
}

function sameProject(snapshot: ProjectSnapshot | null, project: Project): boolean {
  if (!snapshot) return false;
  const { loadedAt: _, ...before } = snapshot;
  const { loadedAt: __, ...after } = projectSnapshot(project, 0);
  return jsonText(before) === jsonText(after);
}

interface FoundRun {
  summary: RunSummary;
  /** Where its files are (undefined: not recorded). */
  runsFolder: string | undefined;
  events(): Result<TraceEvent[]>;
}

function unknownRun<T>(runId: string): Result<T> {
  return fail("STUDIO_UNKNOWN_RUN", `june studio: there is no run "${runId}" in this session or in the open project's runs folder; listRuns shows them all.`);
}

function noProject<T>(): Result<T> {
  return fail("STUDIO_NO_PROJECT", "june studio: no folder is open; open a project folder before starting a run.");
}

function closed<T>(): Result<T> {
  return fail("STUDIO_CLOSED", "june studio: the studio is shutting down.");
}
