// Runs are background work. On Linux:
// - the thread of a worker that loads or runs a project's code gets a lower scheduling priority
//   (nice 10) than the host's own thread, so with every core busy the host answers its windows
//   and requests first (a thread has its own nice value there: setpriority on its thread id;
//   elsewhere setPriority would lower the whole process, host included, so nothing changes);
// - those threads, and in a plain Node host V8's helper threads (garbage collection and
//   compiling for every worker), keep off the last CPU the process may use, which stays for the
//   host's event loop and the window's browser. Nice alone left the page's main thread waiting
//   up to 0.8 s for a core at 50 streaming runs on 2 cores; kept off one core, its longest task
//   was 0.13 s and the runs streamed as fast (docs/benchmarks.md, "A core kept for the window").
//   `JUNE_BACKGROUND_CPUS` names the CPUs instead (a taskset list, "0-2"), or "all" for none kept.
//   In Electron the process's other threads are Chromium's (its IO thread carries the window's
//   messages): only the workers move.
import { execFile, spawnSync } from "node:child_process";
import { readFileSync, readdirSync, readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** The nice value a worker's thread runs at. */
export const WORKER_NICE = 10;

/** The variable that names the CPUs background work may use ("all": every CPU). */
export const BACKGROUND_CPUS_VARIABLE = "JUNE_BACKGROUND_CPUS";

/**
 * Moves the calling thread to the background: nice {@link WORKER_NICE} (or lower, never raised)
 * and the background CPUs (where `taskset` is installed: util-linux, in every Debian); false
 * where the nice value can't be set (not Linux, no /proc, refused).
 *
 * @example
 * lowerThreadPriority(); // first thing in worker-entry.ts
 */
export function lowerThreadPriority(): boolean {
  const tid = threadId();
  if (tid === undefined) return false;
  try {
    // A host that already runs nicer than this keeps its workers at its own level.
    setPriority(tid, Math.max(WORKER_NICE, getPriority(tid)));
  } catch {
    return false;
  }
  const cpus = backgroundCpus();
  if (cpus !== undefined) spawnSync("taskset", ["-p", "-c", cpus, String(tid)], { stdio: "ignore", timeout: 2_000 });
  return true;
}

let helpersMoved = false;

/**
 * Once per process, when its first worker starts: V8's helper threads (every thread but the main
 * one, in a plain Node host) move to the background CPUs, without waiting for it.
 */
export function moveHelperThreads(): void {
  if (helpersMoved) return;
  helpersMoved = true;
  if (process.versions.electron !== undefined) return;
  const cpus = backgroundCpus();
  if (cpus === undefined) return;
  let tasks: string[];
  try {
    tasks = readdirSync("/proc/self/task");
  } catch {
    return;
  }
  for (const tid of tasks) if (Number(tid) !== process.pid) execFile("taskset", ["-p", "-c", cpus, tid], { timeout: 2_000 }, () => {});
}

/**
 * The CPUs background work may use, as a taskset list: the process's own CPUs but the last, or
 * what {@link BACKGROUND_CPUS_VARIABLE} says; undefined when every CPU is theirs (one CPU,
 * "all", not Linux).
 */
export function backgroundCpus(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (process.platform !== "linux") return undefined;
  const chosen = env[BACKGROUND_CPUS_VARIABLE]?.trim();
  if (chosen === "all") return undefined;
  if (chosen) return chosen;
  try {
    const allowed = /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    return allowed === undefined ? undefined : allButLast(allowed);
  } catch {
    return undefined;
  }
}

/**
 * A CPU list (`0-3,8`) without its highest CPU; undefined when it has fewer than two.
 *
 * @example
 * allButLast("0-3,8"); // "0,1,2,3"
 * allButLast("0-1"); // "0"
 */
export function allButLast(list: string): string | undefined {
  const cpus = cpuList(list);
  return cpus === undefined || cpus.length < 2 ? undefined : cpus.slice(0, -1).join(",");
}

/**
 * The CPUs of a list as taskset and /proc write it, in order; undefined when it isn't one.
 *
 * @example
 * cpuList("4,0-2"); // [0, 1, 2, 4]
 */
export function cpuList(list: string): number[] | undefined {
  const cpus: number[] = [];
  for (const range of list.split(",")) {
    const [from, to = from] = range.split("-").map((n) => (/^\d+$/.test(n) ? Number(n) : NaN));
    if (!Number.isInteger(from) || !Number.isInteger(to)) return undefined;
    for (let cpu = from!; cpu <= to!; cpu++) cpus.push(cpu);
  }
  return cpus.sort((a, b) => a - b);
}

// The calling thread's id: "/proc/thread-self" links to "<pid>/task/<tid>".
function threadId(): number | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}
