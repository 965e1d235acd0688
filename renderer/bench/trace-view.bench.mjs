// Benchmark (not a test) of the Trace view: a 10,000-node run streamed from the real web studio
// (`june studio <folder> --web`) into the built renderer in Debian's Chromium. It measures the time
// from clicking Run to the Trace tree's root row reading "succeeded" with every node applied, the
// frame times while the run streams, what crossed the WebSocket, and the same when the finished
// run is reopened (a new page replays the whole event log). Baselines measured in the same run: the
// same workflow run by the engine alone in Node, and the same WebSocket messages sent to a bare
// page that only parses them. Two shapes of the run (see trace-workflow.mjs): zero-latency, and
// yielding to the event loop once per model reply and tool call. Each round runs every side cold
// (a fresh process, a fresh browser context); the figures are medians of the rounds.
//   cd /work/main && npm exec -w renderer -- node bench/trace-view.bench.mjs [--rounds=3]
// Results are recorded in docs/benchmarks.md ("Trace view (10,000 nodes)").
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { collect, displayed, probe } from "./page-probe.mjs";
import { replayOverSocket, stringifyMs } from "./raw-socket.mjs";
import { CALLS, EXPECTED_NODES, SHAPES, TURNS, writeTraceProject } from "./trace-workflow.mjs";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const ROUNDS = Number(/^--rounds=(\d+)$/.exec(process.argv.find((a) => a.startsWith("--rounds=")) ?? "")?.[1] ?? 3);
// The e2e config's launch args: without them Chromium keeps dialling out on a closed network.
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const READY = /^June Studio: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)$/m;
const RUN_TIMEOUT_MS = 300_000;
const LONG_FRAME_MS = 50;
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

// ── sides ──────────────────────────────────────────────────────────────────────────────────────

/** The baseline: the engine alone, in a fresh Node process. */
function engineRun(folder, shape) {
  const out = execFileSync(process.execPath, [join(repo, "renderer", "bench", "engine-run.mjs"), folder, shape.entry], { cwd: repo, encoding: "utf8", env: offlineEnv() });
  const result = JSON.parse(out.trim().split("\n").at(-1));
  if (result.nodes !== EXPECTED_NODES) throw new Error(`engine: the trace has ${result.nodes} nodes, expected ${EXPECTED_NODES}`);
  return result;
}

/** The studio: a fresh `june studio --web` process and a fresh browser context; `reopen` also reloads. */
async function studioRun(browser, folder, shape, reopen) {
  const studio = await startStudio(folder);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  try {
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addInitScript(probe, { sampleFromLoad: false });
    await page.goto(studio.url);
    await page.locator('[data-ready="true"]').waitFor();
    await page.getByRole("option", { name: new RegExp(`^${shape.entry} workflow`) }).click();
    const runButton = page.getByRole("button", { name: "Run", exact: true });
    await runButton.waitFor();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));

    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const metricsBefore = await mainThreadMetrics(cdp);
    const cpuBefore = processCpuMs(studio.process.pid);
    await page.evaluate(() => void (window.__traceBench.sampling = true));
    await runButton.click();
    await waitDisplayed(page, `${shape.key}: the live run`);
    const studioCpuMs = processCpuMs(studio.process.pid) - cpuBefore;
    const metricsAfter = await mainThreadMetrics(cdp);
    const live = await page.evaluate(collect);
    await page.close();

    // Reopen: a new page replays the service's whole log (batches of up to 1,000 events).
    let reopened;
    if (reopen) {
      const reopenPage = await context.newPage();
      reopenPage.on("pageerror", (error) => errors.push(error.message));
      await reopenPage.addInitScript(probe, { sampleFromLoad: true });
      await reopenPage.goto(studio.url);
      await waitDisplayed(reopenPage, `${shape.key}: the reopened run`);
      reopened = await reopenPage.evaluate(collect);
    }

    if (errors.length > 0) throw new Error(`studio: page errors: ${errors.join("; ")}`);
    return {
      live: summarizeLive(live, metricsBefore, metricsAfter, studioCpuMs),
      liveMessages: eventMessages(live.messages, live.marks.click),
      ...(reopened ? { reopen: summarizeReopen(reopened), reopenMessages: eventMessages(reopened.messages, 0) } : {}),
    };
  } finally {
    await context.close();
    await stopStudio(studio);
  }
}

