// Runs of an isolated project happen in a worker of their own: events, approvals and the result
// cross as data, and what a tool does — spin forever, call process.exit, throw in a timer — ends
// the run with a coded error, never this process. Small grace periods through options.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openProject } from "../project/index.ts";
import { buildTrace, type TraceEvent } from "../trace/index.ts";
import { getPriority } from "node:os";
import { WORKER_NICE, backgroundCpus, cpuList } from "./background-priority.ts";
import { toolThat } from "./hostile-code.test-support.ts";

const SAMPLES = fileURLToPath(new URL("../../../samples", import.meta.url));
const LIMITS = { importMs: 5_000, renderMs: 5_000, abortGraceMs: 500 };

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-isolate-run-"));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

async function startWith(tool: string) {
  await writeFile(join(folder, "acting.tsx"), tool);
  const project = await openProject(folder, { isolate: { limits: LIMITS } });
  expect(project.problems).toEqual([]);
  const events: TraceEvent[] = [];
  const handle = project.start("workflow:acting.tsx", { onEvent: (event) => events.push(event), warn: () => {} });
  return { handle, events };
}

/** Every node the events start, ended by them too (the trace a store keeps is closed). */
function openNodes(events: readonly TraceEvent[]): string[] {
  const open = new Set<string>();
  for (const event of events) {
    if (event.type === "node-start") open.add(event.node.id);
    if (event.type === "node-end") open.delete(event.nodeId);
  }
  return [...open];
}

