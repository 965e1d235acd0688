// Runs are background work: the thread of a worker that loads or runs a project's code gets a lower
// scheduling priority (nice 10) than the host's own thread, so with every core busy streaming runs,
// the host still answers its windows and requests first, and the window's renderer gets the CPU it
// needs. Linux only: there a thread has its own nice value (setpriority on its thread id); elsewhere
// setPriority would lower the whole process, host included, so nothing changes.
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** The nice value a worker's thread runs at. */
export const WORKER_NICE = 10;

/**
 * Lowers the calling thread's priority to {@link WORKER_NICE} (or leaves it lower); false where it
 * can't (not Linux, no /proc, refused).
 *
 * @example
 * lowerThreadPriority(); // first thing in worker-entry.ts
 */
export function lowerThreadPriority(): boolean {
  if (process.platform !== "linux") return false;
  try {
    // "/proc/thread-self" links to "<pid>/task/<tid>".
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    // Never raised: a host that already runs nicer than this keeps its workers at its own level.
    setPriority(tid, Math.max(WORKER_NICE, getPriority(tid)));
    return true;
  } catch {
    return false;
  }
}
