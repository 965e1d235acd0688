// The page's tasks from a Chromium performance trace: how long each of its main thread's tasks took
// on the wall clock and how much of that the thread was actually running (its CPU time), and for
// the longest, the slices inside it that waited longest. Under load a task can take 400 ms while
// the page works 5 ms of it: the main thread waits for a core, or for the compositor, raster or
// GPU threads it hands a frame to (docs/benchmarks.md). A long task's CPU time says what the page
// costs; its wall time says what a person sees.

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface PageTasks {
  /** Tasks of 50 ms or more on the wall clock (what PerformanceObserver calls long tasks). */
  long: number;
  /** The longest task on the wall clock, and the CPU time the thread spent in it. */
  longestWallMs: number;
  cpuOfLongestMs: number;
  /** The task the thread spent most CPU time in (the page's own heaviest piece of work). */
  longestCpuMs: number;
  /**
   * Inside the longest task, the slices of the main thread that waited longest (wall time less
   * CPU time), innermost first: what the thread sat in while it was not running.
   */
  waitedIn: { name: string; wallMs: number; cpuMs: number }[];
}

const LONG_MS = 50;

/** Reads the renderer main thread's top-level tasks (`RunTask`) out of `trace` (Playwright's stopTracing buffer). */
export function pageTasks(trace: Buffer | string): PageTasks {
  const parsed = JSON.parse(String(trace)) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const main = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.name === "RunTask" && e.ph === "X" && e.dur !== undefined && main.has(`${e.pid}:${e.tid}`));
  let longest: TraceEvent | undefined;
  let longestCpu = 0;
  let long = 0;
  for (const task of tasks) {
    if (task.dur! >= LONG_MS * 1000) long++;
    if (!longest || task.dur! > longest.dur!) longest = task;
    longestCpu = Math.max(longestCpu, task.tdur ?? 0);
  }
  return { long, longestWallMs: (longest?.dur ?? 0) / 1000, cpuOfLongestMs: (longest?.tdur ?? 0) / 1000, longestCpuMs: longestCpu / 1000, waitedIn: waitsIn(events, longest) };
}

function waitsIn(events: TraceEvent[], task: TraceEvent | undefined): PageTasks["waitedIn"] {
  if (!task) return [];
  const end = task.ts + task.dur!;
  return events
    .filter((e) => e !== task && e.ph === "X" && e.pid === task.pid && e.tid === task.tid && e.dur !== undefined && e.ts >= task.ts && e.ts + e.dur <= end)
    .map((e) => ({ name: e.name, wallMs: e.dur! / 1000, cpuMs: (e.tdur ?? 0) / 1000 }))
    .sort((a, b) => b.wallMs - b.cpuMs - (a.wallMs - a.cpuMs) || a.wallMs - b.wallMs)
    .slice(0, 6);
}
