// Self time by function of two .cpuprofile files side by side (B − A, largest first), e.g. two
// `node --cpu-prof src/profile-run.mjs` runs of one variant with the engine patched between them.
//   node src/profdiff.mjs A.cpuprofile B.cpuprofile [top]
import { readFileSync } from "node:fs";
const [a, b, top = "40"] = process.argv.slice(2);
function selfBy(file) {
  const prof = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const m = new Map();
  for (let i = 0; i < prof.samples.length; i++) {
    const cf = byId.get(prof.samples[i]).callFrame;
    const k = `${cf.functionName || "(anon)"} ${cf.url.replace(/^.*\/(node_modules|src)\//, "$1/")}:${cf.lineNumber + 1}`;
    m.set(k, (m.get(k) ?? 0) + (prof.timeDeltas[i] ?? 0));
  }
  return m;
}
const A = selfBy(a), B = selfBy(b);
const keys = new Set([...A.keys(), ...B.keys()]);
const rows = [...keys].map((k) => [k, (A.get(k) ?? 0) / 1000, (B.get(k) ?? 0) / 1000]).sort((x, y) => Math.abs(y[2] - y[1]) - Math.abs(x[2] - x[1]));
let sa = 0, sb = 0; for (const r of rows) { sa += r[1]; sb += r[2]; }
console.log(`total A ${sa.toFixed(0)} ms, B ${sb.toFixed(0)} ms`);
for (const [k, x, y] of rows.slice(0, Number(top))) console.log(`${(y - x).toFixed(1).padStart(8)}  ${x.toFixed(1).padStart(7)} ${y.toFixed(1).padStart(7)}  ${k}`);
