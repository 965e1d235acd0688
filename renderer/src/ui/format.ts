// How numbers, times and paths read in the studio.
import type { Cost, NodeStatus, RunOrigin, RunStatus, Usage } from "../contract/index.ts";

// One formatter each: toLocaleString() builds a new one per call, which shows in a 10,000-row trace.
const tokens = new Intl.NumberFormat("en-US");
const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" });
const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short" });

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

/** The local day `now` fell in last, as [start, end): formatStart is asked for every run row, every frame. */
let today = { start: 0, end: 0 };
/** Start times as they read, by time: a run's start never changes (bounded: cleared when full). */
const starts = new Map<number, { time: string; date: string }>();

/** A time of an earlier day with its date ("3 Mar 14:02:11"); today's as the time alone. */
export function formatStart(epochMs: number, now = Date.now()): string {
  if (now < today.start || now >= today.end) {
    const start = new Date(now);
    start.setHours(0, 0, 0, 0);
    const end = new Date(start);
    end.setDate(end.getDate() + 1);
    today = { start: start.getTime(), end: end.getTime() };
  }
  let text = starts.get(epochMs);
  if (!text) {
    if (starts.size >= 1000) starts.clear();
    text = { time: clock.format(epochMs), date: day.format(epochMs) };
    starts.set(epochMs, text);
  }
  return epochMs >= today.start && epochMs < today.end ? text.time : `${text.date} ${text.time}`;
}

const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Dollars, the one way the studio writes them: cents from a dollar up, four decimals below, and
 * two significant digits below a cent (model calls cost fractions of a cent; "<$0.01" would hide
 * the difference between two runs).
 *
 * @example
 * formatUsd(1234.5); // "$1,234.50"
 * formatUsd(0.012345); // "$0.0123"
 * formatUsd(0.0000672); // "$0.000067"
 */
export function formatUsd(usd: number): string {
  if (!Number.isFinite(usd)) return "—";
  if (usd === 0) return "$0.00";
  if (usd < 0) return `-${formatUsd(-usd)}`;
  if (usd >= 1) return cents.format(usd);
  if (usd >= 0.01) return `$${usd.toFixed(4)}`;
  const decimals = Math.min(12, 1 - Math.floor(Math.log10(usd)));
  return `$${usd.toFixed(decimals)}`;
}

export interface CostText {
  /** `$0.0123`, `$0.000067`, `$1.25`, `$0.00`, or `—` when nothing is known. */
  text: string;
  /** Why the figure is missing or partial: `2 calls without a price`, `no price information`. */
  note?: string;
}

/**
 * A cost as text and, when the figure is missing or partial, a note saying why. No cost at all
 * (a trace without prices, a node no model call has reported to yet) is "—".
 *
 * @example
 * costText({ usd: 0.0123, unpricedCalls: 0 }); // { text: "$0.0123" }
 * costText({ usd: 0, unpricedCalls: 2 }); // { text: "—", note: "2 calls without a price" }
 * costText({ usd: 0.5, unpricedCalls: 1 }); // { text: "$0.5000", note: "+ 1 call without a price" }
 */
export function costText(cost: Cost | undefined): CostText {
  if (!cost) return { text: "—", note: "no price information" };
  const unpriced = cost.unpricedCalls > 0 ? `${cost.unpricedCalls} ${cost.unpricedCalls === 1 ? "call" : "calls"} without a price` : undefined;
  if (cost.usd === 0 && unpriced) return { text: "—", note: unpriced };
  return unpriced ? { text: formatUsd(cost.usd), note: `+ ${unpriced}` } : { text: formatUsd(cost.usd) };
}

/** One line: `$0.0123`, `— (2 calls without a price)`, `—` when nothing is known. */
export function formatCost(cost: Cost | undefined): string {
  const { text, note } = costText(cost);
  return note && cost ? `${text} (${note})` : text;
}

/** Where a run's recorded answers came from: "fork of run_x". */
export function originLabel(origin: RunOrigin): string {
  return `${origin.kind} of ${origin.runId}`;
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

/**
 * A node's or run's status in words. A run's state (run-state/) adds "waiting" (a pending approval)
 * and "paused" (stopped by the debugger) to its summary's status.
 */
export const STATUS_LABEL: Record<NodeStatus | RunStatus | "paused", string> = {
  pending: "pending",
  running: "running",
  waiting: "waiting for approval",
  paused: "paused",
  succeeded: "succeeded",
  failed: "failed",
  aborted: "stopped",
  interrupted: "interrupted",
};

export function approvalLabel(mode: "always" | "never" | "per-call"): string {
  return mode === "per-call" ? "per call" : mode;
}
