// A run whose recorder fails — onEvent throws, e.g. the JSONL writer on a full disk or on a value
// JSON can't write — fails with JUNE_RECORD_FAILED and stops: no tool starts after the failure,
// the result still resolves, and nothing escapes into the process, wherever the event was emitted
// from (inside run(), a stream, a tool's start, an abort listener).
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tool } from "ai";
import { z } from "zod";
import { Agent, Step, Tool, openTraceWriter, readTraceFile, run, type RunHandle, type TraceEvent } from "june";
import { scripted } from "june/sdk/scripted";

function tools(log: string[]) {
  return {
    first: tool({ description: "First", inputSchema: z.object({}), execute: async () => (log.push("first"), "one") }),
    second: tool({ description: "Second", inputSchema: z.object({}), execute: async () => (log.push("second"), 2n as unknown as string) }),
  };
}

function workflow(log: string[]) {
  const model = scripted([
    { toolCalls: [{ toolName: "first", input: {} }] },
    { toolCalls: [{ toolName: "second", input: {} }] },
    { toolCalls: [{ toolName: "first", input: {} }] },
    { text: "done" },
  ]);
  const { first, second } = tools(log);
  return {
    model,
    element: (
      <Agent model={model} name="worker">
        <Tool name="first" value={first} />
        <Tool name="second" value={second} />
        <Step id="work" prompt="Work" />
      </Agent>
    ),
  };
}

describe("a recorder that fails fails its run", () => {
  it.skipIf(!existsSync("/dev/full"))("a full disk at the first event: JUNE_RECORD_FAILED, no model call, the result resolves (needs Linux's /dev/full)", async () => {
    const log: string[] = [];
    const { element, model } = workflow(log);
    const writer = openTraceWriter("/dev/full");
    const result = await run(element, { onEvent: (e) => writer.append(e) }).result;
    writer.close();
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_RECORD_FAILED");
    expect(result.error!.message).toContain("ENOSPC");
    expect(model.calls).toHaveLength(0);
    expect(log).toEqual([]);
    expect(result.trace).toMatchObject({ kind: "run", status: "failed", error: { code: "JUNE_RECORD_FAILED" } });
  });

  it("a tool result JSON can't write: the run fails with JUNE_RECORD_FAILED naming the event, and no later tool runs", async () => {
    const log: string[] = [];
    const { element } = workflow(log);
    const file = join(mkdtempSync(join(tmpdir(), "june-record-")), "run.jsonl");
    const writer = openTraceWriter(file);
    const result = await run(element, { onEvent: (e) => writer.append(e) }).result;
    writer.close();
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_RECORD_FAILED");
    expect(result.error!.message).toMatch(/event \d+ \(node-end\) can't be written .* as JSON: .*BigInt/);
    expect(log).toEqual(["first", "second"]);
    const read = readTraceFile(file);
    expect(read.truncated).toBe(false);
    expect(read.events.at(-1)).toMatchObject({ type: "node-start", node: { kind: "tool-call", name: "second" } });
  });

  it("onEvent throwing as a tool call starts: the tool never runs, and the message says which event", async () => {
    const log: string[] = [];
    const { element } = workflow(log);
    const result = await run(element, {
      onEvent: (e) => {
        if (e.type === "node-start" && e.node.kind === "tool-call") throw new Error("the disk is gone");
      },
    }).result;
    expect(result.status).toBe("failed");
    expect(result.error).toEqual({
      code: "JUNE_RECORD_FAILED",
      message: expect.stringMatching(/^june: the run's onEvent handler threw on event \d+ \(node-start\), so the run can't be recorded and was stopped: the disk is gone$/),
    });
    expect(log).toEqual([]);
    const step = result.trace.children[0]!.children[0]!;
    expect(step).toMatchObject({ kind: "step", status: "failed", error: { code: "JUNE_RECORD_FAILED" } });
    expect(step.children.find((n) => n.kind === "tool-call")).toMatchObject({ status: "aborted" });
  });

  it("onEvent throwing on the events an abort emits (from inside the abort's listeners) fails the run, not the process", async () => {
    const log: string[] = [];
    const { element } = workflow(log);
    let handle: RunHandle | undefined;
    const seen: TraceEvent[] = [];
    // eslint-disable-next-line prefer-const -- run() emits (and the listener may read the handle) before it returns
    handle = run(element, {
      startPaused: true,
      onEvent: (e) => {
        seen.push(e);
        if (e.type === "paused") queueMicrotask(() => handle!.abort("stop"));
        if (e.type === "resumed" && e.how === "abort") throw new Error("can't write the resume");
      },
    });
    const result = await handle.result;
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_RECORD_FAILED");
    expect(result.error!.message).toContain("can't write the resume");
    expect(log).toEqual([]);
    // The recorder still heard the run end.
    expect(seen.at(-1)).toMatchObject({ type: "node-end", status: "failed" });
  });
});
