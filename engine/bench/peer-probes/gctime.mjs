// GC time inside timed runs (forced GC before each, as inproc.mjs): per variant, median of
// per-run totals of scavenge / mark-compact durations that start within the run.
//   cp engine/bench/peer-probes/*.mjs <harness copy>/src/ && cd <harness copy>
//   JUNE_REPO=/work/main node src/gctime.mjs par 20 aisdk-generate june-generate
import { PerformanceObserver, constants } from "node:perf_hooks";
import { juneVariants, raw } from "./fw-aisdk-june.mjs";
import { clock, gc, shapeFor } from "./workload.mjs";
const [shapeKey = "par", runs = "30", ...keys] = process.argv.slice(2);
const shape = shapeFor(shapeKey);
const all = [...raw, ...juneVariants];
const entries = [];
new PerformanceObserver((l) => entries.push(...l.getEntries())).observe({ entryTypes: ["gc"] });
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
const res = {};
for (const k of keys) res[k] = { cpu: [], minor: [], major: [], nMinor: [], nMajor: [] };
for (let i = 0; i < 10 + Number(runs); i++) {
  for (const k of keys) {
    const v = all.find((x) => x.key === k);
    gc();
    await new Promise((r) => setImmediate(r));
    entries.length = 0;
    const t0 = performance.now();
    const c = clock();
    await v.exec(shape);
    const t = c();
    const t1 = performance.now();
    await new Promise((r) => setTimeout(r, 20));
    const inRun = entries.filter((e) => e.startTime >= t0 && e.startTime < t1);
    const minor = inRun.filter((e) => e.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR);
    const major = inRun.filter((e) => e.detail.kind !== constants.NODE_PERFORMANCE_GC_MINOR);
    if (i >= 10) {
      res[k].cpu.push(t.cpu);
      res[k].minor.push(minor.reduce((a, e) => a + e.duration, 0));
      res[k].major.push(major.reduce((a, e) => a + e.duration, 0));
      res[k].nMinor.push(minor.length);
      res[k].nMajor.push(major.length);
    }
  }
}
for (const k of keys) {
  const r = res[k];
  console.log(`${k.padEnd(16)} cpu ${med(r.cpu).toFixed(1)} ms; minor GC ${med(r.minor).toFixed(1)} ms (${med(r.nMinor)}×), major ${med(r.major).toFixed(1)} ms (${med(r.nMajor)}×)`);
}
