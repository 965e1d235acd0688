// Benchmark (not a test) of what one big run costs the studio's host: a run of TURNS × CALLS
// parallel tool calls (100 × 999 = 100,103 trace nodes by default; a zero-latency scripted model)
// through the real StudioService, isolated as the studio runs it (a run worker in this process),
// with one window connected the way a host connects it (connectClient, batches JSON-encoded as the
// WebSocket sends them). Heap (this isolate) and RSS (the process: the run worker's heap too) after
// a full GC (of this isolate; the run worker's heap is collected when V8 decides, or given back
// when the pool ends an idle worker holding much): before the run, at its end (its run-ended
// heard, before the service lets go of it), once it ended, and once the window let go of it. Then a late window (subscribe from 0: the snapshot it gets, its size, how
// long to build it) and reopening the run (getRunEvents + the window's fold). Plain .ts, so Node 22
// runs it:
//   cd electron && ../node_modules/.bin/node bench/run-memory.bench.ts [turns] [calls]
// Results are recorded in docs/benchmarks.md ("A 100,000-node run in the studio's host").
import { availableParallelism, loadavg } from "node:os";
import { buildRunTrace, type TraceEvent } from "june";
// Not public: which run workers there are (the bench waits for the pool to end a heavy idle one).
import { runWorkers } from "../../engine/src/isolate/index.ts";
import { workflowSource } from "../../renderer/bench/trace-workflow.mjs";
import { hostMemory, type HostMemory } from "./host-memory.ts";
import type { Result, StudioEvent } from "../src/contract/index.ts";
import { makeProject, runEnded } from "../src/service/project-fixture.test-support.ts";
import { connectClient } from "../src/service/studio-client.ts";
import { StudioService } from "../src/service/studio-service.ts";
import { jsonText, wireJson } from "../src/service/plain-json.ts";


const TURNS = Number(process.argv[2] ?? 100);
const CALLS = Number(process.argv[3] ?? 999);
const NODES = 3 + (TURNS + 1) + TURNS * CALLS;


/**
 * getRunEvents as a host answers a window (the answer's JSON text, as the WebSocket sends it),
 * the window's parse of it, then the fold its store makes; what they made is let go of on return.
 */
async function reopen(service: StudioService, runId: string) {
  const client = connectClient(service, () => {});
  const reopenAt = performance.now();
  const answer = await client.handle("getRunEvents", { runId });
  const text = wireJson({ id: 1, result: answer });
  const readMs = performance.now() - reopenAt;
  client.close();
  const parseAt = performance.now();
  const { result } = JSON.parse(text.toString()) as { result: Result<TraceEvent[]> };
  if (!result.ok) throw new Error(result.error.message);
  const parseMs = performance.now() - parseAt;
  const foldAt = performance.now();
  const folded = buildRunTrace(result.value);
  const foldMs = performance.now() - foldAt;
  if (folded.nodes.size !== NODES) throw new Error(`the reopened trace has ${folded.nodes.size} nodes, expected ${NODES}`);
  return { readMs, parseMs, foldMs, reopenBytes: text.length, reopenEvents: result.value.length };
}

