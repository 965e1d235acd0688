// How much of a long list to draw. A project's history can hold hundreds of runs, and 50 runs
// started together drew 150 new rows in one frame (the Runs list, the Run region's list, the
// per-run usage table): the page's longest task while they streamed (docs/benchmarks.md, "Web host
// under load"). A list draws its first `step` rows, `step` more each time the person asks, and
// always far enough to include the row it must show (the selected run); rows once drawn stay.
import { useEffect, useState } from "react";

export interface ListLimit {
  /** Rows to draw: the first `limit` of the list. */
  limit: number;
  /** Rows left undrawn (0: the whole list is drawn). */
  hidden: number;
  /** Draws `step` more. */
  more(): void;
}

/**
 * @param total the list's length
 * @param keep the index of a row that must be drawn (-1: none)
 * @example
 * const { limit, hidden, more } = useListLimit(runs.length, 25, selectedIndex);
 * runs.slice(0, limit).map(...); hidden > 0 && <button onClick={more}>Show {Math.min(25, hidden)} more</button>
 */
export function useListLimit(total: number, step: number, keep = -1): ListLimit {
  const [asked, setAsked] = useState(step);
  // Rows drawn to reach the one to show stay drawn after it moves (no list shrinking under the eye).
  useEffect(() => {
    if (keep + 1 > asked) setAsked(keep + 1);
  }, [keep, asked]);
  const limit = Math.min(total, Math.max(asked, keep + 1));
  return { limit, hidden: total - limit, more: () => setAsked(limit + step) };
}
