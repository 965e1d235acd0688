// Keeps a long search (Grep, Glob) from holding the event loop: the search counts the work it
// does, and after each slice of it waits one turn of the loop so timers, I/O and an abort get in.
// The abort signal is checked on every count, so a search stops within one slice of work.
import { setImmediate as nextTurn } from "node:timers/promises";

/** Work between two turns of the event loop, in units of about one character examined. */
export const PACE_SLICE = 256 * 1024;

/** What one folder entry costs, in the same units. */
export const ENTRY_COST = 256;

/** A search's pace: report work with {@link Pace.spend}. */
export interface Pace {
  /**
   * Counts `units` of work; throws the signal's reason once it has fired. Returns a promise to
   * await when a slice is used up, else undefined (so a hot loop pays no microtask per call).
   */
  spend(units: number): Promise<void> | undefined;
}

/**
 * A pace for one search, stopped by `signal`.
 *
 * @example
 * const pace = paced(abortSignal);
 * for (const line of lines) {
 *   const wait = pace.spend(line.length + 1);
 *   if (wait) await wait;
 *   test(line);
 * }
 */
export function paced(signal: AbortSignal | undefined, slice = PACE_SLICE): Pace {
  let spent = 0;
  return {
    spend(units) {
      signal?.throwIfAborted();
      spent += units;
      if (spent < slice) return undefined;
      spent = 0;
      return nextTurn().then(() => signal?.throwIfAborted());
    },
  };
}