/** Waits for the root and run rows to read "succeeded"; on a timeout, says what the page showed. */
async function waitDisplayed(page, what) {
  try {
    await page.waitForFunction(displayed, null, { polling: 100, timeout: RUN_TIMEOUT_MS });
  } catch (error) {
    const seen = await page.evaluate(() => ({
      selected: document.querySelector('[role="option"][aria-selected="true"]')?.getAttribute("aria-label"),
      root: document.querySelector('[role="tree"] [aria-level="1"]')?.getAttribute("aria-label"),
      runRow: document.querySelector('[aria-label="Runs of this agent"] [aria-current="true"]')?.textContent,
    }));
    throw new Error(`${what} was not displayed as succeeded: ${JSON.stringify(seen)}`, { cause: error });
  }
}

// ── what the page saw ──────────────────────────────────────────────────────────────────────────

// Trace events carry the studio process's clock (`time`, epoch ms); the page's arrival times are
// performance.now() from its timeOrigin. Same machine, same wall clock: their difference is how
// long an event waited between the engine emitting it and the page receiving it.
function summarizeLive(seen, before, after, studioCpuMs) {
  const { click, tree, root, runRow } = seen.marks;
  checkRows(seen, "live");
  const stream = streamStats(seen.messages, click, seen.timeOrigin);
  return {
    displayMs: root - click,
    runRowMs: runRow - click,
    firstRowMs: tree - click,
    lastStampedMs: stream.lastStamp - (seen.timeOrigin + click),
    heldMs: seen.timeOrigin + stream.lastTraceAt - stream.lastStamp,
    lastEventMs: stream.lastTraceAt - click,
    lagMs: root - stream.lastTraceAt,
    frames: frameStats(seen.frames, click, root),
    longTasks: longTaskStats(seen.longTasks, click, root),
    mainThread: Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]])),
    studioCpuMs,
    stream,
  };
}

function summarizeReopen(seen) {
  const { ready, root } = seen.marks;
  checkRows(seen, "reopen");
  const stream = streamStats(seen.messages, 0, seen.timeOrigin);
  return {
    displayMs: root,
    readyMs: ready,
    lastEventMs: stream.lastTraceAt,
    lagMs: root - stream.lastTraceAt,
    frames: frameStats(seen.frames, 0, root),
    longTasks: longTaskStats(seen.longTasks, 0, root),
    stream,
  };
}

/** Every node applied: the tree's rows (rendered plus virtualized) are the whole trace. */
function checkRows(seen, what) {
  if (!seen.rootLabel?.endsWith(", succeeded")) throw new Error(`${what}: the root row reads ${JSON.stringify(seen.rootLabel)}`);
  if (seen.rows !== EXPECTED_NODES) throw new Error(`${what}: the Trace tree has ${seen.rows} rows (${seen.rendered} rendered), expected ${EXPECTED_NODES}`);
}

/** The "events" messages that arrived from `from` on, as the studio sent them. */
function eventMessages(messages, from) {
  return messages.filter(([time, text]) => time >= from && text.startsWith('{"type":"events"')).map(([, text]) => text);
}

/** Batches, events and bytes from `from` on; each batch's age is its oldest trace event's wait. */
function streamStats(messages, from, timeOrigin) {
  let batches = 0;
  let events = 0;
  let traceEvents = 0;
  let bytes = 0;
  let lastTraceAt = 0;
  let lastStamp = 0;
  const sizes = [];
  const ages = [];
  for (const [time, text] of messages) {
    if (time < from) continue;
    const message = JSON.parse(text);
    if (message.type !== "events") continue;
    batches++;
    bytes += Buffer.byteLength(text);
    events += message.events.length;
    sizes.push(message.events.length);
    const stamps = message.events.filter((e) => e.type === "trace").map((e) => e.event.time);
    traceEvents += stamps.length;
    if (stamps.length === 0) continue;
    lastTraceAt = time;
    lastStamp = Math.max(lastStamp, ...stamps);
    ages.push(timeOrigin + time - Math.min(...stamps));
  }
  return {
    batches,
    events,
    traceEvents,
    bytes,
    lastTraceAt,
    lastStamp,
    batchP50: percentile(sizes, 50),
    batchMax: Math.max(...sizes),
    ageP50: percentile(ages, 50),
    ageMax: Math.max(...ages),
  };
}

