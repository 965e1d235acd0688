// Runs a probe's child under --single-threaded --trace-opt (compiles happen on the main thread
// and each prints its time) and reads, per run the child marks with `@@run-start i` /
// `@@run-end i <cpu ms>`, its CPU time and the time it spent compiling. Shared by jit-churn.mjs
// and floor-churn.mjs.
import { spawnSync } from "node:child_process";

/** The child's runs: `{ run, cpu, compile, compiles }` each. */
export function compileTimes(script, args, env) {
  const child = spawnSync(process.execPath, ["--single-threaded", "--trace-opt", script, ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (child.status !== 0) throw new Error(child.stderr);
  let compile = 0;
  let compiles = 0;
  const rows = [];
  for (const line of child.stdout.split("\n")) {
    const took = /completed (?:compiling|optimizing).*took ([\d.]+), ([\d.]+), ([\d.]+) ms/.exec(line);
    if (took) {
      compile += Number(took[1]) + Number(took[2]) + Number(took[3]);
      compiles++;
    } else if (line.startsWith("@@run-start")) {
      compile = 0;
      compiles = 0;
    } else if (line.startsWith("@@run-end")) {
      const [, run, cpu] = line.split(" ");
      rows.push({ run: Number(run), cpu: Number(cpu), compile, compiles });
    }
  }
  return rows;
}

/** "runs 4+: cpu N ms, of it compiling M ms": the means once the first runs' warm-up is past. */
export function lateMeans(rows) {
  const late = rows.filter((r) => r.run >= 4);
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return `runs 4+: cpu ${mean(late.map((r) => r.cpu)).toFixed(0)} ms, of it compiling ${mean(late.map((r) => r.compile)).toFixed(0)} ms`;
}
