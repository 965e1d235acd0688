// Benchmark (not a test) of the web host under load: 50 runs at once, each streaming 20,000 words
// (one text delta a word) from a scripted model, through the real StudioService and web host,
// with one real page (Debian's chromium, through Playwright) open on the printed URL. While the
// runs stream, a probe asks the host every ~50 ms over a WebSocket (getBreakpoints) and over HTTP
// (a GET of the page with the token) and the event loop's delay is sampled; the page records its
// long tasks (PerformanceObserver "longtask") and a performance trace says how much CPU the page
// spent in each (page-tasks.ts). The baseline, in the same process, is the same load with
// `coalesceDeltas: false` (the service records, sends and applies every delta that reaches it on
// its own; the run workers coalesce either way).
// The model hands out its deltas a few per macrotask, the way a provider's HTTP stream arrives in
// reads (`perRead`, default 8; 0 streams them all in microtasks, as the plain scripted model does).
//   cd electron && ../node_modules/.bin/node bench/load.bench.ts [runs] [words] [perRead] [renderer dir]
// The renderer dir defaults to renderer/dist (build it first: npm run build -w renderer).
// Results are recorded in docs/benchmarks.md ("Web host under load").
import { request as httpRequest } from "node:http";
import { readFileSync, readdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir, availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { chromium, type Browser } from "playwright";
import { makeProject } from "../src/service/project-fixture.test-support.ts";
import { StudioService, type StudioServiceOptions } from "../src/service/studio-service.ts";
import { DEFAULT_RENDERER_DIR, startWebHost } from "../src/web/web-host.ts";
import { webSocketUrl } from "../src/contract/index.ts";
import { pageTasks, type PageTasks } from "./page-tasks.ts";

const RUNS = Number(process.argv[2] ?? 50);
const WORDS = Number(process.argv[3] ?? 20_000);
const PER_READ = Number(process.argv[4] ?? 8);
const RENDERER_DIR = process.argv[5] ?? DEFAULT_RENDERER_DIR;
const PROBE_EVERY_MS = 50;
// JUNE_BENCH_PAGE_TRACE=0: no Chromium performance trace of the page (the trace's own recording
// runs on every browser thread, so it can lengthen the tasks it measures).
const TRACING = process.env.JUNE_BENCH_PAGE_TRACE !== "0";

// The scripted model's stream, handed out `perRead` parts per macrotask (a provider's reads).
const STREAM_FLOW = `import { Agent, Step } from "june";
import { scripted } from "june/sdk/scripted";

const read = () => new Promise((resolve) => setImmediate(resolve));

export default function Stream({ words = 10, tag = "", perRead = 8 }: { words?: number; tag?: string; perRead?: number }) {
  const text = Array.from({ length: words }, (_, i) => tag + "w" + i).join(" ");
  const inner = scripted([{ text }]);
  const model = Object.create(inner);
  model.doStream = async (options: unknown) => {
    const result = await inner.doStream(options as never);
    if (perRead <= 0) return result;
    let parts = 0;
    const paced = new TransformStream({
      async transform(part, controller) {
        if (++parts % perRead === 0) await read();
        controller.enqueue(part);
      },
    });
    return { ...result, stream: result.stream.pipeThrough(paced) };
  };
  return (
    <Agent model={model}>
      <Step id="write" prompt={"Write " + tag} />
    </Agent>
  );
}
`;
const ENTRY = "workflow:stream.tsx";

interface Latencies {
  p50: number;
  p95: number;
  max: number;
  count: number;
}

interface Measured {
  streamMs: number;
  ws: Latencies;
  http: Latencies;
  failedGets: number;
  loopP95: number;
  loopMax: number;
  longTasks: number;
  longTaskMs: number;
  /** The five longest, longest first (none: no long task). */
  longestFive: number[];
  /** When each of those began, in seconds from the first run's start. */
  longestAt: number[];
  /** The same tasks from the page's performance trace, with the CPU time the page spent in them (when traced). */
  trace: PageTasks | undefined;
}

function summarise(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? NaN, count: sorted.length };
}

