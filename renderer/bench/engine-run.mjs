// The trace-view bench's baseline, run as its own Node process (as cold as the studio's): one
// entry of the project run by the engine alone, the way StudioService.startRun does
// (project.element, project.runDefaults, an onEvent listener), with nothing sent anywhere.
//   node bench/engine-run.mjs <project folder> <entry name>   → one JSON line on stdout
// Besides the time to run()'s result it reports when the process's event loop next ran a timer
// (work the run left running after its result delays a host's timers and sockets just as much),
// and the longest stretch in which no timer could run.
import { run } from "june";
import { openProject } from "june/project";

const [folder, entryName] = process.argv.slice(2);
if (!folder || !entryName) throw new Error("engine-run.mjs: pass the project folder the bench wrote and an entry name");

const project = await openProject(folder);
const entry = project.entries.find((e) => e.name === entryName);
if (!entry || project.problems.length > 0) {
  throw new Error(`engine-run.mjs: no clean entry ${entryName} in ${folder}: ${project.entries.map((e) => e.name).join(", ")}; problems ${JSON.stringify(project.problems)}`);
}

const loop = watchTimers();
let events = 0;
const cpu = process.cpuUsage();
const start = performance.now();
const handle = run(project.element(entry.id, {}), { ...project.runDefaults, onEvent: () => void events++ });
const result = await handle.result;
const wallMs = performance.now() - start;
const used = process.cpuUsage(cpu);
await new Promise((resolve) => setTimeout(resolve, 0));
const settledMs = performance.now() - start;
const settledCpu = process.cpuUsage(cpu);
loop.stop();

if (result.status !== "succeeded") throw new Error(`engine-run.mjs: the run ${result.status}: ${result.error?.code} ${result.error?.message}`);
process.stdout.write(
  `${JSON.stringify({
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    settledMs,
    settledCpuMs: (settledCpu.user + settledCpu.system) / 1000,
    timerGapMaxMs: loop.maxGapMs(),
    events,
    nodes: countNodes(result.trace),
  })}\n`,
);

/** A 5 ms timer chain: the longest gap between its ticks is the longest the loop didn't turn. */
function watchTimers() {
  let last = performance.now();
  let max = 0;
  const measure = () => {
    const now = performance.now();
    max = Math.max(max, now - last);
    last = now;
  };
  let timer = setTimeout(function tick() {
    measure();
    timer = setTimeout(tick, 5);
  }, 5);
  return {
    stop() {
      clearTimeout(timer);
      measure();
    },
    maxGapMs: () => max,
  };
}

function countNodes(root) {
  let count = 0;
  for (const stack = [root]; stack.length > 0; count++) stack.push(...stack.pop().children);
  return count;
}