/** Intervals between consecutive animation frames in [from, to]. */
function frameStats(frames, from, to) {
  const inside = frames.filter((t) => t >= from && t <= to);
  const gaps = inside.slice(1).map((t, i) => t - inside[i]);
  return {
    count: gaps.length,
    p50: percentile(gaps, 50),
    p95: percentile(gaps, 95),
    max: Math.max(0, ...gaps),
    long: gaps.filter((g) => g > LONG_FRAME_MS).length,
  };
}

function longTaskStats(tasks, from, to) {
  const inside = tasks.filter(([start]) => start >= from && start <= to);
  return { count: inside.length, totalMs: inside.reduce((sum, [, d]) => sum + d, 0), maxMs: Math.max(0, ...inside.map(([, d]) => d)) };
}

/** The renderer's main-thread time by kind (CDP Performance domain), in ms. */
async function mainThreadMetrics(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const value = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { task: value("TaskDuration"), script: value("ScriptDuration"), layout: value("LayoutDuration"), style: value("RecalcStyleDuration") };
}

// ── processes ──────────────────────────────────────────────────────────────────────────────────

function offlineEnv() {
  return { ...process.env, OPENAI_API_KEY: "", ANTHROPIC_API_KEY: "", NO_COLOR: "1" };
}

async function startStudio(folder) {
  const child = spawn(process.execPath, [join(repo, "engine", "bin", "june.js"), "studio", folder, "--web", "--port", "0"], {
    cwd: repo,
    env: offlineEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk) => (err += chunk));
  const url = await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = READY.exec(out);
      if (match) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`june studio exited (${code}) before it was ready:\n${out}\n${err}`)));
  });
  return { url, process: child };
}

async function stopStudio(studio) {
  if (studio.process.exitCode !== null) return;
  const exited = new Promise((resolve) => studio.process.once("exit", resolve));
  studio.process.kill("SIGTERM");
  await exited;
}

/** User + system CPU time of a process so far, from /proc. */
function processCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

function ensureRendererBuilt() {
  if (existsSync(join(repo, "renderer", "dist", "index.html"))) return;
  console.log("renderer/dist is missing: npm run build -w renderer");
  execFileSync("npm", ["run", "build", "-w", "renderer"], { cwd: repo, stdio: "inherit" });
}

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return execFileSync("which", ["chromium"], { encoding: "utf8" }).trim();
}

// ── report ─────────────────────────────────────────────────────────────────────────────────────

function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const median = (values) => percentile(values, 50);
const ms = (value) => `${Math.round(value).toLocaleString("en-US")} ms`;
const times = (value) => `${value.toFixed(2)}×`;
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

function printRound(index, round) {
  for (const shape of SHAPES) {
    const { engine, studio, raw } = round.shapes[shape.key];
    const { live } = studio;
    console.log(
      `round ${index + 1}, ${shape.key} (${round.order.join(" first, then ")}): engine ${ms(engine.wallMs)} to result, ${ms(engine.settledMs)} to settled; ` +
        `studio click→displayed ${ms(live.displayMs)} (${times(live.displayMs / engine.wallMs)}): last event stamped ${ms(live.lastStampedMs)}, held ${ms(live.heldMs)}, lag ${ms(live.lagMs)}, ${live.stream.batches} batches; ` +
        `frames p50 ${live.frames.p50.toFixed(1)} / p95 ${live.frames.p95.toFixed(1)} / max ${ms(live.frames.max)}, ${live.frames.long} > ${LONG_FRAME_MS} ms of ${live.frames.count}; ` +
        `raw socket ${ms(raw.liveMs)}` +
        (studio.reopen ? `; reopen ${ms(studio.reopen.displayMs)}, raw socket ${ms(raw.reopenMs)}` : ""),
    );
  }
}

const row = (label, value, note = "") => console.log(`  ${label.padEnd(60)} ${String(value).padStart(16)}  ${note}`);