function getPage(port: number, token: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path: `/?token=${token}`, headers: { host: `127.0.0.1:${port}` } }, (response) => {
      response.resume();
      response.on("end", () => (response.statusCode === 200 ? resolve(performance.now() - start) : reject(new Error(`GET answered ${response.statusCode}`))));
    });
    request.on("error", reject);
    request.end();
  });
}

/** A socket of its own (not the page's) asking a cheap question; resolves with each answer's latency. */
async function openProbeSocket(url: string, port: number): Promise<{ ask(): Promise<number>; close(): void }> {
  const socket = new WebSocket(url, { headers: { origin: `http://127.0.0.1:${port}` } } as never);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const waiting = new Map<number, () => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number };
    if (typeof message.id === "number") waiting.get(message.id)?.();
  };
  let next = 1;
  return {
    ask() {
      const id = next++;
      const start = performance.now();
      return new Promise((resolve) => {
        waiting.set(id, () => {
          waiting.delete(id);
          resolve(performance.now() - start);
        });
        socket.send(JSON.stringify({ id, method: "getBreakpoints", params: {} }));
      });
    },
    close: () => socket.close(),
  };
}

async function measure(browser: Browser, name: string, options: StudioServiceOptions): Promise<Measured> {
  // The runs folder outside the project, so no watcher of the project sees the records arrive.
  const runs = await mkdtemp(join(tmpdir(), "june-bench-runs-"));
  const project = await makeProject({
    "stream.tsx": STREAM_FLOW,
    "june.config.ts": `import { defineConfig } from "june";\nexport default defineConfig({ runs: ${JSON.stringify(runs)} });\n`,
  });
  const service = new StudioService({ log: () => {}, ...options });
  const host = await startWebHost({ service, port: 0, rendererDir: RENDERER_DIR });
  const page = await browser.newPage();
  try {
    const opened = await service.openFolder({ folder: project.folder });
    if (!opened.ok) throw new Error(opened.error.message);
    await page.addInitScript(() => {
      const seen: [start: number, duration: number][] = [];
      (window as unknown as { __longTasks: typeof seen }).__longTasks = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.push([entry.startTime, entry.duration]);
      }).observe({ type: "longtask", buffered: true });
    });
    await page.goto(host.url);
    await page.getByRole("region", { name: "Agents" }).waitFor();
    // The page's long tasks while loading are not the load's.
    await page.evaluate(() => void ((window as unknown as { __longTasks: unknown[] }).__longTasks.length = 0));
    // JUNE_BENCH_PAGE_PROFILE=<file>: the page's CPU profile over the load (open it in DevTools).
    const profiling = process.env.JUNE_BENCH_PAGE_PROFILE ? await page.context().newCDPSession(page) : undefined;
    if (profiling) {
      await profiling.send("Profiler.enable");
      await profiling.send("Profiler.start");
    }
    // The page's trace: each task's wall time and its main thread's CPU time in it.
    // Besides the timeline, the slices that say what a task waits in (a GC, a commit to the
    // compositor, a Mojo call, the GPU process).
    if (TRACING) await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8", "disabled-by-default-v8.gc", "blink", "cc", "gpu", "mojom"] });

    const probe = await openProbeSocket(webSocketUrl(new URL(host.url)), host.port);
    const ws: number[] = [];
    const http: number[] = [];
    let probing = true;
    const loop = async (into: number[], ask: () => Promise<number>) => {
      while (probing) {
        const began = performance.now();
        into.push(await ask());
        const left = PROBE_EVERY_MS - (performance.now() - began);
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      }
    };
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // A GET the host reset or refused counts, as a failure, not as a latency.
    let failedGets = 0;
    const probes = Promise.all([
      loop(ws, () => probe.ask()),
      loop(http, () => getPage(host.port, host.token).catch(() => (failedGets++, Number.NaN))),
    ]);

    const began = performance.now();
    // The page's clock at the same moment: when each long task came, counted from the first start.
    const pageBegan = await page.evaluate(() => performance.now());
    const mainCpuBefore = mainThreadCpuMs();
    const hostCpuBefore = processCpuMs("self");
    const chromiumBefore = chromiumCpuMs();
    const ids = new Set<string>();
    const ended = new Promise<void>((resolve) => {
      let left = RUNS;
      service.listen(service.lastSeq, (event) => {
        if (event.type === "run-ended" && ids.has(event.run.runId) && --left === 0) resolve();
      });
    });
    for (let i = 0; i < RUNS; i++) {
      // Each start its own task, as 50 requests from a window are.
      await new Promise((resolve) => setImmediate(resolve));
      const started = await service.startRun({ entryId: ENTRY, input: { words: WORDS, tag: `r${i}`, perRead: PER_READ } });
      if (!started.ok) throw new Error(started.error.message);
      ids.add(started.value.runId);
    }
    // JUNE_BENCH_SCREENSHOT=<file.png>: what the page shows while the runs stream.
    if (process.env.JUNE_BENCH_SCREENSHOT) {
      await page.waitForTimeout(5000);
      await page.screenshot({ path: process.env.JUNE_BENCH_SCREENSHOT });
      // And which animations run meanwhile (each repaints what it moves, every frame).
      const animations = await page.evaluate(() =>
        document.getAnimations().map((a) => {
          const target = (a.effect as KeyframeEffect | null)?.target as Element | null;
          return `${(a as CSSAnimation).animationName ?? a.constructor.name} on ${target ? `${target.tagName.toLowerCase()}.${[...target.classList].join(".")}` : "?"}`;
        }),
      );
      const counted = new Map<string, number>();
      for (const a of animations) counted.set(a, (counted.get(a) ?? 0) + 1);
      console.log(`  animations running: ${[...counted].map(([a, n]) => `${n}× ${a}`).join(", ") || "none"}`);
      // And how much DOM each region holds (style and layout work grow with it).
      const regions = await page.evaluate(() =>
        [...document.querySelectorAll("section")].map((section) => `${section.getAttribute("aria-label") ?? section.querySelector("h2")?.textContent ?? section.className} ${section.getElementsByTagName("*").length}`),
      );
      console.log(`  elements: ${regions.join(", ")}; page ${await page.evaluate(() => document.getElementsByTagName("*").length)}`);
    }
    // JUNE_BENCH_MUTATIONS=1: what the page's DOM changes in 3 s of the streaming (each change is
    // style, layout and paint for its subtree in the next frame), by the element changed.
    if (process.env.JUNE_BENCH_MUTATIONS) {
      await page.waitForTimeout(3000);
      const changed = await page.evaluate(
        () =>
          new Promise<[string, number][]>((resolve) => {
            const counts = new Map<string, number>();
            const name = (node: Node | null): string => {
              const element = node instanceof Element ? node : node?.parentElement;
              if (!element) return "?";
              const up = element.parentElement;
              return `${up ? `${up.tagName.toLowerCase()}.${[...up.classList].join(".")} > ` : ""}${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`;
            };
            const observer = new MutationObserver((records) => {
              for (const r of records) {
                const key = `${r.type}${r.attributeName ? `[${r.attributeName}]` : ""} ${name(r.target)}`;
                counts.set(key, (counts.get(key) ?? 0) + 1);
              }
            });
            observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
            setTimeout(() => {
              observer.disconnect();
              resolve([...counts].sort((a, b) => b[1] - a[1]).slice(0, 12));
            }, 3000);
          }),
      );
      console.log(`  DOM changes in 3 s: ${changed.map(([what, n]) => `${n}× ${what}`).join("; ") || "none"}`);
    }
    await ended;
    const streamMs = performance.now() - began;
    const mainCpuMs = mainThreadCpuMs() - mainCpuBefore;
    const hostCpuMs = processCpuMs("self") - hostCpuBefore;
    const chromiumAfter = chromiumCpuMs();
    probing = false;
    await probes;
    delay.disable();
    probe.close();
    // The page has the last batch within a frame or two; its long tasks are in by then.
    await page.waitForTimeout(1000);
    if (profiling) {
      const { profile } = await profiling.send("Profiler.stop");
      await writeFile(`${process.env.JUNE_BENCH_PAGE_PROFILE}.${name.split(" ")[0]}.cpuprofile`, JSON.stringify(profile));
    }
    const traced = TRACING ? await browser.stopTracing() : undefined;
    // JUNE_BENCH_TRACE_FILE=<file.json>: the page's performance trace itself (open it in DevTools' Performance panel).
    if (traced && process.env.JUNE_BENCH_TRACE_FILE) await writeFile(process.env.JUNE_BENCH_TRACE_FILE, traced);
    const trace = traced ? pageTasks(traced) : undefined;
    const timed = await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks.slice());
    const tasks = timed.map(([, duration]) => duration);
    const result: Measured = {
      streamMs,
      ws: summarise(ws),
      http: summarise(http.filter((ms) => !Number.isNaN(ms))),
      failedGets,
      loopP95: delay.percentile(95) / 1e6,
      loopMax: delay.max / 1e6,
      longTasks: tasks.length,
      longTaskMs: tasks.reduce((a, b) => a + b, 0),
      longestFive: tasks.toSorted((a, b) => b - a).slice(0, 5),
      longestAt: timed.toSorted((a, b) => b[1] - a[1]).slice(0, 5).map(([start]) => (start - pageBegan) / 1000),
      trace,
    };
    console.log(
      `${name}: ${RUNS} runs × ${WORDS} words in ${(streamMs / 1000).toFixed(1)} s` +
        (Number.isNaN(mainCpuMs) ? "" : `; the host's main thread ran ${(mainCpuMs / 1000).toFixed(1)} s of it (${((100 * mainCpuMs) / streamMs).toFixed(0)}% of a core), the host process ${(hostCpuMs / 1000).toFixed(1)} s`),
    );
    // Who else had the cores: Chromium's processes by type (browser, renderer, gpu-process, …).
    const share = [...chromiumAfter]
      .map(([type, ms]) => [type, ms - (chromiumBefore.get(type) ?? 0)] as const)
      .filter(([, ms]) => ms >= 100)
      .map(([type, ms]) => `${type} ${(ms / 1000).toFixed(1)} s`);
    if (share.length > 0) console.log(`  chromium's CPU over the streaming: ${share.join(", ")}`);
    return result;
  } finally {
    await page.close();
    await host.close();
    await service.close();
    await project.remove();
    await rm(runs, { recursive: true, force: true });
  }
}

