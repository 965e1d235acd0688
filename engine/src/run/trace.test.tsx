// Traces: a node per run, agent, step, model call, tool call and approval, with timings, inputs,
// outputs, streamed text and usage rolled up model call → step → agent → run. Events are
// ordered, numbered, plain JSON, and rebuild the same tree.
import { mkdtempSync, readFileSync, appendFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Agent, Step, Tool, buildTrace, openTraceWriter, readTraceFile, run, type TraceEvent, type TraceNode } from "june";
import { scripted } from "june/sdk/scripted";
import { aTool } from "../../test/support/tree.ts";

function workflow() {
  const model = scripted([
    { toolCalls: [{ toolName: "search", input: { query: "june" } }], usage: { inputTokens: 10, outputTokens: 5, reasoningTokens: 2, cachedInputTokens: 4 } },
    { text: "June is a framework", usage: { inputTokens: 20, outputTokens: 6 } },
    { text: "second step text", usage: { inputTokens: 7, outputTokens: 3 } },
  ]);
  return (
    <Agent model={model} name="researcher">
      <Tool name="search" value={aTool("search")} />
      <Step id="find" prompt="Find out about June" />
      <Step id="say" prompt="Say it" />
    </Agent>
  );
}

async function collect(element: ReturnType<typeof workflow>, options = {}) {
  const handle = run(element, options);
  const events: TraceEvent[] = [];
  for await (const event of handle.events) events.push(event);
  return { events, result: await handle.result };
}

function shape(node: TraceNode): unknown {
  return [node.kind, node.name, node.status, ...(node.children.length ? [node.children.map(shape)] : [])];
}

describe("traces", () => {
  it("has a node per run, agent, step, model call and tool call, in order", async () => {
    const { result } = await collect(workflow());
    expect(shape(result.trace)).toEqual([
      "run",
      "workflow",
      "succeeded",
      [
        [
          "agent",
          "researcher",
          "succeeded",
          [
            ["step", "find", "succeeded", [["model-call", "scripted", "succeeded"], ["tool-call", "search", "succeeded"], ["model-call", "scripted", "succeeded"]]],
            ["step", "say", "succeeded", [["model-call", "scripted", "succeeded"]]],
          ],
        ],
      ],
    ]);
  });

  it("records inputs and outputs: the step prompt, what each model call was sent and answered, tool input and output", async () => {
    const { result } = await collect(workflow());
    const find = result.trace.children[0]!.children[0]!;
    expect(find.input).toEqual({ prompt: "Find out about June" });
    expect(find.output).toBe("June is a framework");
    const [call1, tool, call2] = find.children;
    expect(call1!.input).toMatchObject({ provider: "june.scripted", modelId: "scripted", tools: ["search"], messageOffset: 0 });
    expect(JSON.stringify((call1!.input as { messages: unknown }).messages)).toContain("Find out about June");
    expect(call1!.output).toMatchObject({ toolCalls: [{ toolName: "search", input: { query: "june" } }], finishReason: "tool-calls" });
    expect(tool!.input).toEqual({ query: "june" });
    expect(tool!.output).toBe("search: june");
    expect(tool!.callId).toBe((call1!.output as { toolCalls: { toolCallId: string }[] }).toolCalls[0]!.toolCallId);
    // the second call records only the messages that are new since the first
    const second = call2!.input as { messageOffset: number; messages: unknown[] };
    expect(second.messageOffset).toBeGreaterThan(0);
    expect(JSON.stringify(second.messages)).not.toContain("Find out about June");
    expect(JSON.stringify(second.messages)).toContain("search: june");
    expect(call2!.output).toMatchObject({ text: "June is a framework", finishReason: "stop" });
  });

  it("records timings on every node", async () => {
    const { result } = await collect(workflow());
    const all: TraceNode[] = [];
    const walk = (n: TraceNode) => (all.push(n), n.children.forEach(walk));
    walk(result.trace);
    for (const node of all) {
      expect(node.startedAt).toEqual(expect.any(Number));
      expect(node.endedAt! >= node.startedAt!).toBe(true);
    }
  });

  it("rolls usage up model call → step → agent → run, with reasoning and cached tokens", async () => {
    const { result } = await collect(workflow());
    const agent = result.trace.children[0]!;
    const [find, say] = agent.children;
    expect(find!.children[0]!.usage).toEqual({ inputTokens: 10, outputTokens: 5, reasoningTokens: 2, cachedInputTokens: 4, totalTokens: 15 });
    expect(find!.usage).toEqual({ inputTokens: 30, outputTokens: 11, reasoningTokens: 2, cachedInputTokens: 4, totalTokens: 41 });
    expect(say!.usage.totalTokens).toBe(10);
    expect(agent.usage.totalTokens).toBe(51);
    expect(result.trace.usage).toEqual(agent.usage);
    expect(result.usage).toEqual(agent.usage);
  });

  it("streams text deltas as node-update events on the model call", async () => {
    const { events, result } = await collect(workflow());
    const say = result.trace.children[0]!.children[1]!.children[0]!;
    const deltas = events.filter((e): e is Extract<TraceEvent, { type: "node-update" }> => e.type === "node-update" && e.nodeId === say.id && !!e.textDelta);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => d.textDelta).join("")).toBe("second step text");
  });

  it("with stream: false it calls generateText: same tree, no deltas", async () => {
    const { events, result } = await collect(workflow(), { stream: false });
    expect(events.some((e) => e.type === "node-update" && e.textDelta)).toBe(false);
    expect(result.trace.children[0]!.children[1]!.output).toBe("second step text");
  });

  it("events are numbered 1..n with the run id, are plain JSON, and start/end in a proper nesting", async () => {
    const { events, result } = await collect(workflow());
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(new Set(events.map((e) => e.runId))).toEqual(new Set([result.runId]));
    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
    const open = new Set<string>();
    for (const e of events) {
      if (e.type === "node-start") {
        if (e.node.parentId) expect(open.has(e.node.parentId)).toBe(true);
        open.add(e.node.id);
      }
      if (e.type === "node-end") {
        expect(open.has(e.nodeId)).toBe(true);
        open.delete(e.nodeId);
      }
    }
    expect(open.size).toBe(0);
    expect(events[0]!.type).toBe("node-start");
    expect(events.at(-1)).toMatchObject({ type: "node-end", nodeId: result.trace.id, status: "succeeded" });
  });

  it("the events rebuild the same tree", async () => {
    const { events, result } = await collect(workflow());
    expect(buildTrace(events)).toEqual(JSON.parse(JSON.stringify(result.trace)));
  });

  it("an agent's node carries its capabilities once resolved", async () => {
    const { result } = await collect(workflow());
    expect(result.trace.children[0]!.capabilities).toEqual([{ name: "search", source: '<Tool name="search">' }]);
  });

  it("a late subscriber gets every event from the first", async () => {
    const handle = run(workflow());
    await handle.result;
    const events: TraceEvent[] = [];
    for await (const e of handle.events) events.push(e);
    expect(events[0]!.seq).toBe(1);
    expect(events.at(-1)!.type).toBe("node-end");
  });
});