function printShape(rounds, shape) {
  const of = (r) => r.shapes[shape.key];
  const pick = (f) => median(rounds.map((r) => f(of(r))));
  const s = (x) => x.studio.live;
  console.log(`\nLive run, ${shape.key} (${TURNS} turns × ${CALLS} parallel tool calls = ${EXPECTED_NODES.toLocaleString("en-US")} nodes)`);
  row("baseline: engine run() alone → result", ms(pick((x) => x.engine.wallMs)), `CPU ${ms(pick((x) => x.engine.cpuMs))}`);
  row("baseline: engine run() alone → event loop free again", ms(pick((x) => x.engine.settledMs)),
    `CPU ${ms(pick((x) => x.engine.settledCpuMs))}; longest stretch without a timer ${ms(pick((x) => x.engine.timerGapMaxMs))}`);
  row("studio: click Run → root row \"succeeded\", all rows", ms(pick((x) => s(x).displayMs)),
    `${times(pick((x) => s(x).displayMs / x.engine.wallMs))} engine → result, ${times(pick((x) => s(x).displayMs / x.engine.settledMs))} engine → settled`);
  row("studio: click Run → run list row \"succeeded\"", ms(pick((x) => s(x).runRowMs)));
  row("studio: click Run → first trace row shown", ms(pick((x) => s(x).firstRowMs)));
  row("studio: click Run → the engine stamped its last event", ms(pick((x) => s(x).lastStampedMs)));
  row("studio: last event stamped → arrived in the page (held)", ms(pick((x) => s(x).heldMs)),
    `a batch's oldest event waits p50 ${ms(pick((x) => s(x).stream.ageP50))}, max ${ms(pick((x) => s(x).stream.ageMax))}`);
  row("studio: last event arrived → root row \"succeeded\" (lag)", ms(pick((x) => s(x).lagMs)));
  row("studio process CPU, click → displayed", ms(pick((x) => s(x).studioCpuMs)), `${times(pick((x) => s(x).studioCpuMs / x.engine.settledCpuMs))} the engine's CPU to settled`);
  row("renderer main thread busy (CDP TaskDuration)", ms(pick((x) => s(x).mainThread.task)),
    `script ${ms(pick((x) => s(x).mainThread.script))}, style ${ms(pick((x) => s(x).mainThread.style))}, layout ${ms(pick((x) => s(x).mainThread.layout))}`);
  row("frame interval p50 / p95", `${pick((x) => s(x).frames.p50).toFixed(1)} / ${pick((x) => s(x).frames.p95).toFixed(1)} ms`, `max ${ms(pick((x) => s(x).frames.max))}`);
  row(`frames longer than ${LONG_FRAME_MS} ms`, `${pick((x) => s(x).frames.long)} of ${pick((x) => s(x).frames.count)}`,
    `long tasks ${pick((x) => s(x).longTasks.count)}, ${ms(pick((x) => s(x).longTasks.totalMs))} in all, longest ${ms(pick((x) => s(x).longTasks.maxMs))}`);
  row("WebSocket batches / studio events (trace events)", `${pick((x) => s(x).stream.batches)} / ${pick((x) => s(x).stream.events)}`,
    `(${pick((x) => s(x).stream.traceEvents)}), ${mb(pick((x) => s(x).stream.bytes))}, events per batch p50 ${pick((x) => s(x).stream.batchP50)}, max ${pick((x) => s(x).stream.batchMax)}`);
  row("raw: the same messages back to back into a bare page", ms(pick((x) => x.raw.liveMs)),
    `${times(pick((x) => x.raw.liveMs / s(x).displayMs))} the studio's display time; JSON.stringify of them in Node ${ms(pick((x) => x.raw.liveStringifyMs))}`);
}

