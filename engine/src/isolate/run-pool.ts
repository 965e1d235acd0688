// The run workers' pool. Starting a worker and importing the engine in it takes about a second
// of CPU; importing a run's bundles (built once by the host) takes milliseconds. So runs share a
// few workers (limits.runWorkers per heap limit), each hosting many runs at once: a run goes to
// the least-loaded ready worker; a new worker starts only while there are fewer than the bound and
// each one has a run (a run waits for a warming worker rather than start another cold one). 50
// runs started at once then cost two engine imports, not fifty.
//
// What ends a worker ends every run on it: an abort a run did not heed (the others fail with
// JUNE_ISOLATE_SHARED_END naming that run), process.exit, out of memory. A worker that saw user
// code throw with no run to blame, or ran RECYCLE_AFTER runs (each import stays in its module
// cache), takes no new runs and is ended once its last run is over.
//
// V8 does not collect an idle isolate's garbage: a worker that hosted a big run (a 100,000-node
// trace leaves a gigabyte) would keep that memory in the process until its next run. So a worker
// that goes idle holding more than IDLE_HEAP_MB is ended, and a fresh one warms in its place.
import { WorkerChannel } from "./worker-channel.ts";
import { moveHelperThreads } from "./background-priority.ts";

/** Idle workers kept warm for the next runs; more are ended as they go idle. */
const MAX_IDLE = 2;
/** Runs a worker takes before it takes no more and is replaced. */
const RECYCLE_AFTER = 25;
/** Heap (garbage included) an idle worker may hold; one holding more is ended and replaced. */
export const IDLE_HEAP_MB = 256;

/** One run worker as the pool tracks it. */
export interface PooledWorker {
  readonly channel: WorkerChannel;
  readonly heapMb: number;
  ready: boolean;
  /** The runs on it now. */
  readonly runs: Set<string>;
  /** Runs it has taken in all. */
  taken: number;
  /** Takes no new runs; ended once its last run is over. */
  retiring: boolean;
}

const workers: PooledWorker[] = [];

/**
 * A worker for run `runId`: the least-loaded ready one with this heap limit, a new one while there
 * are fewer than `max` and each has a run, else the least-loaded one still warming.
 */
export function takeWorker(heapMb: number, max: number, runId: string): PooledWorker {
  const open = workers.filter((w) => w.heapMb === heapMb && !w.retiring && !w.channel.ended);
  const ready = open.filter((w) => w.ready);
  const growing = open.length < max && open.every((w) => w.runs.size > 0);
  const pooled = growing ? fresh(heapMb) : leastLoaded(ready.length > 0 ? ready : open);
  pooled.runs.add(runId);
  if (++pooled.taken >= RECYCLE_AFTER) pooled.retiring = true;
  pooled.channel.hold(true);
  return pooled;
}

/** Run `runId` is over. `fit`: it ended on its own, so its worker may take others. */
export function releaseWorker(pooled: PooledWorker, runId: string, fit: boolean): void {
  pooled.runs.delete(runId);
  if (!fit) pooled.retiring = true;
  if (pooled.runs.size > 0 || pooled.channel.ended) return;
  const idle = workers.filter((w) => w !== pooled && w.heapMb === pooled.heapMb && w.runs.size === 0 && !w.retiring && !w.channel.ended);
  if (pooled.retiring || idle.length >= MAX_IDLE) return end(pooled, "ended with its runs");
  // Idle: it no longer holds the process open.
  pooled.channel.hold(false);
  void pooled.channel.heapUsed().then((bytes) => {
    // Still idle (no run came meanwhile) and holding what its runs left: a fresh worker instead.
    if (bytes <= IDLE_HEAP_MB * 2 ** 20 || pooled.runs.size > 0 || pooled.channel.ended || !workers.includes(pooled)) return;
    end(pooled, "let go of the memory its runs left");
    warmSpare(pooled.heapMb);
  });
}

/** Starts warming a worker for the next runs (e.g. when a project opens), unless one with this heap limit is open. */
export function warmSpare(heapMb: number): void {
  if (workers.some((w) => w.heapMb === heapMb && !w.retiring && !w.channel.ended)) return;
  fresh(heapMb).channel.hold(false);
}

/** The pool's workers, for tests and debugging: each one's thread and the runs on it. */
export function runWorkers(): { threadId: number; heapMb: number; runs: string[]; ready: boolean; retiring: boolean }[] {
  return workers.map((w) => ({ threadId: w.channel.threadId, heapMb: w.heapMb, runs: [...w.runs], ready: w.ready, retiring: w.retiring }));
}

function leastLoaded(candidates: PooledWorker[]): PooledWorker {
  return candidates.reduce((best, w) => (w.runs.size < best.runs.size ? w : best));
}

function fresh(heapMb: number): PooledWorker {
  // The runs' garbage collection and compiling happen on V8's helper threads: background too.
  moveHelperThreads();
  const channel = new WorkerChannel({ heapMb, name: `june runs (${workers.length + 1})` });
  const pooled: PooledWorker = { channel, heapMb, ready: false, runs: new Set(), taken: 0, retiring: false };
  workers.push(pooled);
  void channel.ready.then(() => (pooled.ready = !channel.ended));
  channel.onEnd(() => {
    const at = workers.indexOf(pooled);
    if (at >= 0) workers.splice(at, 1);
  });
  // User code threw with no live run to blame (a late timer of a finished run): not trusted with more.
  channel.onMessage((message) => {
    if (message.kind !== "uncaught") return;
    pooled.retiring = true;
    if (pooled.runs.size === 0) end(pooled, "threw while idle");
  });
  return pooled;
}

function end(pooled: PooledWorker, why: string): void {
  const at = workers.indexOf(pooled);
  if (at >= 0) workers.splice(at, 1);
  void pooled.channel.terminate({ code: "JUNE_ISOLATE_CLOSED", message: why });
}
