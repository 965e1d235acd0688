// The service's one ordered event stream: every event gets the next global `seq` and is kept, so
// a listener can start after any seq it already has (a reloaded window) and miss nothing.
import type { StudioEvent } from "../contract/index.ts";

/** A StudioEvent before the log stamps its seq. */
export type StudioEventInput = StudioEvent extends infer E ? (E extends StudioEvent ? Omit<E, "seq"> : never) : never;

export type EventListener = (event: StudioEvent) => void;

export class StudioEventLog {
  readonly #events: StudioEvent[] = [];
  readonly #listeners = new Set<EventListener>();
  readonly #onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void) {
    this.#onListenerError = onListenerError;
  }

  /** The seq of the newest event, 0 before the first. */
  get lastSeq(): number {
    return this.#events.length;
  }

  append(input: StudioEventInput): StudioEvent {
    const event = { ...input, seq: this.#events.length + 1 } as StudioEvent;
    this.#events.push(event);
    for (const listener of this.#listeners) this.#call(listener, event);
    return event;
  }

  /**
   * Calls `listener` with every event after `afterSeq` (kept ones at once, in order), then with
   * each new one as it is appended. Seqs are contiguous, so a listener sees afterSeq+1, +2, …
   */
  listen(afterSeq: number, listener: EventListener): () => void {
    // seq N sits at index N-1: everything after afterSeq starts at index afterSeq.
    for (let i = Math.max(0, afterSeq); i < this.#events.length; i++) this.#call(listener, this.#events[i]!);
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** One failing listener (a closed window) must not stop the others or the service. */
  #call(listener: EventListener, event: StudioEvent): void {
    try {
      listener(event);
    } catch (error) {
      this.#onListenerError(error);
    }
  }
}
