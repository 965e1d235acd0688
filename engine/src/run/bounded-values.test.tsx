// Values from outside a run — its input, what a tool returns, the JSON a model sends as a tool
// call's input, a step's typed output — are bounded where they enter (256 levels deep, 16 MiB of
// JSON by default; run({ limits }) changes both). Past a bound the value never reaches the trace,
// the record or the model: the run's input fails the run before any model call, a tool's result or
// a model's tool input is a tool error the model sees. Every case here is recorded to a JSONL file,
// the path where a 5,000-deep value used to overflow the stack.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Output, tool } from "ai";
import { z } from "zod";
import { Agent, Step, Tool, openTraceWriter, readTraceFile, run, type RunOptions, type TraceNode } from "june";
import { scripted } from "june/sdk/scripted";
import { deepJsonText, deepValue, withRawToolInput } from "./deep-values.test-support.ts";

function flatten(node: TraceNode): TraceNode[] {
  const all: TraceNode[] = [];
  const stack = [node];
  while (stack.length) {
    const next = stack.pop()!;
    all.push(next);
    stack.push(...[...next.children].reverse());
  }
  return all;
}

/** Runs `element` recorded to a fresh JSONL file; returns the result and what the file holds. */
async function recorded(element: Parameters<typeof run>[0], options: RunOptions = {}) {
  const file = join(mkdtempSync(join(tmpdir(), "june-bounded-")), "run.jsonl");
  const writer = openTraceWriter(file);
  const result = await run(element, { ...options, onEvent: (event) => writer.append(event) }).result;
  writer.close();
  return { result, file: readTraceFile(file), nodes: flatten(result.trace) };
}

function echo(log: unknown[]) {
  return tool({
    description: "Echo",
    inputSchema: z.object({ value: z.unknown() }),
    execute: async (input) => (log.push(input), "echoed"),
  });
}

describe("the run's input", () => {
  it("5,000 levels deep: the run fails with JUNE_VALUE_TOO_DEEP before any model call, and the record is whole", async () => {
    const model = scripted([{ text: "never" }]);
    const { result, file } = await recorded(
      <Agent model={model}>
        <Step id="s" prompt="p" />
      </Agent>,
      { input: deepValue(5000) },
    );
    expect(result.status).toBe("failed");
    expect(result.error!.code).toBe("JUNE_VALUE_TOO_DEEP");
    expect(result.error!.message).toContain("the run's input");
    expect(result.error!.message).toContain("256 levels");
    expect(model.calls).toHaveLength(0);
    expect(result.trace).toMatchObject({ kind: "run", status: "failed", error: { code: "JUNE_VALUE_TOO_DEEP" } });
    expect(result.trace.input).toBeUndefined();
    expect(file.truncated).toBe(false);
    expect(file.tree).toMatchObject({ kind: "run", status: "failed", error: { code: "JUNE_VALUE_TOO_DEEP" } });
  });

  it("larger than the size bound: JUNE_VALUE_TOO_LARGE, naming the bound", async () => {
    const model = scripted([{ text: "never" }]);
    const { result } = await recorded(
      <Agent model={model}>
        <Step id="s" prompt="p" />
      </Agent>,
      { input: { text: "x".repeat(5_000) }, limits: { maxBytes: 1_000 } },
    );
    expect(result.error).toMatchObject({ code: "JUNE_VALUE_TOO_LARGE" });
    expect(result.error!.message).toContain("1000 bytes");
    expect(model.calls).toHaveLength(0);
  });

  it("at the depth bound the input is taken and recorded as given", async () => {
    const input = deepValue(256);
    const { result, file } = await recorded(
      <Agent model={scripted([{ text: "fine" }])}>
        <Step id="s" prompt="p" />
      </Agent>,
      { input },
    );
    expect(result.status).toBe("succeeded");
    expect(file.tree!.input).toEqual(input);
  });
});

