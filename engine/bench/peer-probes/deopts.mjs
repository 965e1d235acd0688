// Which optimized code V8 throws away between runs of one variant, as the harness runs them (a
// full GC before each): run under --trace-deopt (and --trace-opt for what is compiled again), it
// prints a marker after 10 warm-up runs; count the lines after it by function.
//   JUNE_REPO=/work/main node --trace-deopt src/deopts.mjs june-generate par 20 2>&1 \
//     | sed -n '/=====MARK=====/,$p' | grep "marking dependent\|bailout" \
//     | grep -o "SharedFunctionInfo [^>]*>" | sort | uniq -c | sort -rn | head
import { juneVariants, raw } from "./fw-aisdk-june.mjs";
import { gc, shapeFor } from "./workload.mjs";

const [key = "june-generate", shapeKey = "par", runs = "20"] = process.argv.slice(2);
const shape = shapeFor(shapeKey);
const variant = [...raw, ...juneVariants].find((v) => v.key === key);
if (!variant) throw new Error(`no variant ${key}`);
for (let i = 0; i < 10; i++) await variant.exec(shape);
console.log("=====MARK=====");
for (let i = 0; i < Number(runs); i++) {
  gc();
  await variant.exec(shape);
}
