// The one protocol between the host and a worker that runs a user's code: every message either
// side sends, as plain data (structured-cloned across the thread boundary). The host checks what a
// worker sends with `readWorkerMessage` (user code in the worker can reach `parentPort` too), so a
// stray message is dropped, never trusted.
import { z } from "zod";
import type { Breakpoint } from "../debug/index.ts";
import type { McpServerConfig } from "../mcp/index.ts";
import type { Problem, ProjectEntry, ProjectParts, ReplaySpec, WorkflowBundle } from "../loading/index.ts";
import type { ElicitValue, RecordedExchange, TraceEvent } from "../trace/index.ts";

/** What the worker needs to know about the project before it loads anything. */
export interface ProjectSpec {
  folder: string;
  configFile?: string;
  /** The config bundled by the host; absent when there is none, or when loading it ended the last worker. */
  configBundle?: WorkflowBundle;
  /** Set when the config is left out because loading it ended a worker: it is not tried again. */
  configSkipped?: true;
  /** Where the markdown agents are, as the host found them (absolute; plugins' and the user's too). */
  agentSources: ProjectParts["agentSources"];
  /** The skill folders the host found (`.claude/skills`, plugins'). */
  skillDirs: ProjectParts["skillDirs"];
  /** Resolve every agent's capabilities while loading (inspect); default true. */
  inspect: boolean;
  /** The user let Claude Code's `bypassPermissions` mode be honoured (LoadOptions.allowBypassPermissions). */
  allowBypassPermissions?: true;
}

/** The plain-data facts of a loaded config the host needs (the rest stays in the worker). */
export interface ConfigSummary {
  agents?: string[];
  runs?: string;
  prices?: Record<string, { input: number; output: number; cachedInput?: number }>;
  /** The config has a `models` resolver: any provider:model reference may be valid. */
  resolvesModels: boolean;
  /** The config's `modelAliases` (plain strings): the host resolves model references with them too. */
  modelAliases?: Record<string, string>;
  /** The project's MCP servers as written (the config's and .mcp.json's, plain data): the host browses them. */
  mcp?: Record<string, { config: McpServerConfig; file?: string; line?: number }>;
}

/** What to run and how: the plain-data part of RunOptions. */
export interface RunSpec {
  project: ProjectSpec;
  entry: { id: string; kind: "workflow" | "markdown"; file: string; bundle?: WorkflowBundle };
  runId: string;
  input?: unknown;
  startPaused?: boolean;
  breakpoints?: Breakpoint[];
  replay?: ReplaySpec;
  /** Responses of a `scripted` model that replaces every agent's model (`june run --script`). */
  scriptedResponses?: unknown[];
  stream?: boolean;
  /** The host keeps model calls' raw provider bodies: the worker sends them (`exchange` messages). */
  keepExchanges?: true;
}

// ── host → worker ──────────────────────────────────────────────────────────────────────────────

/**
 * What the host asks of one run. A run worker hosts many runs at once, so every one of these
 * carries the id of the run it is for.
 */
export type RunControl =
  | { kind: "run"; runId: string; spec: RunSpec }
  | { kind: "approve"; runId: string; approvalId: string; content?: Record<string, ElicitValue> }
  | { kind: "deny"; runId: string; approvalId: string; reason?: string; cancel?: true }
  | { kind: "abort"; runId: string; reason?: string }
  | { kind: "pause"; runId: string }
  | { kind: "step"; runId: string }
  | { kind: "continue"; runId: string }
  | { kind: "set-breakpoints"; runId: string; breakpoints: Breakpoint[] };

export type HostMessage =
  | { kind: "load-config"; id: number; project: ProjectSpec }
  | { kind: "load-workflow"; id: number; file: string; entryId: string; bundle: WorkflowBundle }
  | { kind: "load-markdown"; id: number; agentSources: ProjectSpec["agentSources"]; skillDirs: ProjectSpec["skillDirs"] }
  | RunControl;

// ── worker → host ──────────────────────────────────────────────────────────────────────────────

export interface LoadedWorkflowReply {
  entry?: ProjectEntry;
  problems: Problem[];
}

export interface LoadedMarkdownReply {
  entries: ProjectEntry[];
  problems: Problem[];
  /** The files the project's memory was read from (CLAUDE.md and its imports): a change to one reloads the agents. */
  memoryFiles?: string[];
}

export interface RunEnd {
  status: "succeeded" | "failed" | "aborted";
  steps: Record<string, unknown>;
  output: unknown;
  usage: Record<string, number>;
  blocksLoaded: unknown[];
  error?: { code: string; message: string };
}

