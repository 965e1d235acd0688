// What the trace-view bench injects into the studio page (page.addInitScript) and reads back. It
// adds nothing to the app: it samples requestAnimationFrame, keeps every WebSocket message with
// its arrival time, records long tasks, and watches what a user sees — the Trace tree's root row
// (role=treeitem, aria-level=1, labelled "<kind> <name>, <status>") and the run list's current row.

/**
 * The init script. `sampleFromLoad` starts sampling at navigation (the reopen case); otherwise
 * the bench starts it just before clicking Run.
 */
export function probe({ sampleFromLoad }) {
  const bench = { sampling: sampleFromLoad, frames: [], messages: [], longTasks: [], marks: {} };
  Object.defineProperty(window, "__traceBench", { value: bench });

  // Listening in the constructor runs before the bridge's onmessage: the time is the arrival's.
  const NativeSocket = window.WebSocket;
  window.WebSocket = class BenchSocket extends NativeSocket {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener("message", (event) => bench.messages.push([performance.now(), event.data]));
    }
  };

  document.addEventListener(
    "click",
    (event) => {
      if (event.target instanceof Element && event.target.closest('button[type="submit"]')) bench.marks.click ??= performance.now();
    },
    true,
  );
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) bench.longTasks.push([task.startTime, task.duration]);
  }).observe({ type: "longtask", buffered: true });

  const rootLabel = () => document.querySelector('[role="tree"] [role="treeitem"][aria-level="1"]')?.getAttribute("aria-label") ?? "";
  const runRowText = () => document.querySelector('[aria-label="Runs of this agent"] [aria-current="true"]')?.textContent ?? "";
  const frame = (time) => {
    if (bench.sampling) {
      bench.frames.push(time);
      const now = performance.now();
      const marks = bench.marks;
      if (marks.ready === undefined && document.querySelector('[data-ready="true"]')) marks.ready = now;
      if (marks.tree === undefined && document.querySelector('[role="tree"] [role="treeitem"]')) marks.tree = now;
      if (marks.root === undefined && rootLabel().endsWith(", succeeded")) marks.root = now;
      if (marks.runRow === undefined && runRowText().includes("succeeded")) marks.runRow = now;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** True once the root row and the run row both say "succeeded" (for page.waitForFunction). */
export function displayed() {
  const marks = window.__traceBench.marks;
  return marks.root !== undefined && marks.runRow !== undefined;
}

/**
 * Stops sampling and returns what the probe saw, plus the Trace tree's row count: rendered
 * treeitems plus the virtualized spacers' height in rows (layout is read once, at the end).
 */
export function collect() {
  const bench = window.__traceBench;
  bench.sampling = false;
  const tree = document.querySelector('[role="tree"]');
  let rows = 0;
  let rendered = 0;
  const rowHeight = tree?.querySelector('[role="treeitem"]')?.offsetHeight ?? 0;
  for (const child of tree?.children ?? []) {
    if (child.getAttribute("role") === "treeitem") {
      rows++;
      rendered++;
    }
    else if (child.getAttribute("aria-hidden") === "true" && rowHeight > 0) rows += Math.round(child.offsetHeight / rowHeight);
  }
  return {
    marks: bench.marks,
    frames: bench.frames,
    longTasks: bench.longTasks,
    messages: bench.messages,
    timeOrigin: performance.timeOrigin,
    rows,
    rendered,
    rootLabel: tree?.querySelector('[aria-level="1"]')?.getAttribute("aria-label"),
  };
}