interface Sample extends HostMemory {
  at: string;
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

function measure(service: StudioService, at: string): Sample {
  return { at, ...hostMemory(service) };
}

console.log(`machine: ${availableParallelism()} cores, Node ${process.version}, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log(`one run of ${TURNS} turns × ${CALLS} calls = ${NODES.toLocaleString("en-US")} trace nodes, isolated, one window connected`);
// The trace-view bench's workflow (and the peer harness's trace-scale one), sized here.
const project = await makeProject({
  "TraceScale.tsx": workflowSource({ entry: "TraceScale", turns: TURNS, calls: CALLS }),
  "Warm.tsx": workflowSource({ entry: "Warm", turns: 2, calls: 9 }),
});
const service = new StudioService({ log: (message) => console.warn(message) });
try {
  const opened = await service.openFolder({ folder: project.folder });
  if (!opened.ok) throw new Error(opened.error.message);
  // A small run of the same workflow first, so the baseline has the run worker up and its code compiled.
  const warm = await service.startRun({ entryId: "workflow:Warm.tsx" });
  if (!warm.ok) throw new Error(warm.error.message);
  await runEnded(service, warm.value.runId);
  const samples: Sample[] = [];
  let sent = 0;
  let traceEvents = 0;
  let ended: ((event: Extract<StudioEvent, { type: "run-ended" }>) => void) | undefined;
  // The window: batches JSON-encoded as the WebSocket host sends them (then dropped, as a socket does).
  const window = connectClient(service, (batch) => {
    sent += jsonText({ type: "events", events: batch.events }).length;
    for (const event of batch.events) {
      if (event.type === "trace") traceEvents++;
      if (event.type === "run-ended") ended?.(event);
    }
  });
  const subscribed = await window.handle("subscribe", { afterSeq: service.lastSeq });
  if (!subscribed.ok) throw new Error(subscribed.error.message);
  samples.push(measure(service, "before the run"));
  // At its run-ended, before the service lets go of it: all it holds for a run, at the most.
  const stopAtEnd = service.listen(service.lastSeq, (event) => {
    if (event.type === "run-ended" && event.run.entryId === "workflow:TraceScale.tsx") samples.push(measure(service, "at its end (all of it held)"));
  });
  const began = performance.now();
  const endedEvent = new Promise<Extract<StudioEvent, { type: "run-ended" }>>((resolve) => (ended = resolve));
  const started = await service.startRun({ entryId: "workflow:TraceScale.tsx" });
  if (!started.ok) throw new Error(started.error.message);
  const worker = runWorkers().find((w) => w.runs.includes(started.value.runId))?.threadId;
  const end = await endedEvent;
  stopAtEnd();
  const runMs = performance.now() - began;
  if (end.run.status !== "succeeded") throw new Error(`the run ${end.run.status}: ${JSON.stringify(end.run.error)}`);
  // Let the last batch go out, and the pool end the worker if it went idle holding much (run-pool.ts).
  for (let waited = 0; waited < 5_000 && runWorkers().some((w) => w.threadId === worker); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  const workerEnded = !runWorkers().some((w) => w.threadId === worker);
  console.log(`the run's worker ${workerEnded ? "was ended (it went idle holding much) and a fresh one warms" : "stays"}`);
  // Its thread exits, and the spare loads the engine, in the second after.
  if (workerEnded) await new Promise((resolve) => setTimeout(resolve, 1_500));
  samples.push(measure(service, "the run ended"));
  window.close();
  samples.push(measure(service, "its window closed"));

  // A late window: what subscribe from 0 gets now, and what it costs to make.
  const lateAt = performance.now();
  let lateBytes = 0;
  let lateEvents = 0;
  let lateTrace = 0;
  service.listen(0, (event) => {
    lateEvents++;
    lateBytes += jsonText(event).length;
    if (event.type === "snapshot") for (const run of event.snapshot.runs) lateTrace += run.trace.length;
    if (event.type === "trace") lateTrace++;
  })();
  const lateMs = performance.now() - lateAt;

  // Reopening the run: its events read back, then folded as the window's store folds them.
  const { readMs, parseMs, foldMs, reopenBytes, reopenEvents } = await reopen(service, started.value.runId);
  samples.push(measure(service, "after a late window and a reopen"));

  console.log(`\nthe run: ${fixed(runMs / 1000, 2)} s, ${traceEvents.toLocaleString("en-US")} trace events sent to the window in ${fixed(sent / 1e6)} MB of JSON`);
  console.log(`${"".padEnd(34)} ${"heap MB".padStart(8)} ${"RSS MB".padStart(8)} ${"logged".padStart(8)} ${"run events".padStart(11)} ${"handles".padStart(8)}`);
  for (const s of samples) {
    console.log(`${s.at.padEnd(34)} ${fixed(s.heapMb).padStart(8)} ${fixed(s.rssMb).padStart(8)} ${String(s.loggedEvents).padStart(8)} ${String(s.runEvents).padStart(11)} ${String(s.runHandles).padStart(8)}`);
  }
  const base = samples[0]!;
  const during = samples[1]!;
  const per = (s: Sample, key: "heapMb" | "rssMb") => ((s[key] - base[key]) * 1024 * 1024) / NODES;
  console.log(`\nper node, at the run's end: heap ${fixed(per(during, "heapMb"), 0)} bytes, RSS ${fixed(per(during, "rssMb"), 0)} bytes`);
  for (const s of samples.slice(2)) console.log(`left after "${s.at}": heap +${fixed(s.heapMb - base.heapMb)} MB, RSS +${fixed(s.rssMb - base.rssMb)} MB`);
  console.log(`a late window (subscribe from 0): ${lateEvents} event(s), ${lateTrace.toLocaleString("en-US")} trace events, ${fixed(lateBytes / 1e6)} MB of JSON, made in ${fixed(lateMs)} ms`);
  console.log(`reopening (getRunEvents as a host answers it, the window's parse, its fold): ${reopenEvents.toLocaleString("en-US")} events, ${fixed(reopenBytes / 1e6)} MB of JSON; answer ${fixed(readMs)} ms + parse ${fixed(parseMs)} ms + fold ${fixed(foldMs)} ms = ${fixed(readMs + parseMs + foldMs)} ms`);
} finally {
  await service.close();
  await project.remove();
}
