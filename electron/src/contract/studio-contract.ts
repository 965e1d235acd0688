// The one contract between June Studio's renderer and the hosts that run the StudioService
// (Electron IPC and the web host's WebSocket): every request, response and event, as zod schemas
// and the types inferred from them. Both sides import this file; it imports nothing at run time
// but zod (engine types are `import type`, erased before anything runs).
import { z } from "zod";
import type { ApprovalRequest, TraceEvent, TraceNode, Usage } from "june";

export type { ApprovalRequest, TraceEvent, TraceNode, Usage };

/** Every IPC channel is `studio:<method>`; events arrive on `studio:events`. */
export const CHANNEL_PREFIX = "studio:";
export const EVENTS_CHANNEL = "studio:events";

// ── Errors cross as data, never as throws ─────────────────────────────────────────────────────

export const studioError = z.object({ code: z.string(), message: z.string() });
export type StudioError = z.infer<typeof studioError>;
export type Result<T> = { ok: true; value: T } | { ok: false; error: StudioError };

// ── Data ──────────────────────────────────────────────────────────────────────────────────────

export interface Problem {
  severity: "error" | "warning";
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  entryId?: string;
}

export interface ProjectEntry {
  /** `workflow:<path>` or `markdown:<name>`. */
  id: string;
  kind: "workflow" | "markdown";
  name: string;
  file: string;
  description?: string;
  models: string[];
  tools: string[];
  /** What inspect() drew; agents carry `capabilities`, `tools` (with approval provenance), `source`. */
  tree?: TraceNode;
}

export interface ProjectSnapshot {
  folder: string;
  configFile?: string;
  entries: ProjectEntry[];
  problems: Problem[];
  /** Epoch ms of the load this snapshot comes from. */
  loadedAt: number;
}

export type RunStatus = "running" | "succeeded" | "failed" | "aborted";

export interface RunSummary {
  runId: string;
  entryId: string;
  /** The entry's name when the run started. */
  name: string;
  status: RunStatus;
  input: unknown;
  startedAt: number;
  endedAt?: number;
  usage: Usage;
  error?: StudioError;
}

/** A pending approval, with the run it belongs to. */
export type PendingApproval = ApprovalRequest & { runId: string; entryName: string; requestedAt: number };

/** A decision in the approval history. */
export interface ApprovalRecord {
  runId: string;
  entryName: string;
  approvalId: string;
  toolName: string;
  input: unknown;
  agentPath: string[];
  step: string;
  approved: boolean;
  reason?: string;
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
  | { seq: number; type: "approval-decided"; record: ApprovalRecord };

/** What a host sends: events batched (per animation frame), in seq order. */
export interface EventBatch {
  events: StudioEvent[];
}

// ── Requests (renderer → host), validated by the host before the service sees them ───────────

const id = z.string().min(1).max(200);

export const requests = {
  /** Opens a folder; without `folder`, Electron asks with a dialog (the web host refuses). */
  openFolder: z.strictObject({ folder: z.string().min(1).max(4096).optional() }),
  getProject: z.strictObject({}),
  startRun: z.strictObject({ entryId: id, input: z.unknown().optional() }),
  approve: z.strictObject({ runId: id, approvalId: id }),
  deny: z.strictObject({ runId: id, approvalId: id, reason: z.string().max(2000).optional() }),
  abortRun: z.strictObject({ runId: id, reason: z.string().max(2000).optional() }),
  listRuns: z.strictObject({}),
  getRunEvents: z.strictObject({ runId: id }),
  pendingApprovals: z.strictObject({}),
  approvalHistory: z.strictObject({}),
  openInEditor: z.strictObject({ file: z.string().min(1).max(4096), line: z.number().int().positive().optional(), column: z.number().int().positive().optional() }),
  /** Starts (or restarts) the event stream after `afterSeq`; events before it are not resent. */
  subscribe: z.strictObject({ afterSeq: z.number().int().min(0) }),
} as const;

export type StudioMethod = keyof typeof requests;
export type RequestOf<M extends StudioMethod> = z.infer<(typeof requests)[M]>;

/** What each method answers with (inside Result). */
export interface ResponseMap {
  openFolder: ProjectSnapshot;
  getProject: ProjectSnapshot | null;
  startRun: { runId: string };
  approve: null;
  deny: null;
  abortRun: null;
  listRuns: RunSummary[];
  getRunEvents: TraceEvent[];
  pendingApprovals: PendingApproval[];
  approvalHistory: ApprovalRecord[];
  openInEditor: null;
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
