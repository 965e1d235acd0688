// The peer workload in steady state: the AI SDK floor and June alternate in one process after 10
// warm-up pairs, with no forced GC between runs (the harness's inproc.mjs forces a full GC before
// every run, which makes V8 throw away and recompile much of the AI SDK's optimized code each run;
// see docs/benchmarks.md, "What the harness's ratio is made of"). Prints the median CPU ms of each
// and the median of per-pair ratios.
//   cp engine/bench/peer-probes/*.mjs <harness copy>/src/ && cd <harness copy>
//   JUNE_REPO=/work/main node src/steady.mjs par 0 30      # shape, stream (0|1), pairs
import { juneVariants, raw } from "./fw-aisdk-june.mjs";
import { clock, quantiles, shapeFor } from "./workload.mjs";

const [shapeKey = "par", streamArg = "0", pairs = "30"] = process.argv.slice(2);
const shape = shapeFor(shapeKey);
const stream = streamArg === "1";
const floor = raw.find((v) => v.key === (stream ? "aisdk-stream" : "aisdk-generate"));
const june = juneVariants.find((v) => v.key === (stream ? "june-stream" : "june-generate"));

for (let i = 0; i < 10; i++) {
  await floor.exec(shape);
  await june.exec(shape);
}
const f = [];
const j = [];
for (let i = 0; i < Number(pairs); i++) {
  for (const v of i % 2 ? [floor, june] : [june, floor]) {
    const c = clock();
    await v.exec(shape);
    (v === floor ? f : j).push(c().cpu);
  }
}
const fm = quantiles(f).median;
const jm = quantiles(j).median;
console.log(
  `steady ${shape.name} stream=${stream}: floor ${fm.toFixed(1)} ms, June ${jm.toFixed(1)} ms CPU per run; ` +
    `ratio of medians ${(jm / fm).toFixed(3)}, median of per-pair ratios ${quantiles(j.map((x, i) => x / f[i])).median.toFixed(3)}`,
);