describe("a tool's result", () => {
  it("5,000 levels deep: the tool call fails with JUNE_VALUE_TOO_DEEP, the model sees the error, the run goes on", async () => {
    const model = scripted([{ toolCalls: [{ toolName: "dig", input: {} }] }, { text: "the tool failed" }]);
    const dig = tool({ description: "Dig", inputSchema: z.object({}), execute: async () => deepValue(5000) });
    const { result, nodes, file } = await recorded(
      <Agent model={model}>
        <Tool name="dig" value={dig} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(result.status).toBe("succeeded");
    expect(result.output).toBe("the tool failed");
    const call = nodes.find((n) => n.kind === "tool-call")!;
    expect(call).toMatchObject({ name: "dig", status: "failed", error: { code: "JUNE_VALUE_TOO_DEEP" } });
    expect(call.output).toBeUndefined();
    expect(call.error!.message).toContain('the result of the tool "dig"');
    const told = JSON.stringify(model.calls[1]!.prompt.at(-1));
    expect(told).toContain("nested deeper than 256 levels");
    expect(file.truncated).toBe(false);
  });

  it("larger than the size bound: JUNE_VALUE_TOO_LARGE as the tool's error", async () => {
    const model = scripted([{ toolCalls: [{ toolName: "dump", input: {} }] }, { text: "too much" }]);
    const dump = tool({ description: "Dump", inputSchema: z.object({}), execute: async () => ({ rows: Array.from({ length: 500 }, (_, i) => `row ${i}`) }) });
    const { nodes } = await recorded(
      <Agent model={model}>
        <Tool name="dump" value={dump} />
        <Step id="s" prompt="p" />
      </Agent>,
      { limits: { maxBytes: 2_000 } },
    );
    expect(nodes.find((n) => n.kind === "tool-call")).toMatchObject({ status: "failed", error: { code: "JUNE_VALUE_TOO_LARGE" } });
    expect(JSON.stringify(model.calls[1]!.prompt.at(-1))).toContain("larger than 2000 bytes");
  });
});

describe("a model's tool-call input", () => {
  for (const stream of [true, false]) {
    it(`5,000 levels of JSON (stream: ${stream}): a tool error the model sees, and the tool never runs`, async () => {
      const inner = scripted([{ toolCalls: [{ toolName: "echo", input: { value: 1 } }] }, { text: "it was refused" }]);
      const model = withRawToolInput(inner, { call_0_0: deepJsonText(5000) });
      const ran: unknown[] = [];
      const { result, nodes, file } = await recorded(
        <Agent model={model}>
          <Tool name="echo" value={echo(ran)} />
          <Step id="s" prompt="p" />
        </Agent>,
        { stream },
      );
      expect(result.status).toBe("succeeded");
      expect(result.output).toBe("it was refused");
      expect(ran).toEqual([]);
      const call = nodes.find((n) => n.kind === "tool-call")!;
      expect(call).toMatchObject({ name: "echo", callId: "call_0_0", status: "failed", error: { code: "JUNE_VALUE_TOO_DEEP" } });
      expect(call.error!.message).toContain('the input the model sent to the tool "echo"');
      expect(JSON.stringify(inner.calls[1]!.prompt.at(-1))).toContain("nested deeper than 256 levels");
      expect(file.truncated).toBe(false);
    });
  }

  it("a tool input within the bounds runs as sent", async () => {
    const inner = scripted([{ toolCalls: [{ toolName: "echo", input: {} }] }, { text: "done" }]);
    const model = withRawToolInput(inner, { call_0_0: `{"value":${deepJsonText(200)}}` });
    const ran: unknown[] = [];
    const { result } = await recorded(
      <Agent model={model}>
        <Tool name="echo" value={echo(ran)} />
        <Step id="s" prompt="p" />
      </Agent>,
    );
    expect(result.status).toBe("succeeded");
    expect(ran).toEqual([{ value: deepValue(200) }]);
  });
});

describe("a step's typed output", () => {
  for (const stream of [true, false]) {
    it(`5,000 levels of JSON (stream: ${stream}): the step fails with JUNE_VALUE_TOO_DEEP before the SDK parses it`, async () => {
      const output = Output.object({ schema: z.object({ a: z.unknown() }) });
      const { result, nodes, file } = await recorded(
        <Agent model={scripted([{ text: deepJsonText(5000) }])}>
          <Step id="plan" prompt="p" output={output} />
        </Agent>,
        { stream },
      );
      expect(result.status).toBe("failed");
      expect(result.error!.code).toBe("JUNE_VALUE_TOO_DEEP");
      expect(result.error!.message).toContain("the typed output the model sent");
      expect(nodes.find((n) => n.kind === "model-call")).toMatchObject({ status: "failed", error: { code: "JUNE_VALUE_TOO_DEEP" } });
      expect(nodes.find((n) => n.kind === "step")).toMatchObject({ status: "failed", error: { code: "JUNE_VALUE_TOO_DEEP" } });
      expect(file.truncated).toBe(false);
    });
  }
});
