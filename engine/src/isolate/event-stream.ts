// A run's events on the host side, kept in order: every iterator replays from the first event and
// then follows live ones until the run ends (RunHandle.events' contract), so a late reader misses nothing.
import type { TraceEvent } from "../trace/index.ts";

export class EventStream implements AsyncIterable<TraceEvent> {
  readonly #events: TraceEvent[] = [];
  #closed = false;
  #wake: (() => void)[] = [];

  push(event: TraceEvent): void {
    this.#events.push(event);
    this.#notify();
  }

  close(): void {
    this.#closed = true;
    this.#notify();
  }

  [Symbol.asyncIterator](): AsyncIterator<TraceEvent> {
    let index = 0;
    return {
      next: async () => {
        while (index >= this.#events.length && !this.#closed) await new Promise<void>((resolve) => this.#wake.push(resolve));
        if (index < this.#events.length) return { value: this.#events[index++]!, done: false };
        return { value: undefined, done: true };
      },
    };
  }

  #notify(): void {
    const waiting = this.#wake;
    this.#wake = [];
    for (const wake of waiting) wake();
  }
}