const f = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
function row(name: string, m: Measured): void {
  console.log(
    `${name.padEnd(26)} ${f(m.streamMs / 1000).padStart(6)} s | WS p50 ${f(m.ws.p50)} p95 ${f(m.ws.p95)} max ${f(m.ws.max)} ms (${m.ws.count}) | ` +
      `GET p50 ${f(m.http.p50)} p95 ${f(m.http.p95)} max ${f(m.http.max)} ms (${m.http.count}${m.failedGets ? `, ${m.failedGets} failed` : ""}) | loop delay p95 ${f(m.loopP95)} max ${f(m.loopMax)} ms | ` +
      `page: ${m.longTasks} long tasks, longest ${f(m.longestFive[0] ?? 0)} ms (then ${m.longestFive.slice(1).map(f).join(", ") || "none"}; at ${m.longestAt.map((t) => t.toFixed(1)).join(", ") || "-"} s), ${f(m.longTaskMs)} ms in all | ` +
      (m.trace
        ? `page trace: longest task ${f(m.trace.longestWallMs)} ms of which ${f(m.trace.cpuOfLongestMs)} ms CPU; most CPU in one task ${f(m.trace.longestCpuMs)} ms; ` +
          `it waited in ${m.trace.waitedIn.map((w) => `${w.name} ${f(w.wallMs)} ms (${f(w.cpuMs)} CPU)`).join(", ") || "no slice"}`
        : "page not traced"),
  );
}

