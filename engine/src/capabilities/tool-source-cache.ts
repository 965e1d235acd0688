// Capabilities that wait: one load per tool source per run, shared by every agent that declares
// it; a waiting agent stops waiting when the run is aborted.
import { JuneError } from "../errors/index.ts";
import { asLoadedTools, type LoadedTools, type ToolSource } from "./tools-source.ts";

/** How long closing waits for loads still in flight (e.g. an MCP server mid-connect). */
const SETTLE_GRACE_MS = 5_000;

export class ToolSourceCache {
  readonly #loads = new Map<string, Promise<LoadedTools>>();
  readonly #closers: (() => Promise<void> | void)[] = [];
  readonly #started: Promise<unknown>[] = [];
  readonly #signal: AbortSignal;

  /** `signal` is the run's: it cancels the loads themselves, not only the waits. */
  constructor(signal: AbortSignal = new AbortController().signal) {
    this.#signal = signal;
  }

  /** Loads `source` once per key; every caller gets the same promise. */
  load(source: ToolSource): Promise<LoadedTools> {
    const key = source.key ?? source.name;
    let load = this.#loads.get(key);
    if (!load) {
      const started = Promise.resolve()
        .then(() => source.load({ signal: this.#signal }))
        .then((loaded) => {
          const normal = asLoadedTools(loaded);
          if (normal.close) this.#closers.push(normal.close);
          return normal;
        });
      // A failed load is forgotten, so a <Catch> that retries resolves it afresh; a shared load
      // nobody awaits any more (all waits aborted) must not become unhandled either.
      started.catch(() => {
        if (this.#loads.get(key) === started) this.#loads.delete(key);
      });
      this.#loads.set(key, started);
      this.#started.push(started);
      load = started;
    }
    return load;
  }

  get size(): number {
    return this.#loads.size;
  }

  /** Closes everything loaded (e.g. MCP connections) once; errors are returned, not thrown. */
  async closeAll(): Promise<unknown[]> {
    // A load still connecting (an aborted run) registers its closer when it settles: wait for it,
    // but not forever — a source that ignores the abort must not keep the run from ending.
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled(this.#started.splice(0)),
      new Promise((resolve) => {
        timer = setTimeout(resolve, SETTLE_GRACE_MS);
        timer.unref?.();
      }),
    ]);
    clearTimeout(timer);
    const closers = this.#closers.splice(0);
    const results = await Promise.allSettled(closers.map((close) => close()));
    return results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
  }
}


/** Waits for `promise` unless `signal` fires first; then rejects with JUNE_ABORTED. */
export function waitUnlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, what: string): Promise<T> {
  if (!signal) return promise;
  const aborted = () => new JuneError("JUNE_ABORTED", `june: the run was aborted while waiting for ${what}.`);
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
