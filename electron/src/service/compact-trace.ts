// A run's trace as a snapshot carries it: the events that rebuild the same tree, without the
// streamed text deltas a node's end makes redundant (a model call's node-end carries its whole
// output, which replaces the text the deltas built). What is kept is a subset of the run's own
// events with their own seqs, so a window may apply it over any part of the trace it already has.
import type { TraceEvent } from "../contract/index.ts";

/**
 * Leaves out the text and reasoning deltas that come before their node's output-carrying node-end.
 *
 * @example
 * compactTrace(events).length; // a 2,000-delta model call keeps its node-start, usage and node-end
 */
export function compactTrace(events: readonly TraceEvent[]): TraceEvent[] {
  // Backwards, so a delta is dropped only when its node's end (with output) comes after it.
  const endedWithOutput = new Set<string>();
  const kept: TraceEvent[] = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    // `output: undefined` does not survive JSON, so it replaces nothing in a window.
    if (event.type === "node-end" && event.output !== undefined) endedWithOutput.add(event.nodeId);
    else if (isOnlyDelta(event) && endedWithOutput.has(event.nodeId)) continue;
    kept.push(event);
  }
  return kept.reverse();
}

/** A node-update that carries streamed text and nothing else a window keeps. */
function isOnlyDelta(event: TraceEvent): event is Extract<TraceEvent, { type: "node-update" }> {
  return event.type === "node-update" && event.status === undefined && event.input === undefined && event.capabilities === undefined && event.tools === undefined;
}
