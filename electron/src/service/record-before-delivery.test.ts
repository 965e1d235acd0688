// Crash safety of the coalesced, batched record: whatever a window was delivered is in the run's
// record on disk (at least in the OS's cache), so a studio killed mid-stream (SIGKILL: no handler
// runs, nothing is flushed on the way out) has recorded every event any window showed.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TraceEvent } from "../contract/index.ts";
import { makeProject, type ProjectFixture } from "./project-fixture.test-support.ts";

// Streams its words a few per macrotask, as a provider's HTTP reads do, for long enough to be
// killed mid-stream.
const PACED_FLOW = `import { Agent, Step } from "june";
import { scripted } from "june/sdk/scripted";

export default function Paced() {
  const text = Array.from({ length: 200000 }, (_, i) => "w" + i).join(" ");
  const inner = scripted([{ text }]);
  const model = Object.create(inner);
  model.doStream = async (options: unknown) => {
    const result = await inner.doStream(options as never);
    let parts = 0;
    const paced = new TransformStream({
      async transform(part, controller) {
        if (++parts % 8 === 0) await new Promise((resolve) => setImmediate(resolve));
        controller.enqueue(part);
      },
    });
    return { ...result, stream: result.stream.pipeThrough(paced) };
  };
  return (
    <Agent model={model}>
      <Step id="write" prompt="Write at length" />
    </Agent>
  );
}
`;
const CHILD = new URL("./delivered-child.test-support.ts", import.meta.url).pathname;
/** A hang guard, not a timing assertion. */
const BOUND_MS = 30_000;

let project: ProjectFixture;
beforeAll(async () => {
  project = await makeProject({ "paced.tsx": PACED_FLOW });
});
afterAll(() => project.remove());

/** Starts the child, collects what it says was delivered, and SIGKILLs it once `enough` deltas were. */
function deliveredUntilKilled(enough: number): Promise<{ delivered: { runId: string; event: TraceEvent }[]; stderr: string }> {
  const child = spawn(process.execPath, [CHILD, project.folder, "workflow:paced.tsx"], { stdio: ["ignore", "pipe", "pipe"] });
  const delivered: { runId: string; event: TraceEvent }[] = [];
  let stderr = "";
  let rest = "";
  let deltas = 0;
  child.stderr.on("data", (chunk) => void (stderr += chunk));
  child.stdout.on("data", (chunk: Buffer) => {
    const lines = (rest + chunk.toString("utf8")).split("\n");
    rest = lines.pop()!;
    for (const line of lines) {
      const item = JSON.parse(line) as { runId: string; event: TraceEvent };
      delivered.push(item);
      if (item.event.type === "node-update" && item.event.textDelta !== undefined && ++deltas === enough) child.kill("SIGKILL");
    }
  });
  const bound = setTimeout(() => child.kill("SIGKILL"), BOUND_MS);
  return new Promise((resolve) => child.on("exit", () => (clearTimeout(bound), resolve({ delivered, stderr }))));
}

describe("what a window was delivered is in the record, whenever the studio dies", () => {
  it("a studio SIGKILLed mid-stream recorded every event its window got, the same events with the same seqs", async () => {
    const { delivered, stderr } = await deliveredUntilKilled(5);
    const deltas = delivered.filter((d) => d.event.type === "node-update" && d.event.textDelta !== undefined);
    expect(deltas.length, stderr).toBeGreaterThanOrEqual(5);
    const runId = delivered[0]!.runId;
    const lines = (await readFile(join(project.folder, ".june/runs", `${runId}.jsonl`), "utf8")).split("\n").filter((line) => line !== "");
    // A last line cut by the kill is not an event the window saw (it sees only whole written events).
    const recorded = new Map<number, TraceEvent>();
    for (const line of lines) {
      try {
        const event = JSON.parse(line) as TraceEvent;
        recorded.set(event.seq, event);
      } catch {
        // the cut last line
      }
    }
    const missing = delivered.filter((d) => JSON.stringify(recorded.get(d.event.seq)) !== JSON.stringify(d.event)).map((d) => `${d.event.seq} ${d.event.type}`);
    expect(missing).toEqual([]);
    // And the window's seqs are the record's 1, 2, 3, …: no gap it would wait on.
    expect(delivered.map((d) => d.event.seq)).toEqual(delivered.map((_, i) => i + 1));
  });
});
