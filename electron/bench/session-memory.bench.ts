// Benchmark (not a test) of what a long studio session keeps in memory: 500 sequential runs of a
// streaming workflow (a scripted model, one text delta per word) through the real StudioService,
// with heapUsed and RSS after a full GC at the start, after 100 runs and after 500. The baseline,
// in the same process, is the same session with `retainEvents: true` (the log, each run's events
// and its engine handle kept, as before the log let go of ended runs). Plain .ts, so Node 22 runs it:
//   cd electron && ../node_modules/.bin/node bench/session-memory.bench.ts [runs] [words]
// Results are recorded in docs/benchmarks.md ("Studio session memory").
import { availableParallelism, loadavg } from "node:os";
import { hostMemory, type HostMemory } from "./host-memory.ts";
import type { StudioEvent } from "../src/contract/index.ts";
import { longFlow, makeProject } from "../src/service/project-fixture.test-support.ts";
import { StudioService, type StudioServiceOptions } from "../src/service/studio-service.ts";


const RUNS = Number(process.argv[2] ?? 500);
const WORDS = Number(process.argv[3] ?? 100);
const CHECKPOINTS = [0, 100, RUNS].filter((n, i, all) => n <= RUNS && all.indexOf(n) === i);

interface Sample extends HostMemory {
  runs: number;
}


function measure(service: StudioService, runs: number): Sample {
  return { runs, ...hostMemory(service) };
}

function runEnded(service: StudioService, runId: string, afterSeq: number): Promise<void> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined;
    let done = false;
    // eslint-disable-next-line prefer-const -- the listener may run (and unsubscribe) before listen() returns
    stop = service.listen(afterSeq, (event: StudioEvent) => {
      if (done || event.type !== "run-ended" || event.run.runId !== runId) return;
      done = true;
      queueMicrotask(() => {
        stop?.();
        resolve();
      });
    });
  });
}

async function session(name: string, options: StudioServiceOptions, runs = RUNS): Promise<{ samples: Sample[]; runsMs: number; snapshotMs: number; snapshotKb: number }> {
  const project = await makeProject({ "long.tsx": longFlow(WORDS) });
  const service = new StudioService({ log: () => {}, ...options });
  try {
    const opened = await service.openFolder({ folder: project.folder });
    if (!opened.ok) throw new Error(opened.error.message);
    const samples: Sample[] = [measure(service, 0)];
    const began = performance.now();
    let measuring = 0;
    for (let i = 1; i <= runs; i++) {
      const after = service.lastSeq;
      const started = await service.startRun({ entryId: "workflow:long.tsx" });
      if (!started.ok) throw new Error(started.error.message);
      await runEnded(service, started.value.runId, after);
      if (CHECKPOINTS.includes(i)) {
        const at = performance.now();
        samples.push(measure(service, i));
        measuring += performance.now() - at;
      }
    }
    const runsMs = performance.now() - began - measuring;
    // What a window opening now costs: the full replay (baseline) or one snapshot.
    const start = performance.now();
    let size = 0;
    service.listen(0, (event) => void (size += JSON.stringify(event).length))();
    const snapshotMs = performance.now() - start;
    console.log(`${name}: ${runs} runs of ${WORDS} deltas in ${fixed(runsMs / 1000, 2)} s`);
    return { samples, runsMs, snapshotMs, snapshotKb: size / 1024 };
  } finally {
    await service.close();
    await project.remove();
  }
}

const pad = (value: string, width: number) => value.padStart(width);
const fixed = (value: number, digits = 1) => value.toFixed(digits);

function table(name: string, samples: Sample[]): void {
  console.log(`\n${name}`);
  console.log(`${pad("runs", 5)} ${pad("heap MB", 9)} ${pad("RSS MB", 9)} ${pad("heap +MB", 9)} ${pad("logged", 8)} ${pad("run events", 11)} ${pad("handles", 8)}`);
  const base = samples[0]!;
  for (const s of samples) {
    console.log(
      `${pad(String(s.runs), 5)} ${pad(fixed(s.heapMb), 9)} ${pad(fixed(s.rssMb), 9)} ${pad(fixed(s.heapMb - base.heapMb), 9)} ${pad(String(s.loggedEvents), 8)} ${pad(String(s.runEvents), 11)} ${pad(String(s.runHandles), 8)}`,
    );
  }
}

console.log(`machine: ${availableParallelism()} cores, Node ${process.version}, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
// A short unmeasured session first, so neither measured one pays for loading and compiling the
// code; then the trimmed session, so the baseline's garbage does not sit in the heap it measures.
await session("warm-up", {}, 50);
const trimmed = await session("trimmed (default)", {});
const baseline = await session("baseline (retainEvents: true)", { retainEvents: true });
table("trimmed (default)", trimmed.samples);
table("baseline (retainEvents: true)", baseline.samples);

const growth = (samples: Sample[], from: number, to: number, key: "heapMb" | "rssMb") =>
  samples.find((s) => s.runs === to)![key] - samples.find((s) => s.runs === from)![key];
console.log("\nratios (baseline ÷ trimmed)");
for (const key of ["heapMb", "rssMb"] as const) {
  const b = growth(baseline.samples, 0, RUNS, key);
  const t = growth(trimmed.samples, 0, RUNS, key);
  console.log(`  ${key === "heapMb" ? "heap" : "RSS "} growth over ${RUNS} runs: baseline +${fixed(b)} MB, trimmed +${fixed(t)} MB → ${fixed(b / Math.max(t, 0.01))}×`);
}
if (RUNS > 100) {
  const per = (samples: Sample[]) => (growth(samples, 100, RUNS, "heapMb") * 1024) / (RUNS - 100);
  console.log(`  heap per run (runs 100→${RUNS}): baseline ${fixed(per(baseline.samples))} KB, trimmed ${fixed(per(trimmed.samples))} KB → ${fixed(per(baseline.samples) / Math.max(per(trimmed.samples), 0.01))}×`);
}
console.log(
  `  a window opening after ${RUNS} runs: baseline replays ${fixed(baseline.snapshotKb, 0)} KB in ${fixed(baseline.snapshotMs)} ms; ` +
    `trimmed sends one snapshot of ${fixed(trimmed.snapshotKb, 0)} KB built in ${fixed(trimmed.snapshotMs)} ms (its ended runs read from their records)`,
);
