// A run's events, kept in order (in the run and, for an isolated run, on the host): every iterator
// replays from the first event and then follows live ones until the run ends, so a late subscriber
// misses nothing.
import type { TraceEvent } from "../trace/index.ts";

export class EventLog implements AsyncIterable<TraceEvent> {
  readonly events: TraceEvent[] = [];
  #closed = false;
  #wake: (() => void)[] = [];

  push(event: TraceEvent): void {
    this.events.push(event);
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
        while (index >= this.events.length && !this.#closed) await new Promise<void>((resolve) => this.#wake.push(resolve));
        if (index < this.events.length) return { value: this.events[index++]!, done: false };
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
