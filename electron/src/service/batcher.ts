// Coalesces a fast stream (a run streaming thousands of text deltas a second) into batches sent
// at most once per animation frame (~16 ms), or sooner when a batch reaches `maxItems`, so a
// renderer gets a few dozen messages a second however fast the engine emits. Order is kept.

import { FRAME_MS, type FlushScheduler } from "june";

export type { FlushScheduler };

export interface BatcherOptions {
  /** How long the first pending item waits before its batch goes; default 16 ms (one frame). */
  intervalMs?: number;
  /** A batch never holds more; reaching it sends at once. Default 1000. */
  maxItems?: number;
  /** Replaces setTimeout (tests drive frames by hand). */
  schedule?: FlushScheduler;
}

export { FRAME_MS };
export const DEFAULT_MAX_BATCH = 1000;

const timerScheduler: FlushScheduler = (flush, ms) => {
  const timer = setTimeout(flush, ms);
  return () => clearTimeout(timer);
};

/**
 * Batches items for `send`.
 *
 * @example
 * const batcher = new Batcher<StudioEvent>((events) => socket.send(JSON.stringify({ type: "events", events })));
 * service.listen(0, (event) => batcher.push(event));
 */
export class Batcher<T> {
  readonly #send: (items: T[]) => void;
  readonly #intervalMs: number;
  readonly #maxItems: number;
  readonly #schedule: FlushScheduler;
  #pending: T[] = [];
  #cancel: (() => void) | undefined;
  #closed = false;

  constructor(send: (items: T[]) => void, options: BatcherOptions = {}) {
    this.#send = send;
    this.#intervalMs = options.intervalMs ?? FRAME_MS;
    this.#maxItems = Math.max(1, options.maxItems ?? DEFAULT_MAX_BATCH);
    this.#schedule = options.schedule ?? timerScheduler;
  }

  /** Items waiting for the next flush. */
  get pending(): number {
    return this.#pending.length;
  }

  push(item: T): void {
    if (this.#closed) return;
    this.#pending.push(item);
    if (this.#pending.length >= this.#maxItems) this.flush();
    else this.#cancel ??= this.#schedule(() => {
      this.#cancel = undefined;
      this.flush();
    }, this.#intervalMs);
  }

  /** Sends what is pending now (nothing when nothing is). */
  flush(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    if (this.#pending.length === 0) return;
    const batch = this.#pending;
    this.#pending = [];
    this.#send(batch);
  }

  /** Drops what is pending without sending it (a client restarting its stream). */
  clear(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#pending = [];
  }

  /** Drops what is pending and ignores later pushes. */
  close(): void {
    this.clear();
    this.#closed = true;
  }
}
