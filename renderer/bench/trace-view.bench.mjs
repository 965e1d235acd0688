// Benchmark (not a test) of the Trace view: a 10,000-node run streamed from the real web studio
// (`june studio <folder> --web`) into the built renderer in Debian's Chromium. It measures the time
// from clicking Run to the Trace tree's root row reading "succeeded" with every node applied, the
// frame times while the run streams, what crossed the WebSocket, and the same when the finished
// run is reopened (a reload replays the whole event log). Baselines measured in the same run: the
// same workflow run by the engine alone in Node, and the same WebSocket messages sent to a bare
// page that only parses them. Each round runs both sides cold; the figures are medians of rounds.
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
import { CALLS, ENTRY_NAME, EXPECTED_NODES, TURNS, writeTraceProject } from "./trace-workflow.mjs";

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
function engineRun(folder) {
  const out = execFileSync(process.execPath, [join(repo, "renderer", "bench", "engine-run.mjs"), folder], { cwd: repo, encoding: "utf8", env: offlineEnv() });
  const result = JSON.parse(out.trim().split("\n").at(-1));
  if (result.nodes !== EXPECTED_NODES) throw new Error(`engine: the trace has ${result.nodes} nodes, expected ${EXPECTED_NODES}`);
  return result;
}

/** The studio: a fresh `june studio --web` process and a fresh browser context. */
async function studioRun(browser, folder) {
  const studio = await startStudio(folder);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  try {
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    await page.addInitScript(probe, { sampleFromLoad: false });
    await page.goto(studio.url);
    await page.locator('[data-ready="true"]').waitFor();
    await page.getByRole("option", { name: new RegExp(`^${ENTRY_NAME} workflow`) }).click();
    const runButton = page.getByRole("button", { name: "Run", exact: true });
    await runButton.waitFor();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));

    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const metricsBefore = await mainThreadMetrics(cdp);
    const cpuBefore = processCpuMs(studio.process.pid);
    await page.evaluate(() => void (window.__traceBench.sampling = true));
    await runButton.click();
    await page.waitForFunction(displayed, null, { polling: 100, timeout: RUN_TIMEOUT_MS });
    const studioCpuMs = processCpuMs(studio.process.pid) - cpuBefore;
    const metricsAfter = await mainThreadMetrics(cdp);
    const live = await page.evaluate(collect);
    await page.close();

    // Reopen: a new page replays the service's whole log (batches of up to 1,000 events).
    const reopenPage = await context.newPage();
    reopenPage.on("pageerror", (error) => errors.push(error.message));
    await reopenPage.addInitScript(probe, { sampleFromLoad: true });
    await reopenPage.goto(studio.url);
    await reopenPage.waitForFunction(displayed, null, { polling: 100, timeout: RUN_TIMEOUT_MS });
    const reopened = await reopenPage.evaluate(collect);

    if (errors.length > 0) throw new Error(`studio: page errors: ${errors.join("; ")}`);
    return {
      live: summarizeLive(live, metricsBefore, metricsAfter, studioCpuMs),
      reopen: summarizeReopen(reopened),
      liveMessages: eventMessages(live.messages, live.marks.click),
      reopenMessages: eventMessages(reopened.messages, 0),
    };
  } finally {
    await context.close();
    await stopStudio(studio);
  }
}

// ── what the page saw ──────────────────────────────────────────────────────────────────────────