/** What a worker says about one of its runs: each carries the run's id, and goes to that run's host only. */
export type RunMessage =
  | { kind: "event"; runId: string; event: TraceEvent }
  /** A model call's raw provider bodies, written down (capped), for a host that keeps them: never an event. */
  | { kind: "exchange"; runId: string; exchange: RecordedExchange }
  | { kind: "warn"; runId: string; message: string }
  /** The run's workflow or config could not be loaded (or has no component): no run started. */
  | { kind: "run-load-failed"; runId: string; code: string; message: string; found?: string }
  | { kind: "run-ended"; runId: string; result: RunEnd };

export type WorkerMessage =
  /** The engine is loaded: the worker takes requests. */
  | { kind: "ready" }
  | { kind: "config-loaded"; id: number; problems: Problem[]; summary?: ConfigSummary }
  /** A bundle is about to be imported from this temp file; the host deletes it if the worker dies first. */
  | { kind: "importing"; url: string }
  /** A workflow's module evaluated; its render (inspect) starts now (a separate time limit). */
  | { kind: "imported"; id: number; name: string }
  | { kind: "workflow-loaded"; id: number; reply: LoadedWorkflowReply }
  | { kind: "markdown-loaded"; id: number; reply: LoadedMarkdownReply }
  /** A request failed in the worker's own code (not the user's): a bug in June. */
  | { kind: "request-failed"; id: number; code: string; message: string }
  /** What escaped the user's code outside any await (an uncaught exception, an unhandled rejection) and no live run is blamed for. */
  | { kind: "uncaught"; code: string; message: string; file?: string }
  | RunMessage;

const problem = z.object({ severity: z.enum(["error", "warning"]), code: z.string(), message: z.string() }).passthrough();
const problems = z.array(problem);
const entry = z.object({ id: z.string(), kind: z.enum(["workflow", "markdown"]), name: z.string(), file: z.string() }).passthrough();
const event = z.object({ type: z.string(), runId: z.string(), seq: z.number() }).passthrough();
const id = z.number().int();
const body = z.union([
  z.strictObject({ format: z.enum(["json", "text"]), text: z.string(), length: z.number().int().nonnegative(), truncated: z.literal(true).optional() }),
  z.strictObject({ omitted: z.enum(["budget", "unserializable"]) }),
]);
const exchange = z.strictObject({
  nodeId: z.string(),
  request: body.optional(),
  response: body.optional(),
  streamed: z.literal(true).optional(),
  failed: z.literal(true).optional(),
  url: z.string().optional(),
});
const runId = z.string();

const workerMessage = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ready") }),
  z.object({ kind: z.literal("config-loaded"), id, problems, summary: z.object({ resolvesModels: z.boolean() }).passthrough().optional() }),
  z.object({ kind: z.literal("importing"), url: z.string().startsWith("file:") }),
  z.object({ kind: z.literal("imported"), id, name: z.string() }),
  z.object({ kind: z.literal("workflow-loaded"), id, reply: z.object({ entry: entry.optional(), problems }) }),
  z.object({ kind: z.literal("markdown-loaded"), id, reply: z.object({ entries: z.array(entry), problems, memoryFiles: z.array(z.string()).optional() }) }),
  z.object({ kind: z.literal("request-failed"), id, code: z.string(), message: z.string() }),
  z.object({ kind: z.literal("uncaught"), code: z.string(), message: z.string(), file: z.string().optional() }),
  z.object({ kind: z.literal("event"), runId, event }),
  z.object({ kind: z.literal("exchange"), runId, exchange }),
  z.object({ kind: z.literal("warn"), runId, message: z.string() }),
  z.object({
    kind: z.literal("run-ended"),
    runId,
    result: z.object({ status: z.enum(["succeeded", "failed", "aborted"]), error: z.object({ code: z.string(), message: z.string() }).optional() }).passthrough(),
  }),
  z.object({ kind: z.literal("run-load-failed"), runId, code: z.string(), message: z.string(), found: z.string().optional() }),
]);

/** A worker's message if it is one of the protocol's, else undefined (an event must be of the run it names). */
export function readWorkerMessage(value: unknown): WorkerMessage | undefined {
  const parsed = workerMessage.safeParse(value);
  if (!parsed.success) return undefined;
  const message = parsed.data as WorkerMessage;
  if (message.kind === "event" && message.event.runId !== message.runId) return undefined;
  return message;
}
