// Self time by function inside the timed runs only (no module loading, no warm-up, no forced GC):
// one variant alone, 10 warm-up runs, then `runs` runs each after a full GC, the CPU profiler
// (node:inspector) on for each run alone; writes the summed self times as JSON for profdiff-json.
//   JUNE_REPO=/work/main node src/prof-timed.mjs june-generate par 40 /tmp/june.json
//   node src/prof-timed.mjs diff /tmp/aisdk.json /tmp/june.json 40
import { readFileSync, writeFileSync } from "node:fs";

const [key, shapeKey, runs, out] = process.argv.slice(2);
if (key === "diff") {
  const [a, b, top = "40"] = [shapeKey, runs, out];
  const A = JSON.parse(readFileSync(a, "utf8")), B = JSON.parse(readFileSync(b, "utf8"));
  const n = A.runs;
  const rows = [...new Set([...Object.keys(A.self), ...Object.keys(B.self)])].map((k) => [k, (A.self[k] ?? 0) / A.runs, (B.self[k] ?? 0) / B.runs]);
  rows.sort((x, y) => Math.abs(y[2] - y[1]) - Math.abs(x[2] - x[1]));
  const sum = (i) => rows.reduce((s, r) => s + r[i], 0);
  console.log(`ms per run: A ${sum(1).toFixed(1)}, B ${sum(2).toFixed(1)} (${n} and ${B.runs} runs)`);
  const byFile = (i) => { const m = {}; for (const r of rows) { const f = r[0].includes("src/") ? "june src" : r[0].includes("node_modules/ai/") ? "ai" : r[0].startsWith("(") ? r[0].split(" ")[0] : "other"; m[f] = (m[f] ?? 0) + r[i]; } return m; };
  const fa = byFile(1), fb = byFile(2);
  for (const f of new Set([...Object.keys(fa), ...Object.keys(fb)])) console.log(`  ${f.padEnd(24)} ${(fa[f] ?? 0).toFixed(1).padStart(7)} ${(fb[f] ?? 0).toFixed(1).padStart(7)}`);
  for (const [k, x, y] of rows.slice(0, Number(top))) console.log(`${(y - x).toFixed(2).padStart(8)}  ${x.toFixed(2).padStart(7)} ${y.toFixed(2).padStart(7)}  ${k}`);
} else {
  const { Session } = await import("node:inspector/promises");
  const { juneVariants, raw } = await import("./fw-aisdk-june.mjs");
  const { gc, shapeFor } = await import("./workload.mjs");
  const shape = shapeFor(shapeKey);
  const v = [...raw, ...juneVariants].find((x) => x.key === key);
  for (let i = 0; i < 10; i++) await v.exec(shape);
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  const self = {};
  for (let r = 0; r < Number(runs); r++) {
    gc();
    await session.post("Profiler.start");
    await v.exec(shape);
    const { profile } = await session.post("Profiler.stop");
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    for (let i = 0; i < profile.samples.length; i++) {
      const cf = byId.get(profile.samples[i]).callFrame;
      const k = `${cf.functionName || "(anon)"} ${cf.url.replace(/^.*\/(node_modules|src)\//, "$1/")}:${cf.lineNumber + 1}`;
      // The profiler's own stop (node:inspector's post) is not the run's.
      if (cf.url === "node:inspector") continue;
      self[k] = (self[k] ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000;
    }
  }
  writeFileSync(out, JSON.stringify({ runs: Number(runs), self }));
}
