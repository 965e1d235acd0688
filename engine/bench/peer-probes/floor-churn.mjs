// Whether the AI SDK floor's per-run recompilation (see jit-churn.mjs) comes from objects of one
// run dying: `generateText` on the peer workload 12 times in a child under --single-threaded
// --trace-opt, with a full GC before each run (unless `nogc`), optionally one model instance
// (`model`) and one stop condition (`stop`) for every run, or every run's result kept (`keep`).
//   cp engine/bench/peer-probes/*.mjs <harness copy>/src/ && cd <harness copy>
//   JUNE_REPO=/work/main node src/floor-churn.mjs model,stop,keep
import { compileTimes, lateMeans } from "./compile-times.mjs";
import { fileURLToPath } from "node:url";

const modes = (process.argv[2] ?? "").split(",");

if (process.env.FLOOR_CHURN_CHILD) {
  const { FakeV4 } = await import("./fake-v4.mjs");
  const { FINAL_TEXT, PROMPT, JUNE_REPO, clock, gc, shapeFor } = await import("./workload.mjs");
  const { pingTool } = await import("./fw-aisdk-june.mjs");
  const { generateText, stepCountIs } = await import(`${JUNE_REPO}/node_modules/ai/dist/index.js`);
  const shape = shapeFor("par");
  const tools = { ping: pingTool };
  const sharedModel = new FakeV4(shape);
  const sharedStop = stepCountIs(shape.turns + 1);
  const kept = [];
  for (let run = 0; run < 12; run++) {
    if (!modes.includes("nogc")) gc();
    console.log(`@@run-start ${run}`);
    const c = clock();
    if (modes.includes("model")) sharedModel.calls = 0;
    const model = modes.includes("model") ? sharedModel : new FakeV4(shape);
    const stopWhen = modes.includes("stop") ? sharedStop : stepCountIs(shape.turns + 1);
    const result = await generateText({ model, tools, prompt: PROMPT, stopWhen });
    if (result.text !== FINAL_TEXT) throw new Error(`run ${run}: final text ${JSON.stringify(result.text)}`);
    if (modes.includes("keep")) kept.push(result);
    console.log(`@@run-end ${run} ${c().cpu.toFixed(1)}`);
  }
} else {
  const rows = compileTimes(fileURLToPath(import.meta.url), [modes.join(",")], { FLOOR_CHURN_CHILD: "1" });
  console.log(`floor, ${modes.join(",") || "fresh objects per run, full GC before each"}: ${lateMeans(rows)}`);
}
