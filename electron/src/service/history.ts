// The studio's history of runs: this session's (the registry's) and those recorded in the open
// project's runs folder (run-history.ts reads them), as one list; a run's events, deleting one,
// exporting one, and what running a recorded run again (replay, fork, resume) starts from. A run
// of this session is told by the registry, never by its record, while the service knows it.
import type { TraceEvent } from "june";
import type { Project, ProjectEntry, ReplaySpec } from "june/project";
import type { Result, RunExport, RunOrigin, RunSummary } from "../contract/index.ts";
import type { StudioEventInput } from "./event-log.ts";
import { unknownRun } from "./refusals.ts";
import { fail, failFromError, ok } from "./results.ts";
import type { EncodedJson } from "./plain-json.ts";
import { deleteRecordedRun, isRecordId, listRecordedRuns, newestFirst, readRecordedEvents, readRecordedEventsJson, readRecordedRun, type HistoryContext } from "./run-history.ts";
import { writeRunMeta } from "./run-record.ts";
import type { PlanMaker } from "./rerun-plan.ts";
import type { RunRegistry } from "./run-registry.ts";

export interface StudioHistoryOptions {
  runs: RunRegistry;
  /** The open project, if any: whose runs folder holds the recorded runs. */
  project(): Project | undefined;
  emit(event: StudioEventInput): void;
  log(message: string): void;
  /** Logs a problem once (listing runs again must not repeat it). */
  report(message: string): void;
}

/** A run found in the history: its summary, where its files are, and its events. */
export interface FoundRun {
  summary: RunSummary;
  /** Where its files are (undefined: not recorded). */
  runsFolder: string | undefined;
  events(): Result<TraceEvent[]>;
  /** The same events as JSON text, for a window. */
  eventsJson(): Result<EncodedJson<TraceEvent[]>>;
}

/** What running a recorded run again starts from: the entry, the input and the replay plan. */
export interface RerunInputs {
  found: FoundRun;
  entry: ProjectEntry;
  input: unknown;
  plan: ReplaySpec;
  origin: RunOrigin;
}

/** Whether a recorded run qualifies for a replay, fork or resume, and how its plan is made (rerun-plan.ts). */
export type RerunCheck = (recorded: RunSummary, events: TraceEvent[], project: Project) => Result<PlanMaker>;

export class StudioHistory {
  readonly #options: StudioHistoryOptions;

  constructor(options: StudioHistoryOptions) {
    this.#options = options;
  }

  /**
   * The open project's runs, this session's and the recorded ones, newest first; a session run is
   * listed as the session knows it. Another project's runs of this session are its own: they are
   * listed when it is open again (a live one goes on meanwhile, its approvals in the one inbox).
   */
  async list(): Promise<RunSummary[]> {
    const open = this.#options.project();
    const session = open ? this.#options.runs.summaries(open.folder) : [];
    const mine = new Set(this.#options.runs.summaries().map((r) => r.runId));
    const folder = open?.runsFolder;
    let recorded: RunSummary[] = [];
    if (folder) {
      try {
        recorded = await listRecordedRuns(folder, this.#context());
      } catch (error) {
        this.#options.report(`june studio: the runs recorded in ${folder} can't be listed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return newestFirst([...session, ...recorded.filter((r) => !mine.has(r.runId))]);
  }

  /** A run of this session, or one recorded in the open project's runs folder. */
  async find(runId: string): Promise<FoundRun | undefined> {
    const { runs } = this.#options;
    const live = runs.get(runId);
    if (live) return { summary: live.summary(), runsFolder: live.runsFolder, events: () => runs.eventsOf(live), eventsJson: () => runs.eventsJsonOf(live) };
    const folder = this.#options.project()?.runsFolder;
    if (!folder || !isRecordId(runId)) return undefined;
    const summary = await readRecordedRun(folder, runId, this.#context());
    return summary && { summary, runsFolder: folder, events: () => readRecordedEvents(folder, runId), eventsJson: () => readRecordedEventsJson(folder, runId) };
  }

  async events(runId: string): Promise<Result<TraceEvent[]>> {
    const found = await this.find(runId);
    return found ? found.events() : unknownRun(runId);
  }

  /** A run's events as JSON text, for a window (a record is sent as its lines are). */
  async eventsJson(runId: string): Promise<Result<EncodedJson<TraceEvent[]>>> {
    const found = await this.find(runId);
    return found ? found.eventsJson() : unknownRun(runId);
  }

  /** Deletes a run that is not running: its files, and the session's knowledge of it. */
  async delete(runId: string): Promise<Result<null>> {
    const found = await this.find(runId);
    if (!found) return unknownRun(runId);
    const { runs } = this.#options;
    if (found.summary.status === "running") {
      const where = runs.has(runId) ? "stop it first (abortRun)" : "another process is running it (its meta file names the pid); stop it there";
      return fail("STUDIO_RUN_RUNNING", `june studio: run ${runId} is still running; ${where}, then delete it.`);
    }
    if (found.runsFolder) {
      try {
        await deleteRecordedRun(found.runsFolder, runId);
      } catch (error) {
        return failFromError(error, `june studio: deleting run ${runId} from ${found.runsFolder} failed`);
      }
    }
    runs.forget(runId);
    this.#options.emit({ type: "run-deleted", runId });
    return ok(null);
  }

  async export(runId: string): Promise<Result<RunExport>> {
    const found = await this.find(runId);
    if (!found) return unknownRun(runId);
    const events = found.events();
    if (!events.ok) return events;
    return ok({ format: "june-run", version: 1, run: found.summary, events: events.value });
  }

  /**
   * What a new run of recorded run `runId`'s workflow starts from, in `project`: its entry (which
   * must still be there), its input, and the plan `check` makes when the run qualifies.
   */
  async rerunInputs(project: Project, runId: string, check: RerunCheck, kind: RunOrigin["kind"], nodeId?: string): Promise<Result<RerunInputs>> {
    const found = await this.find(runId);
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
          `restore the workflow to ${kind} the run.`,
      );
    }
    let plan: ReplaySpec;
    try {
      plan = checked.value(events.value);
    } catch (error) {
      return failFromError(error, `june studio: can't ${kind} run ${runId}`);
    }
    const origin: RunOrigin = { kind, runId, ...(nodeId !== undefined ? { nodeId } : {}) };
    const input = found.summary.input === null ? undefined : found.summary.input;
    return ok({ found, entry, input, plan, origin });
  }

  /** An interrupted run is resumed once: its record says by which run, so the history shows where it went on. */
  noteResumed(found: FoundRun, byRunId: string): void {
    if (!found.runsFolder) return;
    try {
      const resumed = { ...found.summary, resumedBy: byRunId };
      writeRunMeta(found.runsFolder, resumed, undefined);
      // Windows update the interrupted run's summary (it now says where it went on).
      this.#options.emit({ type: "run-ended", run: resumed });
    } catch (error) {
      this.#options.log(`june studio: couldn't note on run ${found.summary.runId} that ${byRunId} resumed it: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  #context(): HistoryContext {
    return {
      isLiveHere: (runId) => this.#options.runs.get(runId)?.running === true,
      entryIdOf: (name) => {
        const matches = this.#options.project()?.entries.filter((e) => e.name === name) ?? [];
        return matches.length === 1 ? matches[0]!.id : undefined;
      },
      log: (message) => this.#options.report(message),
    };
  }
}
