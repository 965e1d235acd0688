// The one contract between June Studio's renderer and the hosts that run the StudioService
// (Electron IPC and the web host's WebSocket): every request, response and event, as zod schemas
// and the types inferred from them. Both sides import this file; it imports nothing at run time
// but zod (engine types are `import type`, erased before anything runs). What the engine defines
// (a project's entries and problems, the trace) is named here by its engine type, never copied:
// the renderer resolves "june" to the engine's browser-safe entries (renderer/src/contract/june-types.ts).
import { z } from "zod";
import type {
  ApprovalRequest,
  Breakpoint,
  Cost,
  ElicitValue,
  McpCatalog,
  McpPromptResult,
  McpResourceContent,
  McpServerInfo,
  Problem,
  ProjectEntry,
  RecordedBody,
  RecordedExchange,
  SandboxStatus,
  ServerAsk,
  StopInfo,
  TraceEvent,
  TraceNode,
  Usage,
} from "june";

export type { ApprovalRequest, Breakpoint, Cost, ElicitValue, McpCatalog, McpPromptResult, McpResourceContent, McpServerInfo, Problem, ProjectEntry, ServerAsk, StopInfo, TraceEvent, TraceNode, Usage };
export type { RecordedBody, RecordedExchange };

/** Every IPC channel is `studio:<method>`; events arrive on `studio:events`. */
export const CHANNEL_PREFIX = "studio:";
export const EVENTS_CHANNEL = "studio:events";

// ── Errors cross as data, never as throws ─────────────────────────────────────────────────────

export const studioError = z.object({ code: z.string(), message: z.string() });
export type StudioError = z.infer<typeof studioError>;
export type Result<T> = { ok: true; value: T } | { ok: false; error: StudioError };

// ── Data ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Whether the project's tools that run programs (Bash) run in a sandbox on this machine: the
 * engine's SandboxStatus without the binary's path (a window has no use for it).
 */
export type SandboxReport = Omit<SandboxStatus, "bwrap">;

export interface ProjectSnapshot {
  folder: string;
  configFile?: string;
  entries: ProjectEntry[];
  problems: Problem[];
  /** The sandbox its Bash tools run in (absent from a host that predates it). */
  sandbox?: SandboxReport;
  /**
   * Folder trust (VS Code's Workspace Trust). `restricted`: the folder is not trusted, so none of
   * its code ran — workflows are listed by file name without being imported, june.config.* is
   * only parsed, markdown agents load without the config — and runs are refused until
   * `trustFolder`. Absent from a host without folder trust: trusted.
   */
  trust?: "trusted" | "restricted";
  /** Epoch ms of the load this snapshot comes from. */
  loadedAt: number;
}

// A run as the studio describes it. Its schema is its one definition: the type is inferred from
// it, and the service reads the meta files it records runs in with it (run-history.ts).

/** `interrupted`: the process running it died (or the studio closed) before it ended; it can be resumed. */
const runStatus = z.enum(["running", "succeeded", "failed", "aborted", "interrupted"]);
export type RunStatus = z.infer<typeof runStatus>;

/** Where a run's recorded answers came from: it replays, forks or resumes another run. */
const runOrigin = z.object({
  kind: z.enum(["replay", "fork", "resume"]),
  runId: z.string(),
  /** fork: the model-call node it forked from. */
  nodeId: z.string().optional(),
});
export type RunOrigin = z.infer<typeof runOrigin>;

// Typed as the engine's Usage and Cost, so the summary's type is theirs and a schema missing one
// of their fields does not compile. (Their schemas belong beside them in the engine's trace/.)
const usage: z.ZodType<Usage> = z.object({
  inputTokens: z.number(),
  outputTokens: z.number(),
  reasoningTokens: z.number(),
  cachedInputTokens: z.number(),
  totalTokens: z.number(),
});
const cost: z.ZodType<Cost> = z.object({ usd: z.number(), unpricedCalls: z.number() });

