// How much of a long list to draw. A project's history can hold hundreds of runs, and 50 runs
// started together drew 150 new rows in one frame (the Runs list, the Run region's list, the
// per-run usage table): the page's longest task while they streamed (docs/benchmarks.md, "Web host
// under load"). A list draws its first `step` rows, `step` more each time the person asks, and the
// row it must show (the selected run) wherever it stands, after the others, with what is undrawn
// said between them.
import { useState } from "react";

export interface ListLimit<T> {
  /** The rows to draw first: the list's first `limit`. */
  head: readonly T[];
  /** The row drawn after them, when the one to show is beyond them. */
  tail: T | undefined;
  /** The tail's index in the list, or -1. */
  beyond: number;
  /** Rows left undrawn (0: the whole list is drawn). */
  hidden: number;
  /** How many the next ask draws. */
  next: number;
  /** Draws `step` more. */
  more(): void;
}

/**
 * @param keep the index of a row that must be drawn (-1: none)
 * @example
 * const shown = useListLimit(runs, 25, selectedIndex);
 * // shown.head, then <ShowMore list={shown} total={runs.length} />, then shown.tail
 */
export function useListLimit<T>(rows: readonly T[], step: number, keep = -1): ListLimit<T> {
  const [asked, setAsked] = useState(step);
  const limit = Math.min(rows.length, asked);
  const beyond = keep >= limit && keep < rows.length ? keep : -1;
  const hidden = rows.length - limit - (beyond >= 0 ? 1 : 0);
  return { head: rows.slice(0, limit), tail: beyond >= 0 ? rows[beyond] : undefined, beyond, hidden, next: Math.min(step, hidden), more: () => setAsked(limit + step) };
}