function summarizeLive(seen, before, after, studioCpuMs) {
  const { click, tree, root, runRow } = seen.marks;
  checkRows(seen, "live");
  const stream = streamStats(seen.messages, click);
  return {
    displayMs: root - click,
    runRowMs: runRow - click,
    firstRowMs: tree - click,
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
  const stream = streamStats(seen.messages, 0);
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

function streamStats(messages, from) {
  let batches = 0;
  let events = 0;
  let traceEvents = 0;
  let bytes = 0;
  let lastTraceAt = 0;
  const sizes = [];
  for (const [time, text] of messages) {
    if (time < from) continue;
    const message = JSON.parse(text);
    if (message.type !== "events") continue;
    batches++;
    bytes += Buffer.byteLength(text);
    events += message.events.length;
    sizes.push(message.events.length);
    const traces = message.events.filter((e) => e.type === "trace").length;
    traceEvents += traces;
    if (traces > 0) lastTraceAt = time;
  }
  return { batches, events, traceEvents, bytes, lastTraceAt, batchP50: percentile(sizes, 50), batchMax: Math.max(...sizes) };
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
  const { engine, studio, raw } = round;
  const { live, reopen } = studio;
  console.log(
    `round ${index + 1} (${round.order.join(" then ")}): engine ${ms(engine.wallMs)} (CPU ${ms(engine.cpuMs)}); ` +
      `studio click→displayed ${ms(live.displayMs)} (${times(live.displayMs / engine.wallMs)}), lag after last event ${ms(live.lagMs)}, ` +
      `frames p50 ${live.frames.p50.toFixed(1)} / p95 ${live.frames.p95.toFixed(1)} / max ${ms(live.frames.max)}, ${live.frames.long} > ${LONG_FRAME_MS} ms of ${live.frames.count}; ` +
      `reopen ${ms(reopen.displayMs)}; raw socket ${ms(raw.liveMs)} live / ${ms(raw.reopenMs)} reopen`,
  );
}

function printSummary(rounds) {
  const pick = (f) => median(rounds.map(f));
  const row = (label, value, note = "") => console.log(`  ${label.padEnd(58)} ${String(value).padStart(16)}  ${note}`);
  const s = (r) => r.studio.live;
  const o = (r) => r.studio.reopen;
  console.log(`\nMedians of ${rounds.length} rounds (ratios: median of the per-round ratios)`);
  console.log(`Streaming a live run (${TURNS} turns × ${CALLS} parallel tool calls = ${EXPECTED_NODES.toLocaleString("en-US")} nodes)`);
  row("baseline: engine run() alone, wall", ms(pick((r) => r.engine.wallMs)), `CPU ${ms(pick((r) => r.engine.cpuMs))}`);
  row("studio: click Run → root row \"succeeded\", all rows", ms(pick((r) => s(r).displayMs)), times(pick((r) => s(r).displayMs / r.engine.wallMs)) + " the engine alone");
  row("studio: click Run → run list row \"succeeded\"", ms(pick((r) => s(r).runRowMs)));
  row("studio: click Run → first trace row shown", ms(pick((r) => s(r).firstRowMs)));
  row("studio: click Run → last trace event arrived", ms(pick((r) => s(r).lastEventMs)));
  row("studio: last trace event arrived → displayed (lag)", ms(pick((r) => s(r).lagMs)));
  row("studio process CPU during the run", ms(pick((r) => s(r).studioCpuMs)), times(pick((r) => s(r).studioCpuMs / r.engine.cpuMs)) + " the engine's CPU");
  row("renderer main thread busy (CDP TaskDuration)", ms(pick((r) => s(r).mainThread.task)),
    `script ${ms(pick((r) => s(r).mainThread.script))}, style ${ms(pick((r) => s(r).mainThread.style))}, layout ${ms(pick((r) => s(r).mainThread.layout))}`);
  row("frame interval p50 / p95", `${pick((r) => s(r).frames.p50).toFixed(1)} / ${pick((r) => s(r).frames.p95).toFixed(1)} ms`, `max ${ms(pick((r) => s(r).frames.max))}`);
  row(`frames longer than ${LONG_FRAME_MS} ms`, `${pick((r) => s(r).frames.long)} of ${pick((r) => s(r).frames.count)}`, `long tasks ${pick((r) => s(r).longTasks.count)}, ${ms(pick((r) => s(r).longTasks.totalMs))} in all, longest ${ms(pick((r) => s(r).longTasks.maxMs))}`);
  row("WebSocket batches / studio events (trace events)", `${pick((r) => s(r).stream.batches)} / ${pick((r) => s(r).stream.events)}`,
    `(${pick((r) => s(r).stream.traceEvents)}), ${mb(pick((r) => s(r).stream.bytes))}, events per batch p50 ${pick((r) => s(r).stream.batchP50)}, max ${pick((r) => s(r).stream.batchMax)}`);
  row("raw: same messages back to back into a bare page (parse)", ms(pick((r) => r.raw.liveMs)), `${times(pick((r) => r.raw.liveMs / s(r).displayMs))} the studio's display time; JSON.stringify in Node ${ms(pick((r) => r.raw.liveStringifyMs))}`);
  console.log(`Reopening the finished run (a new page; the service replays its whole log)`);
  row("studio: navigation → root row \"succeeded\", all rows", ms(pick((r) => o(r).displayMs)), `app ready at ${ms(pick((r) => o(r).readyMs))}`);
  row("studio: last trace event arrived → displayed (lag)", ms(pick((r) => o(r).lagMs)));
  row("frame interval p50 / p95", `${pick((r) => o(r).frames.p50).toFixed(1)} / ${pick((r) => o(r).frames.p95).toFixed(1)} ms`, `max ${ms(pick((r) => o(r).frames.max))}`);
  row(`frames longer than ${LONG_FRAME_MS} ms`, `${pick((r) => o(r).frames.long)} of ${pick((r) => o(r).frames.count)}`, `long tasks ${pick((r) => o(r).longTasks.count)}, longest ${ms(pick((r) => o(r).longTasks.maxMs))}`);
  row("WebSocket batches / studio events", `${pick((r) => o(r).stream.batches)} / ${pick((r) => o(r).stream.events)}`, `${mb(pick((r) => o(r).stream.bytes))}, events per batch max ${pick((r) => o(r).stream.batchMax)}`);
  row("raw: same messages back to back into a bare page (parse)", ms(pick((r) => r.raw.reopenMs)), `${times(pick((r) => r.raw.reopenMs / o(r).displayMs))} the reopen time`);

  const p95 = pick((r) => s(r).frames.p95);
  console.log(`\nVerdict: ${p95 > 100 ? "JANKS" : "smooth enough"} while streaming (frame p95 ${p95.toFixed(1)} ms; the bar is 100 ms); ` +
    `the studio shows the run ${times(pick((r) => s(r).displayMs / r.engine.wallMs))} as long after Run as the engine takes to run it.`);
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
      const round = { order };
      for (const side of order) round[side] = side === "engine" ? engineRun(folder) : await studioRun(browser, folder);
      const { liveMessages, reopenMessages, ...studio } = round.studio;
      const liveRaw = await replayOverSocket(browser, liveMessages);
      const reopenRaw = await replayOverSocket(browser, reopenMessages);
      if (studio.live.stream.traceEvents !== round.engine.events) throw new Error(`the page got ${studio.live.stream.traceEvents} trace events, the engine emits ${round.engine.events}`);
      if (liveRaw.events !== studio.live.stream.events || reopenRaw.events !== studio.reopen.stream.events) throw new Error("the raw socket page counted other events than the studio page got");
      round.studio = studio;
      round.raw = { liveMs: liveRaw.ms, reopenMs: reopenRaw.ms, liveStringifyMs: stringifyMs(liveMessages) };
      printRound(i, round);
      rounds.push(round);
    }
    printSummary(rounds);
    console.log(`\nLoad average at the end: ${loadavg()[0].toFixed(1)}`);
  } finally {
    await browser.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
