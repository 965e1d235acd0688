// The StudioService: everything June Studio does, with no Electron in it, behind StudioApi. It is
// a facade over the parts that each keep one concern: the open folder (studio-project.ts), the
// runs of this session (run-registry.ts), the approvals they ask (approval-desk.ts), the history
// of runs recorded on disk (history.ts), and the one ordered event stream (event-log.ts) that
// hosts (Electron IPC, the web host's WebSocket) deliver to windows. The facade wires them and
// holds what spans them: whether the studio is closing.
import type { McpCatalog, McpPromptResult, McpResourceContent, McpServerInfo, TraceEvent } from "june";
import type { ApprovalRecord, Breakpoint, ModelExchangeReply, PendingApproval, ProjectSnapshot, RequestOf, Result, RunExport, RunSummary, SourceFile, StudioApi } from "../contract/index.ts";
import { ApprovalDesk } from "./approval-desk.ts";
import { StudioEventLog, type EventListener, type StudioEventInput } from "./event-log.ts";
import { StudioHistory, type RerunCheck } from "./history.ts";
import { logOnce } from "./log-once.ts";
import { getMcpPrompt, listMcpServers, mcpCatalog, readMcpResource } from "./mcp-browser.ts";
import { modelExchangeOf } from "./model-exchanges.ts";
import type { EncodedJson } from "./plain-json.ts";
import { closed, noProject, unknownRun } from "./refusals.ts";
import { fail, failFromError, ok } from "./results.ts";
import { forkPlan, replayPlan, resumePlan } from "./rerun-plan.ts";
import { RunRegistry } from "./run-registry.ts";
import { readSourceFile } from "./source-file.ts";
import { StudioProject } from "./studio-project.ts";
import type { FolderTrust } from "./trust/index.ts";
import type { ClaudeOptIns } from "./studio-project.ts";

export interface StudioServiceOptions {
  /** Where JUNE_EDITOR, VISUAL, EDITOR and PATH come from for "open in editor"; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The host's console: run warnings (a tool the policy withheld) and listener failures. Default console.warn. */
  log?: (message: string) => void;
  /** Clock for timestamps; default Date.now. */
  now?: () => number;
  /**
   * Keeps every event of the session in memory (the whole log, each run's events beside its record
   * and its engine handle), as the studio did before it let go of them. Only the memory
   * benchmark's baseline sets it.
   */
  retainEvents?: boolean;
  /**
   * How many of the newest events the log keeps for a window catching up (older ones are let go:
   * a window from before them gets a snapshot); default KEPT_EVENTS. Tests make it small.
   */
  keptEvents?: number;
  /**
   * Coalesces each run's consecutive text deltas per frame before they are recorded, kept or sent
   * (june's DeltaCoalescer); default true. Only the load benchmark's baseline turns it off.
   */
  coalesceDeltas?: boolean;
  /**
   * Keeps each model call's raw provider request and response bodies beside its run's record, for
   * getModelExchange (capped per body and per run); default true. Off, no body is taken or sent.
   */
  keepModelExchanges?: boolean;
  /**
   * Folder trust: a folder it doesn't trust opens in restricted mode (no workflow, config or tool
   * code runs, no run starts) until trustFolder. Without one every folder is trusted: the program
   * that made the service chose the folder (the hosts, `june studio`, pass a TrustStore).
   */
  trust?: FolderTrust;
  /**
   * What the user opted into for Claude Code projects: their own agents folder
   * (`~/.claude/agents`, `--user-agents`) loaded beside every project's, and honouring agents'
   * `bypassPermissions` mode (`--allow-bypass-permissions`). Neither is ever a folder's choice.
   */
  claude?: ClaudeOptIns;
}

/** What the service holds in memory, counted: a long session must keep these bounded. */
export interface RetainedCounts {
  /** Events the log keeps (those since it was last trimmed). */
  loggedEvents: number;
  /** Trace events the session's runs keep in memory (those their records lack), summed over the runs. */
  runEvents: number;
  /** Engine run handles kept (a live run has one; an ended run lets go of it). */
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
  readonly #events: StudioEventLog;
  readonly #project: StudioProject;
  readonly #runs: RunRegistry;
  readonly #desk: ApprovalDesk;
  readonly #history: StudioHistory;
  #closed = false;

