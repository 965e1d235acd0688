// How much of a long list to draw. A project's history can hold hundreds of runs, and 50 runs
// started together drew 150 new rows in one frame (the Runs list, the Run region's list, the
// per-run usage table): the page's longest task while they streamed (docs/benchmarks.md, "Web host
// under load"). A list draws its first `step` rows, `step` more each time the person asks, and the
// row it must show (the selected run) wherever it stands, after the others, with what is undrawn
// said between them.
import { useState } from "react";

export interface ListLimit {
  /** Rows to draw first: the first `limit` of the list. */
  limit: number;
  /** The row drawn after them, beyond the limit (the selected one), or -1. */
  beyond: number;
  /** Rows left undrawn (0: the whole list is drawn). */
  hidden: number;
  /** Draws `step` more. */
  more(): void;
}

/**
 * @param total the list's length
 * @param keep the index of a row that must be drawn (-1: none)
 * @example
 * const { limit, beyond, hidden, more } = useListLimit(runs.length, 25, selectedIndex);
 * // runs.slice(0, limit), then "Show 25 more" while hidden > 0, then runs[beyond] if beyond ≥ 0
 */
export function useListLimit(total: number, step: number, keep = -1): ListLimit {
  const [asked, setAsked] = useState(step);
  const limit = Math.min(total, asked);
  const beyond = keep >= limit && keep < total ? keep : -1;
  return { limit, beyond, hidden: total - limit - (beyond >= 0 ? 1 : 0), more: () => setAsked(limit + step) };
}

/** The rows a ListLimit draws, in order: the first ones, then the one beyond them. */
export function drawnRows<T>(rows: readonly T[], { limit, beyond }: ListLimit): { head: readonly T[]; tail: T | undefined } {
  return { head: rows.slice(0, limit), tail: beyond >= 0 ? rows[beyond] : undefined };
}
