// How numbers, times and paths read in the studio.
import type { NodeStatus, RunStatus, Usage } from "../contract/index.ts";

// One formatter each: toLocaleString() builds a new one per call, which shows in a 10,000-row trace.
const tokens = new Intl.NumberFormat("en-US");
const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" });

export function formatTokens(n: number): string {
  return tokens.format(n);
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** A node's or run's duration; a running one counts up to `now`. */
export function elapsed(startedAt: number | null | undefined, endedAt: number | null | undefined, now: number): number | null {
  if (startedAt === null || startedAt === undefined) return null;
  // A node that started after the last tick of `now` has run for ~0 ms, not a negative time.
  return (endedAt ?? Math.max(now, startedAt)) - startedAt;
}

export function formatTime(epochMs: number): string {
  return clock.format(epochMs);
}

/** A file inside the project as a relative path; anything else as given. */
export function projectPath(file: string, folder: string | undefined): string {
  if (!folder) return file;
  const base = folder.endsWith("/") || folder.endsWith("\\") ? folder : `${folder}/`;
  return file.startsWith(base) ? file.slice(base.length) : file;
}

export function location(file: string, line?: number, column?: number, folder?: string): string {
  return `${projectPath(file, folder)}${line ? `:${line}` : ""}${line && column ? `:${column}` : ""}`;
}

export function formatJson(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

export function usageTotal(usage: Usage | undefined): number {
  return usage?.totalTokens ?? 0;
}

export const STATUS_LABEL: Record<NodeStatus | RunStatus, string> = {
  pending: "pending",
  running: "running",
  waiting: "waiting for approval",
  succeeded: "succeeded",
  failed: "failed",
  aborted: "stopped",
};

export function approvalLabel(mode: "always" | "never" | "per-call"): string {
  return mode === "per-call" ? "per call" : mode;
}