  constructor(options: StudioServiceOptions = {}) {
    const log = options.log ?? ((message: string) => console.warn(message));
    const now = options.now ?? Date.now;
    // Once per service: listing runs again, or another window's snapshot, must not repeat a problem.
    const report = logOnce(log);
    const emit = (event: StudioEventInput) => void this.#events.append(event);
    const isClosed = () => this.#closed;
    this.#events = new StudioEventLog({
      // The baseline keeping everything keeps the whole log too.
      ...(options.retainEvents ? { keep: Infinity } : options.keptEvents !== undefined ? { keep: options.keptEvents } : {}),
      onListenerError: (error) => log(`june studio: an event listener failed: ${error instanceof Error ? error.message : String(error)}`),
      traceOf: (runId) => {
        const live = this.#runs.get(runId);
        if (!live) return [];
        const events = this.#runs.eventsOf(live);
        if (events.ok) return events.value;
        report(`june studio: a window's snapshot has no trace for run ${runId}: ${events.error.message}`);
        return [];
      },
      shown: (runId) => this.#shown(runId),
    });
    this.#desk = new ApprovalDesk({ emit, log });
    this.#runs = new RunRegistry({
      emit,
      trimLog: () => this.#events.trim(),
      watcher: this.#desk,
      log,
      now,
      retainEvents: options.retainEvents ?? false,
      coalesceDeltas: options.coalesceDeltas ?? true,
      closing: isClosed,
      keepExchanges: options.keepModelExchanges ?? true,
    });
    this.#project = new StudioProject({
      emit,
      now,
      env: options.env ?? process.env,
      trust: options.trust,
      ...(options.claude ? { claude: options.claude } : {}),
      closed: isClosed,
      opened: (project) => {
        this.#desk.projectOpened(project.runsFolder, (runId) => this.#runs.has(runId));
        this.#runs.projectOpened(project.folder);
      },
    });
    this.#history = new StudioHistory({ runs: this.#runs, project: () => this.#project.project, emit, log, report });
  }

  /** What the service holds in memory now, counted (the bounded-session test and the memory benchmark read it). */
  retained(): RetainedCounts {
    return { loggedEvents: this.#events.retained, ...this.#runs.counts() };
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
    return this.#project.open(request);
  }

  async getProject(_request: RequestOf<"getProject">): Promise<Result<ProjectSnapshot | null>> {
    return ok(this.#project.snapshot);
  }

  /** Trusts the open folder (it must be the one named) and opens it again, its code loaded. */
  async trustFolder(request: RequestOf<"trustFolder">): Promise<Result<ProjectSnapshot>> {
    return this.#project.trust(request);
  }

  async openInEditor(request: RequestOf<"openInEditor">): Promise<Result<null>> {
    return this.#project.openInEditor(request);
  }

  /** A file of the open project for the Source panel (source-file.ts says what is refused, and why). */
  async readSource(request: RequestOf<"readSource">): Promise<Result<SourceFile>> {
    const folder = this.#project.snapshot?.folder;
    if (!folder) return fail("STUDIO_NO_PROJECT", `june studio: no folder is open, so there is no project file ${request.file} to show.`);
    try {
      return await readSourceFile({ file: request.file, folder, runsFolder: this.#project.project?.runsFolder });
    } catch (error) {
      return failFromError(error, `june studio: reading ${request.file} failed`);
    }
  }

  // ── Runs ────────────────────────────────────────────────────────────────────────────────────

  async startRun(request: RequestOf<"startRun">): Promise<Result<{ runId: string }>> {
    if (this.#closed) return closed();
    const project = this.#project.project;
    if (!project) return noProject();
    const entry = project.entries.find((e) => e.id === request.entryId);
    if (!entry) {
      return fail("STUDIO_UNKNOWN_ENTRY", `june studio: ${project.folder} has no agent "${request.entryId}"; it has ${project.entries.map((e) => e.id).join(", ") || "none"}.`);
    }
    return this.#runs.launch(project, entry, request.input, { paused: request.paused });
  }

  async abortRun(request: RequestOf<"abortRun">): Promise<Result<null>> {
    return this.#runs.abort(request.runId, request.reason);
  }

  async listRuns(_request: RequestOf<"listRuns">): Promise<Result<RunSummary[]>> {
    return ok(await this.#history.list());
  }

  async getRunEvents(request: RequestOf<"getRunEvents">): Promise<Result<TraceEvent[]>> {
    return this.#history.events(request.runId);
  }

  /**
   * getRunEvents for a window: the same events as JSON text, which a host sends as it is (a
   * record's lines need no parse and no encode on their way to a page). Hosts answer
   * getRunEvents with this (studio-client.ts).
   */
  async getRunEventsJson(request: RequestOf<"getRunEvents">): Promise<Result<EncodedJson<TraceEvent[]>>> {
    return this.#history.eventsJson(request.runId);
  }

  /** A model call's raw provider bodies, read from beside the run's record when a window asks (model-exchanges.ts). */
  async getModelExchange(request: RequestOf<"getModelExchange">): Promise<Result<ModelExchangeReply>> {
    return modelExchangeOf(this.#history, request);
  }

  async deleteRun(request: RequestOf<"deleteRun">): Promise<Result<null>> {
    return this.#history.delete(request.runId);
  }

  async exportRun(request: RequestOf<"exportRun">): Promise<Result<RunExport>> {
    return this.#history.export(request.runId);
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

  /** A run of this session is stepped; one only recorded is told apart from one nobody has. */
  async #control(runId: string, verb: string, act: Parameters<RunRegistry["control"]>[2]): Promise<Result<null>> {
    const done = this.#runs.control(runId, verb, act);
    if (done) return done;
    const recorded = await this.#history.find(runId);
    if (!recorded) return unknownRun(runId);
    return fail("STUDIO_RUN_ENDED", `june studio: run ${runId} is a recorded run (${recorded.summary.status}), not one running in this studio; there is nothing to ${verb}.`);
  }

  /** Sets the open project's breakpoints (each project keeps its own; before any is open, they wait for the first). */
  async setBreakpoints(request: RequestOf<"setBreakpoints">): Promise<Result<null>> {
    this.#runs.setBreakpoints(this.#openFolder(), request.breakpoints);
    return ok(null);
  }

  async getBreakpoints(_request: RequestOf<"getBreakpoints">): Promise<Result<Breakpoint[]>> {
    return ok(this.#runs.breakpoints(this.#openFolder()));
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

  /** Starts a new run of a recorded run's workflow, from what the history says it starts from. */
  async #rerun(runId: string, check: RerunCheck, how: { kind: "replay" | "fork" | "resume"; nodeId?: string; paused?: boolean | undefined }): Promise<Result<{ runId: string }>> {
    if (this.#closed) return closed();
    const project = this.#project.project;
    if (!project) return noProject();
    const inputs = await this.#history.rerunInputs(project, runId, check, how.kind, how.nodeId);
    if (!inputs.ok) return inputs;
    const { found, entry, input, plan, origin } = inputs.value;
    const launched = this.#runs.launch(project, entry, input, { paused: how.paused, replay: plan, origin });
    if (launched.ok && how.kind === "resume") this.#history.noteResumed(found, launched.value.runId);
    return launched;
  }

  // ── Approvals ───────────────────────────────────────────────────────────────────────────────

  async approve(request: RequestOf<"approve">): Promise<Result<null>> {
    return this.#desk.decide(this.#runs.get(request.runId), request.runId, request.approvalId, { approved: true, content: request.content });
  }

  async deny(request: RequestOf<"deny">): Promise<Result<null>> {
    return this.#desk.decide(this.#runs.get(request.runId), request.runId, request.approvalId, { approved: false, reason: request.reason, cancel: request.cancel });
  }

  // ── MCP servers, outside any run ─────────────────────────────────────────────────────────────

  async listMcpServers(_request: RequestOf<"listMcpServers">): Promise<Result<McpServerInfo[]>> {
    const project = this.#project.project;
    return project ? listMcpServers(project) : ok([]);
  }

  async mcpCatalog(request: RequestOf<"mcpCatalog">): Promise<Result<McpCatalog>> {
    const project = this.#project.project;
    return project ? mcpCatalog(project, request.server) : noProject();
  }

  async readMcpResource(request: RequestOf<"readMcpResource">): Promise<Result<McpResourceContent[]>> {
    const project = this.#project.project;
    return project ? readMcpResource(project, request.server, request.uri) : noProject();
  }

  async getMcpPrompt(request: RequestOf<"getMcpPrompt">): Promise<Result<McpPromptResult>> {
    const project = this.#project.project;
    return project ? getMcpPrompt(project, request.server, request.name, request.arguments ?? {}) : noProject();
  }

  async pendingApprovals(_request: RequestOf<"pendingApprovals">): Promise<Result<PendingApproval[]>> {
    return ok(this.#desk.pending());
  }

  async approvalHistory(_request: RequestOf<"approvalHistory">): Promise<Result<ApprovalRecord[]>> {
    return ok(await this.#desk.history((runId) => this.#shown(runId)));
  }

  /** The folder whose runs, history and breakpoints windows see: the open project's ("" before any). */
  #openFolder(): string {
    return this.#project.snapshot?.folder ?? "";
  }

  /** Whether a run is shown with the open project: one of its session runs, or one the session didn't start (recorded there). */
  #shown(runId: string): boolean {
    const folder = this.#runs.folderOf(runId);
    return folder === undefined || folder === this.#openFolder();
  }

  // ── Events ──────────────────────────────────────────────────────────────────────────────────

  /**
   * The service's own answer is where the stream stands; a host (see connectClient) starts the
   * window's delivery from `afterSeq` with `listen`, which is what makes subscribe per window.
   */
  async subscribe(_request: RequestOf<"subscribe">): Promise<Result<{ lastSeq: number }>> {
    return ok({ lastSeq: this.#events.lastSeq });
  }

  /**
   * Stops watching, aborts every live run and waits for them to end. Their records are detached
   * first, so on disk they stay "interrupted" (resumable), not "aborted".
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#project.close();
    await this.#runs.close();
  }
}
