// The host's end of one worker: starts it (with a heap limit), sends it protocol messages, hands
// on the ones it sends back (checked: user code can post on `parentPort` too) — a run's messages to
// that run's listeners only, as one worker hosts many runs — and says how it ended — terminated by the host (and why), `process.exit` in user code, or out of memory — so
// whoever waited on it can turn that into a coded Problem or a failed run.
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { readWorkerMessage, type HostMessage, type RunMessage, type WorkerMessage } from "./protocol.ts";

/** Why a worker is gone, as a coded error its waiters report. */
export interface WorkerEnd {
  code: string;
  message: string;
  /** The run that had it ended (an abort it did not heed); the worker's other runs ended with it. */
  runId?: string;
}

const ENTRY = new URL("./worker-entry.ts", import.meta.url).href;

/**
 * The worker's first code, before any TypeScript loads: like bin/june.js, it hides Node's "type
 * stripping is experimental" notice (and only that warning), which each worker would print again.
 */
const BOOT = `
const print = process.listeners("warning");
process.removeAllListeners("warning");
process.on("warning", (warning) => {
  if (warning.name === "ExperimentalWarning" && /type stripping|transform types/i.test(warning.message)) return;
  for (const listener of print) listener.call(process, warning);
});
import(${JSON.stringify(ENTRY)});
`;

export class WorkerChannel {
  readonly #worker: Worker;
  #end: WorkerEnd | undefined;
  /** Set before terminate(): what the exit means. */
  #terminating: WorkerEnd | undefined;
  readonly #listeners = new Set<(message: WorkerMessage) => void>();
  readonly #runListeners = new Map<string, (message: RunMessage) => void>();
  readonly #endListeners = new Set<(end: WorkerEnd) => void>();
  /** Temp bundle files the worker imported from (most are gone already). */
  readonly #imports: string[] = [];
  /** Resolves once the worker has loaded the engine, or once it ended before that. */
  readonly ready: Promise<void>;
  /** The worker's thread id: which runs share a worker (a debug field, and what tests observe). */
  readonly threadId: number;

  constructor(options: { heapMb: number; name: string }) {
    this.#worker = new Worker(BOOT, { eval: true, name: options.name, resourceLimits: { maxOldGenerationSizeMb: options.heapMb } });
    this.threadId = this.#worker.threadId;
    let markReady!: () => void;
    this.ready = new Promise((resolve) => (markReady = resolve));
    this.#worker.on("message", (value: unknown) => {
      const message = readWorkerMessage(value);
      if (!message) return;
      if (message.kind === "ready") markReady();
      // importBundle deletes its temp file once imported; a worker ended mid-import can't.
      if (message.kind === "importing") this.#imports.push(message.url);
      if ("runId" in message) return this.#runListeners.get(message.runId)?.(message);
      for (const listener of this.#listeners) listener(message);
    });
    let failure: Error | undefined;
    this.#worker.on("error", (error) => (failure = error));
    this.#worker.on("exit", (exitCode) => {
      this.#end = this.#terminating ?? describeExit(exitCode, failure);
      for (const url of this.#imports.splice(0)) removeTempBundle(url);
      markReady();
      for (const listener of this.#endListeners) listener(this.#end);
    });
  }

  /** How the worker ended, or undefined while it lives. */
  get ended(): WorkerEnd | undefined {
    return this.#end;
  }

  send(message: HostMessage): void {
    if (!this.#end && !this.#terminating) this.#worker.postMessage(message);
  }

  /** Calls `listener` with every message that is about no run (loads, `importing`, `uncaught`). */
  onMessage(listener: (message: Exclude<WorkerMessage, RunMessage>) => void): () => void {
    const all = listener as (message: WorkerMessage) => void;
    this.#listeners.add(all);
    return () => this.#listeners.delete(all);
  }

  /** Calls `listener` with the messages about run `runId` only (one listener a run). */
  onRunMessage(runId: string, listener: (message: RunMessage) => void): () => void {
    this.#runListeners.set(runId, listener);
    return () => {
      if (this.#runListeners.get(runId) === listener) this.#runListeners.delete(runId);
    };
  }

  /** Calls `listener` once the worker is gone (at once when it is already); returns a function that stops it. */
  onEnd(listener: (end: WorkerEnd) => void): () => void {
    if (this.#end) {
      listener(this.#end);
      return () => {};
    }
    this.#endListeners.add(listener);
    return () => this.#endListeners.delete(listener);
  }

  /** Ends the worker; its waiters get `why`. Works on a worker stuck in an endless loop. */
  terminate(why: WorkerEnd): Promise<void> {
    this.#terminating ??= why;
    return this.#worker.terminate().then(() => undefined);
  }

  /** The worker's heap in use, in bytes, garbage included (0 once it is gone). */
  heapUsed(): Promise<number> {
    return this.#worker.getHeapStatistics().then(
      (heap) => heap.used_heap_size,
      () => 0,
    );
  }

  /** Keeps the host process alive for the worker (while a request waits) or not (idle). */
  hold(held: boolean): void {
    if (held) this.#worker.ref();
    else this.#worker.unref();
  }
}

function describeExit(exitCode: number, failure: Error | undefined): WorkerEnd {
  const code = (failure as { code?: string } | undefined)?.code;
  if (code === "ERR_WORKER_OUT_OF_MEMORY") {
    return { code: "JUNE_USER_CODE_OUT_OF_MEMORY", message: `ran out of memory (the worker's heap limit): ${failure!.message}` };
  }
  if (failure) return { code: "JUNE_USER_CODE_EXITED", message: `ended its worker with an error: ${failure.message}` };
  return { code: "JUNE_USER_CODE_EXITED", message: `ended its worker (process.exit(${exitCode}))` };
}

/** Deletes a temp bundle importBundle wrote (`<tmpdir>/june-….mjs`), and nothing else a message may name. */
function removeTempBundle(url: string): void {
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch {
    return;
  }
  if (dirname(path) !== tmpdir() || !/^june-.*\.mjs$/.test(basename(path))) return;
  rmSync(path, { force: true });
}
