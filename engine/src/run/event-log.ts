// A run's events for its iterators (in the run and, for an isolated run, on the host). By default
// every iterator replays from the first event and then follows live ones until the run ends, so a
// late subscriber misses nothing. `{ replay: false }` keeps nothing: an iterator gets what comes
// after it started (a caller that keeps the events itself, through onEvent, needs no second copy).
import type { TraceEvent } from "../trace/index.ts";
import { keepShape } from "../shapes/index.ts";

interface Reader {
  /** Live mode: what came since this reader last caught up. */
  queue: TraceEvent[];
  wake: (() => void) | undefined;
}

export class EventLog implements AsyncIterable<TraceEvent> {
  /** Every event so far (empty when the log doesn't replay). */
  readonly events: TraceEvent[] = [];
  readonly #replay: boolean;
  readonly #readers = new Set<Reader>();
  #closed = false;

  constructor(options: { replay?: boolean } = {}) {
    this.#replay = options.replay ?? true;
  }

  push(event: TraceEvent): void {
    if (this.#replay) this.events.push(event);
    for (const reader of this.#readers) {
      if (!this.#replay) reader.queue.push(event);
      reader.wake?.();
    }
  }

  close(): void {
    this.#closed = true;
    for (const reader of this.#readers) reader.wake?.();
  }

  [Symbol.asyncIterator](): AsyncIterator<TraceEvent> {
    const reader: Reader = { queue: [], wake: undefined };
    // Replaying, a reader reads the log itself; live, its own queue, which it empties as it goes.
    const source = this.#replay ? this.events : reader.queue;
    if (!this.#closed) this.#readers.add(reader);
    let index = 0;
    const done = (): IteratorResult<TraceEvent> => {
      this.#readers.delete(reader);
      return { value: undefined, done: true };
    };
    return {
      next: async () => {
        while (index >= source.length && !this.#closed) await new Promise<void>((resolve) => (reader.wake = resolve));
        reader.wake = undefined;
        if (index >= source.length) return done();
        const event = source[index++]!;
        // What a live reader read is let go of once it caught up.
        if (!this.#replay && index === source.length) {
          source.length = 0;
          index = 0;
        }
        return { value: event, done: false };
      },
      return: async () => done(),
    };
  }
}
keepShape(new EventLog());