describe("the JSONL trace store", () => {
  it("appends every event as it happens and rebuilds the tree from the file", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "june-trace-")), "runs", "r.jsonl");
    const writer = openTraceWriter(file);
    const linesWhenStepEnded: number[] = [];
    const { result } = await collect(workflow(), {
      onEvent: (e: TraceEvent) => {
        writer.append(e);
        if (e.type === "node-end" && e.output === "June is a framework") linesWhenStepEnded.push(readFileSync(file, "utf8").trim().split("\n").length);
      },
    });
    writer.close();
    // written as it happens: the file already held the step's end when it ended
    expect(linesWhenStepEnded).toHaveLength(1);
    expect(linesWhenStepEnded[0]).toBe(readTraceFile(file).events.findIndex((e) => e.type === "node-end" && e.output === "June is a framework") + 1);
    const read = readTraceFile(file);
    expect(read.truncated).toBe(false);
    expect(read.tree).toEqual(JSON.parse(JSON.stringify(result.trace)));
  });

  it("a last line cut short by a crash is skipped; everything before it is kept", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "june-trace-")), "r.jsonl");
    const { events } = await collect(workflow());
    writeFileSync(file, events.slice(0, 5).map((e) => JSON.stringify(e)).join("\n") + "\n");
    appendFileSync(file, JSON.stringify(events[5]).slice(0, 20));
    const read = readTraceFile(file);
    expect(read.truncated).toBe(true);
    expect(read.events).toHaveLength(5);
    expect(read.tree!.kind).toBe("run");
  });

  it("a broken line in the middle is an error naming the file and line", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "june-trace-")), "r.jsonl");
    writeFileSync(file, '{"type":"node-start"}\nnot json\n{"type":"node-end"}\n');
    expect(() => readTraceFile(file)).toThrow(/r\.jsonl:2 is not a trace event/);
  });
});
