// Two variants of the peer workload, each alone in its own process (as a program runs one
// framework, not two interleaved): `procs` processes of each, alternating A B B A …; in each, 10
// warm-up runs, then `runs` timed runs with a full GC before each (GC=0: none), CPU ms of each.
// Prints the ratio of the per-process medians' geometric mean (B ÷ A) with a 95% interval over
// the processes, and each side's median. pairs.mjs runs both in one process, where the AI SDK's
// code sees both frameworks' objects; this one does not.
//   cp engine/bench/peer-probes/*.mjs <harness copy>/src/ && cd <harness copy>
//   JUNE_REPO=/work/main node src/solo.mjs par 8 30 aisdk-generate june-generate
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

if (process.env.SOLO_CHILD) {
  const { juneVariants, raw } = await import("./fw-aisdk-june.mjs");
  const { clock, gc, quantiles, shapeFor } = await import("./workload.mjs");
  const [key, shapeKey, runs] = process.argv.slice(2);
  const shape = shapeFor(shapeKey);
  const v = [...raw, ...juneVariants].find((x) => x.key === key);
  if (!v) throw new Error(`no variant ${key}`);
  const forceGc = process.env.GC !== "0";
  for (let i = 0; i < 10; i++) await v.exec(shape);
  const cpu = [];
  for (let i = 0; i < Number(runs); i++) {
    if (forceGc) gc();
    const c = clock();
    await v.exec(shape);
    cpu.push(c().cpu);
  }
  console.log(JSON.stringify({ median: quantiles(cpu).median }));
} else {
  const { quantiles } = await import("./workload.mjs");
  const [shapeKey = "par", procs = "8", runs = "30", a = "aisdk-generate", b = "june-generate"] = process.argv.slice(2);
  const self = fileURLToPath(import.meta.url);
  const med = { [a]: [], [b]: [] };
  for (let p = 0; p < Number(procs); p++) {
    for (const key of p % 2 ? [b, a] : [a, b]) {
      const out = execFileSync(process.execPath, [...process.execArgv, self, key, shapeKey, runs], { encoding: "utf8", env: { ...process.env, SOLO_CHILD: "1" } });
      med[key].push(JSON.parse(out.trim().split("\n").at(-1)).median);
    }
  }
  const logs = med[b].map((x, i) => Math.log(x / med[a][i]));
  const mean = logs.reduce((x, y) => x + y, 0) / logs.length;
  const sd = Math.sqrt(logs.reduce((x, y) => x + (y - mean) ** 2, 0) / Math.max(1, logs.length - 1));
  const half = (1.96 * sd) / Math.sqrt(logs.length);
  const f = (x) => x.toFixed(3);
  console.log(
    `${shapeKey}, each alone in ${procs} processes × ${runs} runs${process.env.GC === "0" ? "" : ", full GC before each run"}: ${b} ÷ ${a} = ${f(Math.exp(mean))} [${f(Math.exp(mean - half))}–${f(Math.exp(mean + half))}]` +
      ` (${a} ${quantiles(med[a]).median.toFixed(1)} ms, ${b} ${quantiles(med[b]).median.toFixed(1)} ms CPU, medians of the process medians)`,
  );
}