console.log(`machine: ${availableParallelism()} cores, Node ${process.version}, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}; ${RUNS} runs × ${WORDS} words, ${PER_READ || "all"} deltas per read`);
// JUNE_BENCH_CHROMIUM_ARGS: extra switches for the browser (e.g. "--js-flags=--single-threaded-gc").
const browser = await chromium.launch({ executablePath: process.env.JUNE_BENCH_CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox", ...(process.env.JUNE_BENCH_CHROMIUM_ARGS?.split(" ").filter(Boolean) ?? [])] });
try {
  const modes: [string, StudioServiceOptions][] = process.env.JUNE_BENCH_ONLY === "coalesced" ? [["coalesced (default)", {}]] : process.env.JUNE_BENCH_ONLY === "baseline" ? [["baseline (no coalescing)", { coalesceDeltas: false }]] : [
    ["baseline (no coalescing)", { coalesceDeltas: false }],
    ["coalesced (default)", {}],
  ];
  const results: [string, Measured][] = [];
  for (const [name, options] of modes) results.push([name, await measure(browser, name, options)]);
  console.log("");
  for (const [name, m] of results) row(name, m);
  if (results.length === 2) {
    const [[, b], [, c]] = results as [[string, Measured], [string, Measured]];
    const ratio = (x: number, y: number) => `${(x / Math.max(y, 0.01)).toFixed(1)}×`;
    console.log(
      `\nratios (baseline ÷ coalesced): WS p95 ${ratio(b.ws.p95, c.ws.p95)}, GET p95 ${ratio(b.http.p95, c.http.p95)}, ` +
        `loop delay max ${ratio(b.loopMax, c.loopMax)}, longest page task ${ratio(b.longestFive[0] ?? 0, c.longestFive[0] ?? 0)}, streaming time ${ratio(b.streamMs, c.streamMs)}`,
    );
  }
} finally {
  await browser.close();
}

// CPU time of the process's main thread (the host's event loop: the service and the web host),
// from /proc (Linux; NaN elsewhere): what it takes of the core kept for it and the window.
function mainThreadCpuMs(): number {
  return processCpuMs(`self/task/${process.pid}`);
}

// CPU time of a process (every thread) or, given "<pid>/task/<tid>", of one thread, from /proc
// (Linux; NaN elsewhere).
function processCpuMs(pid: string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

// CPU time of every Chromium process on the machine by its --type (none: the browser process).
function chromiumCpuMs(): Map<string, number> {
  const byType = new Map<string, number>();
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return byType;
  }
  for (const pid of pids) {
    let argv: string[];
    try {
      // Chromium rewrites its processes' titles: their arguments are one string, split by spaces.
      argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split(/[\0 ]/);
    } catch {
      continue;
    }
    if (!/chrom/.test(argv[0] ?? "")) continue;
    const type = argv.find((a) => a.startsWith("--type="))?.slice("--type=".length) ?? "browser";
    const ms = processCpuMs(pid);
    if (!Number.isNaN(ms)) byType.set(type, (byType.get(type) ?? 0) + ms);
    // The page's process by thread (its main thread, compositor, raster workers, V8's helpers).
    if (type !== "renderer") continue;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      let name = "?";
      try {
        name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
      } catch {
        // A thread that ended meanwhile keeps "?".
      }
      const threadMs = processCpuMs(`${pid}/task/${tid}`);
      if (!Number.isNaN(threadMs)) byType.set(`  renderer:${name}`, (byType.get(`  renderer:${name}`) ?? 0) + threadMs);
    }
  }
  return byType;
}
