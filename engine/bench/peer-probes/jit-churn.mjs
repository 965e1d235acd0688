// How much of each run is V8 recompiling: runs one variant of the peer workload `runs` times in a
// child process under --single-threaded --trace-opt (so compilation happens on the main thread and
// each compile's time is printed), with the harness's full GC before each run or (`nogc`) without,
// and sums the compile times per run.
//   cp engine/bench/peer-probes/*.mjs <harness copy>/src/ && cd <harness copy>
//   JUNE_REPO=/work/main node src/jit-churn.mjs aisdk-generate par 12 [nogc]
import { compileTimes, lateMeans } from "./compile-times.mjs";
import { fileURLToPath } from "node:url";

const [key, shapeKey = "par", runs = "12", mode = "gc"] = process.argv.slice(2);

if (process.env.JIT_CHURN_CHILD) {
  const { loadVariants } = await import("./variants.mjs");
  const { clock, gc, shapeFor } = await import("./workload.mjs");
  const variant = (await loadVariants(["aisdk", "june"])).find((v) => v.key === key);
  const shape = shapeFor(shapeKey);
  for (let i = 0; i < Number(runs); i++) {
    if (mode !== "nogc") gc();
    console.log(`@@run-start ${i}`);
    const c = clock();
    await variant.exec(shape);
    console.log(`@@run-end ${i} ${c().cpu.toFixed(1)}`);
  }
} else {
  const rows = compileTimes(fileURLToPath(import.meta.url), [key, shapeKey, runs, mode], { JIT_CHURN_CHILD: "1" });
  console.log(`${key} ${shapeKey}, ${mode === "nogc" ? "no forced GC" : "full GC before each run"}: run cpu ms / compile ms (compiles)`);
  console.log(rows.map((r) => `${r.run}: ${r.cpu.toFixed(0)} / ${r.compile.toFixed(0)} (${r.compiles})`).join("  "));
  console.log(lateMeans(rows));
}
