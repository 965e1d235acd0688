// How long a user's code may take, and how much heap its worker may use, before the host gives up
// on it. Loads and renders are bounded so a file that never finishes is a problem, not a hang;
// runs are not (a model may think for minutes), but an abort that the run doesn't heed within
// the grace period ends its worker. How many run workers there are is bounded too: concurrent
// runs share them, since each worker costs an engine import (about a second of CPU).
import { availableParallelism } from "node:os";

export interface IsolateLimits {
  /** Importing one workflow file or the config (its top level, top-level awaits included). Default 10 s. */
  importMs: number;
  /** Rendering one workflow far enough to resolve its capabilities (inspect), or the markdown agents. Default 5 s. */
  renderMs: number;
  /** After abort(), how long a run gets to end on its own before its worker is terminated. Default 3 s. */
  abortGraceMs: number;
  /** A worker's old-generation heap, in MB (Node's `resourceLimits.maxOldGenerationSizeMb`). Default 2048. */
  heapMb: number;
  /**
   * Run workers (per heap limit) that concurrent runs share: a new one starts only while there are
   * fewer and every one has a run. Default: half the cores, at least 2 and at most 4.
   */
  runWorkers: number;
}

export const DEFAULT_ISOLATE_LIMITS: IsolateLimits = {
  importMs: 10_000,
  renderMs: 5_000,
  abortGraceMs: 3_000,
  heapMb: 2048,
  runWorkers: Math.min(4, Math.max(2, Math.floor(availableParallelism() / 2))),
};

export interface IsolateOptions {
  limits?: Partial<IsolateLimits>;
}

/** The environment variables that set the defaults (e.g. for `june inspect` in a CI that loads slowly). */
export const LIMIT_VARIABLES: Record<keyof IsolateLimits, string> = {
  importMs: "JUNE_IMPORT_TIMEOUT_MS",
  renderMs: "JUNE_RENDER_TIMEOUT_MS",
  abortGraceMs: "JUNE_ABORT_GRACE_MS",
  heapMb: "JUNE_WORKER_HEAP_MB",
  runWorkers: "JUNE_RUN_WORKERS",
};

/** The options' limits, over the environment's (LIMIT_VARIABLES), over June's defaults. */
export function isolateLimits(options: IsolateOptions | undefined, env: NodeJS.ProcessEnv = process.env): IsolateLimits {
  const fromEnv: Partial<IsolateLimits> = {};
  for (const [key, variable] of Object.entries(LIMIT_VARIABLES) as [keyof IsolateLimits, string][]) {
    const value = Number(env[variable]);
    if (env[variable] !== undefined && Number.isFinite(value) && value > 0) fromEnv[key] = value;
  }
  const limits = { ...DEFAULT_ISOLATE_LIMITS, ...fromEnv, ...options?.limits };
  return { ...limits, runWorkers: Math.max(1, Math.floor(limits.runWorkers)) };
}
