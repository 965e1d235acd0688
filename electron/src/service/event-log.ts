// The service's one ordered event stream: every event gets the next global `seq`. The log keeps
// the newest events only — those since it was last trimmed (the service trims it when a run ends),
// and never more than `keep` of them, so neither a long session nor one long run keeps every event
// it streamed (a run's trace is in its record on disk: run-registry.ts reads it back) — and the
// session's state they add up to. A listener that starts after a kept seq gets the events it
// missed; one that starts before them gets one `snapshot` event standing for them; then each new
// event, with no gaps either way.
import type { StudioEvent, TraceEvent } from "../contract/index.ts";
import { SessionState } from "./session-snapshot.ts";

/** A StudioEvent before the log stamps its seq (a snapshot is never appended: the log makes it). */
export type StudioEventInput = Exclude<StudioEvent, { type: "snapshot" }> extends infer E ? (E extends StudioEvent ? Omit<E, "seq"> : never) : never;

export type EventListener = (event: StudioEvent) => void;

export interface StudioEventLogOptions {
  /** Where a failing listener is reported. */
  onListenerError: (error: unknown) => void;
  /** A session run's trace events so far, for a snapshot (it compacts them). */
  traceOf: (runId: string) => readonly TraceEvent[];
  /** Whether a run is the open project's, so a snapshot names it (default: every run). */
  shown?: (runId: string) => boolean;
  /**
   * How many of the newest events are kept for a window catching up (one that reconnects a moment
   * later gets them as they were); older ones are let go, and a window from before them gets a
   * snapshot. Default KEPT_EVENTS.
   */
  keep?: number;
}

/** The newest events a log keeps (it lets go of the older half once it holds twice as many). */
export const KEPT_EVENTS = 1_000;

export class StudioEventLog {
  /** The events after `#trimmedThrough`, in seq order: seq N sits at index N - #trimmedThrough - 1. */
  #events: StudioEvent[] = [];
  #trimmedThrough = 0;
  #lastSeq = 0;
  readonly #state = new SessionState();
  readonly #listeners = new Set<EventListener>();
  readonly #options: StudioEventLogOptions;
  readonly #keep: number;

  constructor(options: StudioEventLogOptions) {
    this.#options = options;
    this.#keep = Math.max(1, options.keep ?? KEPT_EVENTS);
  }

  /** The seq of the newest event, 0 before the first. */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** How many events the log keeps now (those since it was last trimmed). */
  get retained(): number {
    return this.#events.length;
  }

  append(input: StudioEventInput): StudioEvent {
    const event = { ...input, seq: this.#lastSeq + 1 } as StudioEvent;
    this.#lastSeq = event.seq;
    this.#events.push(event);
    // Halving at twice the bound keeps letting go amortized O(1) per event.
    if (this.#events.length >= 2 * this.#keep) this.#letGoOf(this.#events.length - this.#keep);
    // Before the listeners: one that subscribes another from inside its call sees this event summed up.
    this.#state.apply(event);
    for (const listener of this.#listeners) this.#call(listener, event);
    return event;
  }

  /** Lets go of every event so far: from now on a listener from an earlier seq gets a snapshot. */
  trim(): void {
    this.#trimmedThrough = this.#lastSeq;
    this.#events = [];
  }

  /** Lets go of the oldest `count` events kept. */
  #letGoOf(count: number): void {
    this.#trimmedThrough += count;
    this.#events = this.#events.slice(count);
  }

  /**
   * Calls `listener` with every event after `afterSeq` (kept ones at once, in order, or the snapshot
   * standing for those let go), then with each new one as it is appended.
   */
  listen(afterSeq: number, listener: EventListener): () => void {
    if (afterSeq < this.#trimmedThrough) this.#call(listener, this.snapshot(afterSeq));
    else for (let i = afterSeq - this.#trimmedThrough; i < this.#events.length; i++) this.#call(listener, this.#events[i]!);
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** The snapshot event standing for every event in (afterSeq, lastSeq]. */
  snapshot(afterSeq: number): StudioEvent {
    const from = Math.max(0, afterSeq);
    return { seq: this.#lastSeq, type: "snapshot", afterSeq: from, snapshot: this.#state.snapshot(from, this.#options.traceOf, this.#options.shown) };
  }

  /** One failing listener (a closed window) must not stop the others or the service. */
  #call(listener: EventListener, event: StudioEvent): void {
    try {
      listener(event);
    } catch (error) {
      this.#options.onListenerError(error);
    }
  }
}