function printReopen(rounds) {
  const withReopen = rounds.map((r) => Object.values(r.shapes).find((x) => x.studio.reopen)).filter(Boolean);
  const pick = (f) => median(withReopen.map(f));
  const o = (x) => x.studio.reopen;
  console.log(`\nReopening the finished run (a new page; the service replays its whole log)`);
  row("studio: navigation → root row \"succeeded\", all rows", ms(pick((x) => o(x).displayMs)), `app marked ready at ${ms(pick((x) => o(x).readyMs))}`);
  row("studio: navigation → last trace event arrived", ms(pick((x) => o(x).lastEventMs)), `then displayed after ${ms(pick((x) => o(x).lagMs))}`);
  row("frame interval p50 / p95", `${pick((x) => o(x).frames.p50).toFixed(1)} / ${pick((x) => o(x).frames.p95).toFixed(1)} ms`, `max ${ms(pick((x) => o(x).frames.max))}`);
  row(`frames longer than ${LONG_FRAME_MS} ms`, `${pick((x) => o(x).frames.long)} of ${pick((x) => o(x).frames.count)}`,
    `long tasks ${pick((x) => o(x).longTasks.count)}, ${ms(pick((x) => o(x).longTasks.totalMs))} in all, longest ${ms(pick((x) => o(x).longTasks.maxMs))}`);
  row("WebSocket batches / studio events", `${pick((x) => o(x).stream.batches)} / ${pick((x) => o(x).stream.events)}`, `${mb(pick((x) => o(x).stream.bytes))}, events per batch max ${pick((x) => o(x).stream.batchMax)}`);
  row("raw: the same messages back to back into a bare page", ms(pick((x) => x.raw.reopenMs)), `${times(pick((x) => x.raw.reopenMs / o(x).displayMs))} the reopen time`);
}

function printVerdict(rounds) {
  for (const shape of SHAPES) {
    const pick = (f) => median(rounds.map((r) => f(r.shapes[shape.key])));
    const p95 = pick((x) => x.studio.live.frames.p95);
    console.log(
      `Verdict (${shape.key}): ${p95 > 100 ? "JANKS" : "no jank"} while streaming (frame p95 ${p95.toFixed(1)} ms; the bar is 100 ms); ` +
        `the root row reads "succeeded" ${times(pick((x) => x.studio.live.displayMs / x.engine.wallMs))} as long after Run as run() takes to resolve alone ` +
        `(${times(pick((x) => x.studio.live.displayMs / x.engine.settledMs))} its time to settle).`,
    );
  }
}

/** The raw socket's time for `messages`, checked to deliver the events the studio page got. */
async function rawMs(browser, messages, events) {
  const raw = await replayOverSocket(browser, messages);
  if (raw.events !== events) throw new Error(`the raw socket page counted ${raw.events} events, the studio page got ${events}`);
  return raw.ms;
}

// ── main ───────────────────────────────────────────────────────────────────────────────────────

async function main() {
  ensureRendererBuilt();
  const executablePath = chromiumPath();
  const version = execFileSync(executablePath, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  console.log(`Trace view: ${EXPECTED_NODES.toLocaleString("en-US")} trace nodes (${TURNS} turns × ${CALLS} parallel tool calls) streamed into the web studio`);
  console.log(
    `${availableParallelism()} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${version}; ` +
      `load average ${loadavg()[0].toFixed(1)}; ${ROUNDS} rounds, each running the engine and the studio cold, in alternating order\n`,
  );
  const folder = mkdtempSync(join(tmpdir(), "june-trace-bench-"));
  writeTraceProject(folder);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const rounds = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? ["engine", "studio"] : ["studio", "engine"];
      const round = { order, shapes: {} };
      for (const [index, shape] of SHAPES.entries()) {
        const sides = {};
        for (const side of order) sides[side] = side === "engine" ? engineRun(folder, shape) : await studioRun(browser, folder, shape, index === 0);
        const { liveMessages, reopenMessages, ...studio } = sides.studio;
        // Fewer is the run worker's delta coalescing (consecutive text deltas of a node joined); the
        // tree's 10,000 rows are checked on the page. More would be events sent twice.
        if (studio.live.stream.traceEvents > sides.engine.events) throw new Error(`${shape.key}: the page got ${studio.live.stream.traceEvents} trace events, the engine emits ${sides.engine.events}`);
        const raw = { liveMs: await rawMs(browser, liveMessages, studio.live.stream.events), liveStringifyMs: stringifyMs(liveMessages) };
        if (reopenMessages) raw.reopenMs = await rawMs(browser, reopenMessages, studio.reopen.stream.events);
        round.shapes[shape.key] = { engine: sides.engine, studio, raw };
      }
      printRound(i, round);
      rounds.push(round);
    }
    console.log(`\nMedians of ${rounds.length} rounds (ratios: the median of the per-round ratios)`);
    for (const shape of SHAPES) printShape(rounds, shape);
    printReopen(rounds);
    console.log("");
    printVerdict(rounds);
    console.log(`\nLoad average at the end: ${loadavg()[0].toFixed(1)}`);
  } finally {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
