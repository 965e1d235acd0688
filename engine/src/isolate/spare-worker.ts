// The run workers' pool. Starting a worker and importing the engine in it takes about a second
// of CPU; importing a run's bundles (built once by the host) takes milliseconds. So a run takes an
// idle worker when there is one (or a new one), and gives it back when the run ended on its own;
// a worker whose run it had to end (abort forced, process.exit, out of memory), that saw user code
// throw after its run, or that ran RECYCLE_AFTER runs (each import stays in its module cache) is
// ended instead. Concurrent runs never share a worker.
import { WorkerChannel } from "./worker-channel.ts";

/** Idle workers kept warm for the next runs. */
const MAX_IDLE = 2;
/** Runs a worker does before it is ended and replaced. */
const RECYCLE_AFTER = 25;

interface Pooled {
  channel: WorkerChannel;
  heapMb: number;
  ready: boolean;
  runs: number;
  stopWatching: () => void;
}

const idle: Pooled[] = [];
const busy = new Map<WorkerChannel, Pooled>();

/** A worker for a run: an idle one when one is ready with this heap limit, else a new one. */
export function takeWorker(heapMb: number, name: string): WorkerChannel {
  const index = idle.findIndex((p) => p.ready && !p.channel.ended && p.heapMb === heapMb);
  const pooled = index >= 0 ? idle.splice(index, 1)[0]! : fresh(heapMb, name);
  pooled.stopWatching();
  pooled.stopWatching = () => {};
  pooled.channel.hold(true);
  busy.set(pooled.channel, pooled);
  if (idle.length === 0) warmSpare(heapMb);
  return pooled.channel;
}

/** The run on `channel` is over: keep the worker for another run when it is fit to, else end it. */
export function releaseWorker(channel: WorkerChannel, fit: boolean): void {
  const pooled = busy.get(channel);
  busy.delete(channel);
  if (!pooled || !fit || channel.ended || ++pooled.runs >= RECYCLE_AFTER || idle.length >= MAX_IDLE) {
    void channel.terminate({ code: "JUNE_ISOLATE_CLOSED", message: "ended with its run" });
    return;
  }
  park(pooled);
}

/** Starts warming a worker for the next run (e.g. when a project opens), unless one is idle. */
export function warmSpare(heapMb: number): void {
  if (idle.some((p) => !p.channel.ended && p.heapMb === heapMb)) return;
  park(fresh(heapMb, "june run (spare)"));
}

function fresh(heapMb: number, name: string): Pooled {
  const channel = new WorkerChannel({ heapMb, name });
  const pooled: Pooled = { channel, heapMb, ready: false, runs: 0, stopWatching: () => {} };
  void channel.ready.then(() => (pooled.ready = !channel.ended));
  return pooled;
}

/** Idle and not holding the process open; user code that throws in it now (a late timer) ends it. */
function park(pooled: Pooled): void {
  pooled.channel.hold(false);
  const drop = () => {
    const at = idle.indexOf(pooled);
    if (at >= 0) idle.splice(at, 1);
  };
  const stop = pooled.channel.onMessage((message) => {
    if (message.kind !== "uncaught") return;
    drop();
    void pooled.channel.terminate({ code: "JUNE_ISOLATE_CLOSED", message: "threw while idle" });
  });
  const unwatchEnd = pooled.channel.onEnd(drop);
  pooled.stopWatching = () => {
    stop();
    unwatchEnd();
  };
  idle.push(pooled);
}