/** A RunSummary as a record keeps it: everything but `stopped`, which only a live run has. */
export const runSummary = z.object({
  runId: z.string(),
  entryId: z.string(),
  /** The entry's name when the run started. */
  name: z.string(),
  status: runStatus,
  input: z.unknown(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  /**
   * What this run spent. Calls answered from a record (replay, fork, resume) are in its trace
   * (with the recorded usage) but not here: they cost nothing this time.
   */
  usage,
  /** Dollars by the price table; `unpricedCalls` counts calls of models without a price. Spent, like `usage`. */
  cost,
  error: studioError.optional(),
  origin: runOrigin.optional(),
  /** An interrupted run that was resumed: the run that took it over (resume that one if it stops too). */
  resumedBy: z.string().optional(),
});

export type RunSummary = z.infer<typeof runSummary> & {
  /** Where a live run is stopped (stepping, a breakpoint); absent while it runs on. */
  stopped?: StopInfo;
};

/** A run as `exportRun` hands it out: a self-contained JSON document. */
export interface RunExport {
  format: "june-run";
  version: 1;
  run: RunSummary;
  events: TraceEvent[];
}

// A model call's raw provider bodies, as a run's record keeps them beside its events (never in
// them: a request body holds the whole prompt): each body cut at 256 KiB, a run's within 8 MiB,
// credentials redacted (the engine's ExchangeRecorder). The schema reads a record's lines back.
const recordedBody: z.ZodType<RecordedBody> = z.union([
  z.strictObject({ format: z.enum(["json", "text"]), text: z.string(), length: z.number().int().nonnegative(), truncated: z.literal(true).optional() }),
  z.strictObject({ omitted: z.enum(["budget", "unserializable"]) }),
]) as z.ZodType<RecordedBody>;
export const recordedExchange: z.ZodType<RecordedExchange> = z.strictObject({
  nodeId: z.string(),
  request: recordedBody.optional(),
  response: recordedBody.optional(),
  streamed: z.literal(true).optional(),
  failed: z.literal(true).optional(),
  url: z.string().optional(),
}) as z.ZodType<RecordedExchange>;

/**
 * What `getModelExchange` answers: the call's raw request and response bodies, or why there are
 * none (the run was not recorded on disk, it kept none, or the call was answered from a record).
 */
export type ModelExchangeReply = { recorded: true; exchange: RecordedExchange } | { recorded: false; reason: string };

/** The languages the Source panel highlights (Shiki's names); `text` is shown as it is. */
export type SourceLanguage = "tsx" | "typescript" | "jsx" | "javascript" | "json" | "markdown" | "yaml" | "shellscript" | "text";

/** A project file as `readSource` hands it to the Source panel. */
export interface SourceFile {
  /** The file as asked for, made absolute (what `openInEditor` takes). */
  file: string;
  /** Its path inside the project folder, `/`-separated (`flows/release.tsx`). */
  relativePath: string;
  /** UTF-8 text, at most 1 MiB of it (cut at a line's end). */
  text: string;
  language: SourceLanguage;
  /** The file is longer than `text`: it was cut at 1 MiB. */
  truncated: boolean;
  /** The whole file's size in bytes. */
  size: number;
}

/** A pending approval, with the run it belongs to. */
export type PendingApproval = ApprovalRequest & { runId: string; entryName: string; requestedAt: number };

/** A decision in the approval history: what was asked (the engine's request's fields), and the answer. */
export interface ApprovalRecord extends Pick<ApprovalRequest, "approvalId" | "toolName" | "input" | "agentPath" | "step" | "ask"> {
  runId: string;
  entryName: string;
  approved: boolean;
  reason?: string;
  /** An elicitation's answers, when submitted. */
  content?: Record<string, ElicitValue>;
  /** An elicitation dismissed without an answer. */
  cancelled?: true;
  decidedAt: number;
}

// ── Events: one ordered stream; `seq` is global to the service ───────────────────────────────

export type StudioEvent =
  | { seq: number; type: "project"; project: ProjectSnapshot }
  | { seq: number; type: "project-loading"; folder: string }
  | { seq: number; type: "run-started"; run: RunSummary }
  | { seq: number; type: "run-ended"; run: RunSummary }
  | { seq: number; type: "trace"; runId: string; event: TraceEvent }
  | { seq: number; type: "approval-requested"; approval: PendingApproval }
  | { seq: number; type: "approval-decided"; record: ApprovalRecord }
  /** The studio's breakpoints changed (they apply to every run, live and new). */
  | { seq: number; type: "breakpoints"; breakpoints: Breakpoint[] }
  /** A run left the history (deleted from disk). */
  | { seq: number; type: "run-deleted"; runId: string }
  /**
   * Stands for every event in (afterSeq, seq], which the service no longer keeps: the first thing
   * a subscription from a trimmed seq gets, followed by seq+1, seq+2, … A receiver at a seq below
   * afterSeq must not apply it (it lacks what came between).
   */
  | { seq: number; type: "snapshot"; afterSeq: number; snapshot: StudioSnapshot };

/** One run as a snapshot carries it: its latest summary and the trace events that rebuild its trace. */
export interface RunSnapshot {
  run: RunSummary;
  /**
   * A running run's trace events in seq order, compacted: the text and reasoning deltas of a node
   * whose node-end carries its output are left out (that output holds their text), so seqs may
   * skip. Every event kept is one the run emitted. None for a run that has ended (a window that
   * shows it asks getRunEvents: a late window never receives whole traces it may not show) or one
   * of an earlier session the stream only mentioned.
   */
  trace: TraceEvent[];
}

/**
 * What the events in (afterSeq, seq] of a `snapshot` event add up to. The service lets go of its
 * events when a run ends; a window subscribing from an earlier seq gets this instead of them.
 * A field that is absent did not change in that range.
 */
export interface StudioSnapshot {
  /** The newest project snapshot, when a "project" event is in the range. */
  project?: ProjectSnapshot;
  /** The folder being loaded, when a "project-loading" came after the newest project. */
  loadingFolder?: string;
  /** The studio's breakpoints, when they changed. */
  breakpoints?: Breakpoint[];
  /** Runs with events in the range, in the order the stream first named them. */
  runs: RunSnapshot[];
  /** Runs deleted in the range. */
  deletedRuns: string[];
  /** Every approval waiting now. */
  pending: PendingApproval[];
  /** Decisions made in the range, in the order they were made. */
  decided: ApprovalRecord[];
}

/** What a host sends: events batched (per animation frame), in seq order. */
export interface EventBatch {
  events: StudioEvent[];
}

// ── Requests (renderer → host), validated by the host before the service sees them ───────────

const id = z.string().min(1).max(200);
/** A value of an elicitation form (MCP: a string, number, boolean or list of strings). */
const elicitValue = z.union([z.string().max(100_000), z.number(), z.boolean(), z.array(z.string().max(10_000)).max(1000)]);
const name = z.string().min(1).max(500);
const breakpoint = z.union([
  z.strictObject({ kind: z.literal("step"), step: name }),
  z.strictObject({ kind: z.literal("tool"), tool: name }),
  z.strictObject({ kind: z.literal("agent"), agent: name }),
]);

export const requests = {
  /** Opens a folder; without `folder`, Electron asks with a dialog (the web host refuses). */
  openFolder: z.strictObject({ folder: z.string().min(1).max(4096).optional() }),
  getProject: z.strictObject({}),
  /** Trusts the open folder (remembered by its real path) and loads it again with its code: answers the trusted project. */
  trustFolder: z.strictObject({ folder: z.string().min(1).max(4096) }),
  /** `paused`: the run stops at its first boundary (before its first model call). */
  startRun: z.strictObject({ entryId: id, input: z.unknown().optional(), paused: z.boolean().optional() }),
  /** Stops the run at its next boundary. */
  pauseRun: z.strictObject({ runId: id }),
  /** Goes on from a stop to the next boundary (pauses a running run). */
  stepRun: z.strictObject({ runId: id }),
  /** Goes on from a stop to the next breakpoint. */
  continueRun: z.strictObject({ runId: id }),
  setBreakpoints: z.strictObject({ breakpoints: z.array(breakpoint).max(1000) }),
  getBreakpoints: z.strictObject({}),
  /** Runs a recorded run again with its recorded answers: no provider calls, the same trace. */
  replayRun: z.strictObject({ runId: id, paused: z.boolean().optional() }),
  /**
   * Re-runs a recorded run from its record up to the model call `nodeId`, then live from there:
   * with `model` (a model reference such as "openai:gpt-5-mini") and/or `prompt` (the call's
   * whole prompt, LanguageModelV4 messages) when given.
   */
  forkRun: z.strictObject({
    runId: id,
    nodeId: id,
    model: z.string().min(1).max(500).optional(),
    prompt: z.array(z.unknown()).max(10000).optional(),
    paused: z.boolean().optional(),
  }),
  /** Continues an interrupted run: replayed from its record to where it stopped, then live. */
  resumeRun: z.strictObject({ runId: id }),
  deleteRun: z.strictObject({ runId: id }),
  exportRun: z.strictObject({ runId: id }),
  /** `content`: an elicitation's answers (the form of its `ask`), checked against its schema by the engine. */
  approve: z.strictObject({ runId: id, approvalId: id, content: z.record(z.string().max(200), elicitValue).optional() }),
  /** `cancel`: an elicitation dismissed without an answer (MCP "cancel"); without it a denial is "decline". */
  deny: z.strictObject({ runId: id, approvalId: id, reason: z.string().max(2000).optional(), cancel: z.boolean().optional() }),
  abortRun: z.strictObject({ runId: id, reason: z.string().max(2000).optional() }),
  /** The runs of this session and every run recorded in the project's runs folder, newest first. */
  listRuns: z.strictObject({}),
  /** A live or recorded run's events. */
  getRunEvents: z.strictObject({ runId: id }),
  /** A model call's raw provider request and response bodies, read from the run's record when asked (never sent with events). */
  getModelExchange: z.strictObject({ runId: id, nodeId: id }),
  pendingApprovals: z.strictObject({}),
  approvalHistory: z.strictObject({}),
  /** The open project's MCP servers (june.config.ts's `mcp` and .mcp.json), without their env or headers. */
  listMcpServers: z.strictObject({}),
  /** What a server offers besides tools: resources, resource templates, prompts (it is started for this, then stopped). */
  mcpCatalog: z.strictObject({ server: name }),
  readMcpResource: z.strictObject({ server: name, uri: z.string().min(1).max(8192) }),
  getMcpPrompt: z.strictObject({ server: name, name, arguments: z.record(z.string().max(200), z.string().max(100_000)).optional() }),
  openInEditor: z.strictObject({ file: z.string().min(1).max(4096), line: z.number().int().positive().optional(), column: z.number().int().positive().optional() }),
  /**
   * A file of the open project, for display (the Source panel): a regular UTF-8 file inside the
   * folder (real paths), not a run record or an obvious secret, at most 1 MiB of it (`truncated`).
   */
  readSource: z.strictObject({ file: z.string().min(1).max(4096) }),
  /**
   * Starts (or restarts) the event stream after `afterSeq`; events before it are not resent. When
   * the service has let go of events after `afterSeq` (a run ended since), the stream starts with
   * one `snapshot` event standing for them.
   */
  subscribe: z.strictObject({ afterSeq: z.number().int().min(0) }),
} as const;

export type StudioMethod = keyof typeof requests;
export type RequestOf<M extends StudioMethod> = z.infer<(typeof requests)[M]>;

/** What each method answers with (inside Result). */
export interface ResponseMap {
  openFolder: ProjectSnapshot;
  getProject: ProjectSnapshot | null;
  trustFolder: ProjectSnapshot;
  startRun: { runId: string };
  pauseRun: null;
  stepRun: null;
  continueRun: null;
  setBreakpoints: null;
  getBreakpoints: Breakpoint[];
  replayRun: { runId: string };
  forkRun: { runId: string };
  resumeRun: { runId: string };
  deleteRun: null;
  exportRun: RunExport;
  approve: null;
  deny: null;
  abortRun: null;
  listRuns: RunSummary[];
  getRunEvents: TraceEvent[];
  getModelExchange: ModelExchangeReply;
  pendingApprovals: PendingApproval[];
  approvalHistory: ApprovalRecord[];
  listMcpServers: McpServerInfo[];
  mcpCatalog: McpCatalog;
  readMcpResource: McpResourceContent[];
  getMcpPrompt: McpPromptResult;
  openInEditor: null;
  readSource: SourceFile;
  subscribe: { lastSeq: number };
}

/**
 * The whole IPC surface: one method per operation. The service, the preload's `window.june`,
 * the main-side handlers, the WebSocket client and any test double `satisfies` it.
 */
export type StudioApi = {
  [M in StudioMethod]: (request: RequestOf<M>) => Promise<Result<ResponseMap[M]>>;
};

/** What the renderer holds: the API plus the event stream (Electron preload or WebSocket). */
export interface Bridge extends StudioApi {
  /** Calls `listener` with each batch of events after `afterSeq`; returns an unsubscribe. */
  onEvents(afterSeq: number, listener: (batch: EventBatch) => void): () => void;
  /** Which host this is, for the UI's wording ("Open folder" dialog vs a path box). */
  readonly host: "electron" | "web";
}

export const STUDIO_METHODS = Object.keys(requests) as StudioMethod[];

/** Parses a request for `method`; a bad one is an error result naming the field. */
export function parseRequest<M extends StudioMethod>(method: M, payload: unknown): Result<RequestOf<M>> {
  const parsed = requests[method].safeParse(payload ?? {});
  if (parsed.success) return { ok: true, value: parsed.data as RequestOf<M> };
  const issues = parsed.error.issues.map((i) => `${i.path.join(".") || "(request)"}: ${i.message}`).join("; ");
  return { ok: false, error: { code: "STUDIO_BAD_REQUEST", message: `studio: ${method} got a bad request: ${issues}` } };
}

export function isStudioMethod(value: unknown): value is StudioMethod {
  return typeof value === "string" && (STUDIO_METHODS as string[]).includes(value);
}

// ── The web host's wire format (one WebSocket) ───────────────────────────────────────────────

export const wireRequest = z.strictObject({ id: z.number().int().nonnegative(), method: z.string(), params: z.unknown().optional() });
export type WireRequest = z.infer<typeof wireRequest>;
export type WireMessage = { id: number; result: Result<unknown> } | { type: "events"; events: StudioEvent[] };