describe("a run in a worker", () => {
  it.skipIf(process.platform !== "linux")("runs below the host's priority (nice 10), so the host and its windows come first (Linux only)", async () => {
    const { handle, events } = await startWith(
      toolThat(`const os = await import("node:os"); const fs = await import("node:fs");
        const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
        throw new Error("nice " + os.getPriority(tid));`),
    );
    await handle.result;
    const failed = events.find((e) => e.type === "node-end" && e.error !== undefined && e.error.message.includes("nice "));
    const nice = Number(/nice (-?\d+)/.exec((failed as { error: { message: string } } | undefined)?.error.message ?? "")?.[1]);
    expect(nice).toBe(Math.max(WORKER_NICE, getPriority(process.pid)));
  });

  // What the worker reads: this process's environment (JUNE_BACKGROUND_CPUS may choose, or say "all").
  const kept = backgroundCpus();
  it.skipIf(kept === undefined)("keeps off the process's last CPU, so the host and its windows always have one (Linux, two CPUs or more)", async () => {
    const { handle, events } = await startWith(
      toolThat(`const fs = await import("node:fs");
        throw new Error("cpus " + /Cpus_allowed_list:\\s*(\\S+)/.exec(fs.readFileSync("/proc/thread-self/status", "utf8"))[1]);`),
    );
    await handle.result;
    const failed = events.find((e) => e.type === "node-end" && e.error !== undefined && e.error.message.includes("cpus "));
    const cpus = /cpus (\S+)/.exec((failed as { error: { message: string } } | undefined)?.error.message ?? "")?.[1];
    expect(cpuList(cpus ?? "none")).toEqual(cpuList(kept!));
  });

  it("sends its streamed text a frame at a time, whole, in gap-free order", async () => {
    const words = Array.from({ length: 2_000 }, (_, i) => `w${i}`);
    await writeFile(
      join(folder, "stream.tsx"),
      `import { Agent, Step } from "june";\nimport { scripted } from "june/sdk/scripted";\n` +
        `export default function Stream() {\n  return (<Agent model={scripted([{ text: ${JSON.stringify(words.join(" "))} }])}><Step id="write" prompt="Write" /></Agent>);\n}\n`,
    );
    const project = await openProject(folder, { isolate: { limits: LIMITS } });
    const events: TraceEvent[] = [];
    const result = await project.start("workflow:stream.tsx", { onEvent: (event) => events.push(event), warn: () => {} }).result;
    expect(result.status).toBe("succeeded");
    const deltas = events.filter((e) => e.type === "node-update" && e.textDelta !== undefined);
    // The scripted model streams one delta a word; what crossed is far fewer, and nothing is lost.
    expect(deltas.length).toBeLessThan(words.length / 2);
    expect(deltas.map((e) => (e as { textDelta: string }).textDelta).join("")).toBe(words.join(" "));
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it("runs a sample with an approval end to end, approved from the host", async () => {
    const project = await openProject(SAMPLES, { isolate: true });
    const handle = project.start("workflow:release.tsx", { warn: () => {} });
    const seen: string[] = [];
    for await (const event of handle.events) {
      seen.push(event.type);
      if (event.type === "approval-requested") {
        expect(handle.pendingApprovals().map((a) => a.toolName)).toEqual(["deploy"]);
        handle.approve(event.approval.approvalId);
      }
    }
    const result = await handle.result;
    expect(result).toMatchObject({ status: "succeeded", runId: handle.id });
    expect(String(result.output)).toContain("Deployed to staging");
    expect(result.trace).toMatchObject({ kind: "run", name: "Release", status: "succeeded" });
    expect(result.usage.totalTokens).toBeGreaterThan(0);
    expect(seen).toContain("approval-resolved");
    expect(seen.at(-1)).toBe("node-end");
  });

  it("abort ends a run whose tool spins forever: its worker is ended after the grace period", async () => {
    const { handle, events } = await startWith(toolThat("while (true) {}"));
    for await (const event of handle.events) if (event.type === "node-start" && event.node.kind === "tool-call") break;
    handle.abort("enough");
    const result = await handle.result;
    expect(result.status).toBe("aborted");
    expect(result.error).toMatchObject({ code: "JUNE_ABORT_FORCED", message: expect.stringContaining("enough") });
    expect(openNodes(events)).toEqual([]);
    expect(result.trace.status).toBe("aborted");
  });

  it("a tool that calls process.exit fails the run with a coded error naming what happened", async () => {
    const { handle, events } = await startWith(toolThat("process.exit(9);"));
    const result = await handle.result;
    expect(result.status).toBe("failed");
    expect(result.error).toMatchObject({ code: "JUNE_USER_CODE_EXITED", message: expect.stringContaining("process.exit(9)") });
    expect(openNodes(events)).toEqual([]);
  });

  it("a throw in a tool's timer fails the run with its message", async () => {
    const { handle } = await startWith(toolThat(`setTimeout(() => { throw new Error("late in a run"); }); await new Promise((r) => setTimeout(r, 50));`));
    const result = await handle.result;
    expect(result.status).toBe("failed");
    expect(result.error).toMatchObject({ code: "JUNE_USER_CODE_UNCAUGHT", message: expect.stringContaining("late in a run") });
  });

  it("a markdown agent runs in the worker with the config's model and tools", async () => {
    await writeFile(
      join(folder, "june.config.ts"),
      `import { tool } from "ai";\nimport { z } from "zod";\nimport { defineConfig } from "june";\nimport { scripted } from "june/sdk/scripted";\n` +
        `export default defineConfig({\n  model: scripted([{ toolCalls: [{ toolName: "lookup", input: {} }] }, { text: "configured" }]),\n` +
        `  tools: { lookup: tool({ description: "l", inputSchema: z.object({}), execute: async () => "looked up" }) },\n});\n`,
    );
    await mkdir(join(folder, ".claude/agents"), { recursive: true });
    await writeFile(join(folder, ".claude/agents/helper.md"), "---\nname: helper\ndescription: Helps\ntools: lookup\nmodel: inherit\n---\nYou help.\n");
    const project = await openProject(folder, { isolate: { limits: LIMITS } });
    expect(project.problems).toEqual([]);
    expect(project.entries.map((e) => [e.id, e.tools])).toEqual([["markdown:helper", ["lookup"]]]);
    const events: TraceEvent[] = [];
    const result = await project.start("markdown:helper", { input: "do it", onEvent: (e) => events.push(e), warn: () => {} }).result;
    expect(result).toMatchObject({ status: "succeeded", output: "configured" });
    expect(events.some((e) => e.type === "node-start" && e.node.kind === "tool-call" && e.node.name === "lookup")).toBe(true);
  });

  it("stepping crosses too: a run started paused stops, steps and continues to the end", async () => {
    await writeFile(join(folder, "acting.tsx"), toolThat(""));
    const project = await openProject(folder, { isolate: { limits: LIMITS } });
    const handle = project.start("workflow:acting.tsx", { startPaused: true, warn: () => {} });
    let stops = 0;
    for await (const event of handle.events) {
      if (event.type !== "paused") continue;
      stops++;
      expect(handle.stopped()?.id).toBe(event.stop.id);
      if (stops === 1) handle.step();
      else handle.continue();
    }
    expect(stops).toBe(2);
    expect((await handle.result).status).toBe("succeeded");
  });
});

describe("a caller that keeps the events (onEvent) gets no second copy from the host", () => {
  it("the result's trace is the run node alone, with its status, times and usage; the tree is what onEvent got", async () => {
    const { handle, events } = await startWith(toolThat(""));
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    const tree = buildTrace(events)!;
    expect(tree.children.length).toBeGreaterThan(0);
    const { children, ...runNode } = tree;
    expect(result.trace).toEqual({ ...runNode, children: [] });
    expect(result.trace.usage.totalTokens).toBeGreaterThan(0);
  });

  it("events yields those from when it is iterated on: an iteration after the run ended replays nothing", async () => {
    const { handle, events } = await startWith(toolThat(""));
    const live: TraceEvent[] = [];
    for await (const event of handle.events) live.push(event);
    await handle.result;
    expect(live).toEqual(events);
    const late: TraceEvent[] = [];
    for await (const event of handle.events) late.push(event);
    expect(late).toEqual([]);
  });
});
