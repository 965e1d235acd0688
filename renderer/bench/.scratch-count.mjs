import { openProject } from "june/project";
import { run } from "june";
let t0 = performance.now();
const project = await openProject("/tmp/tvb-proto");
console.log("open", (performance.now() - t0).toFixed(0));
for (let i = 0; i < 2; i++) {
  const counts = {};
  let bytes = 0;
  t0 = performance.now();
  const h = run(project.element(project.entries[0].id), { ...project.runDefaults, onEvent: (e) => { counts[e.type] = (counts[e.type] ?? 0) + 1; } });
  const r = await h.result;
  const ms = performance.now() - t0;
  const kinds = {};
  const walk = (n) => { kinds[n.kind] = (kinds[n.kind] ?? 0) + 1; n.children.forEach(walk); };
  walk(r.trace);
  console.log(r.status, ms.toFixed(0), counts, kinds, JSON.stringify(r.trace).length);
}
