// Two variants of the peer workload alternating in one process, for a ratio with its spread: after
// 10 warm-up pairs, `pairs` pairs (the order flips each pair), CPU ms of each run; prints the
// geometric mean of the per-pair ratios (B ÷ A) with a 95% interval, and the median. With GC=1 a
// full GC comes before each timed run, as the harness's inproc.mjs does. A ratio moves by ±0.05
// between processes on this machine: compare variants in the same minute, and trust intervals.
//   cp engine/bench/peer-probes/*.mjs <harness copy>/src/ && cd <harness copy>
//   JUNE_REPO=/work/main GC=1 node src/pairs.mjs par 150 aisdk-generate june-generate
import { juneVariants, raw } from "./fw-aisdk-june.mjs";
import { clock, gc, quantiles, shapeFor } from "./workload.mjs";

const [shapeKey = "par", pairs = "100", a = "aisdk-generate", b = "june-generate"] = process.argv.slice(2);
const shape = shapeFor(shapeKey);
const all = [...raw, ...juneVariants];
const [A, B] = [a, b].map((key) => all.find((v) => v.key === key) ?? raise(`no variant ${key}: ${all.map((v) => v.key).join(", ")}`));
const forceGc = process.env.GC === "1";

for (let i = 0; i < 10; i++) {
  await A.exec(shape);
  await B.exec(shape);
}
const times = { a: [], b: [] };
const logRatios = [];
for (let i = 0; i < Number(pairs); i++) {
  const cpu = {};
  for (const [key, v] of i % 2 ? [["a", A], ["b", B]] : [["b", B], ["a", A]]) {
    if (forceGc) gc();
    const c = clock();
    await v.exec(shape);
    cpu[key] = c().cpu;
  }
  times.a.push(cpu.a);
  times.b.push(cpu.b);
  logRatios.push(Math.log(cpu.b / cpu.a));
}
const mean = logRatios.reduce((x, y) => x + y, 0) / logRatios.length;
const sd = Math.sqrt(logRatios.reduce((x, y) => x + (y - mean) ** 2, 0) / (logRatios.length - 1));
const half = (1.96 * sd) / Math.sqrt(logRatios.length);
const f = (x) => x.toFixed(3);
console.log(
  `${shape.name}${forceGc ? ", full GC before each run" : ""}: ${b} ÷ ${a} = ${f(Math.exp(mean))} [${f(Math.exp(mean - half))}–${f(Math.exp(mean + half))}]` +
    ` (median ${f(quantiles(logRatios.map(Math.exp)).median)}; ${a} ${quantiles(times.a).median.toFixed(1)} ms, ${b} ${quantiles(times.b).median.toFixed(1)} ms CPU)`,
);

function raise(message) {
  throw new Error(message);
}
