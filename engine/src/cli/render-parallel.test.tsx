// The live tree when a model calls two defined agents in one response (fixtures/parallel.tsx):
// their runs go on side by side, their events interleave, and every line must still read as
// belonging to its own agent. A real run on scripted models feeds the renderer event by event.
import { PassThrough, Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildTrace, run, type TraceEvent, type TraceNode } from "june";
import { jsx } from "../jsx/jsx-runtime.ts";
import type { TraceEventInput } from "../trace/index.ts";
import Parallel from "./fixtures/parallel.tsx";
import { EventRenderer, renderEvents } from "./render-events.ts";
import { runWorkflowCommand, type CliIo } from "./run-command.ts";

const plain = { color: false, width: 100 };
const AGENTS = ["alpha", "beta"];
const FIXTURE = fileURLToPath(new URL("./fixtures/parallel.tsx", import.meta.url));

// Durations print as 0ms: the lines are exact whatever the machine's speed.
beforeEach(() => void vi.useFakeTimers({ toFake: ["Date"], now: 1_000 }));
afterEach(() => void vi.useRealTimers());

/** Runs the workflow, writing each event to the renderer as it arrives, as `june run` does. */
async function liveRun(): Promise<{ events: TraceEvent[]; lines: string[] }> {
  const renderer = new EventRenderer(plain);
  const events: TraceEvent[] = [];
  let text = "";
  const handle = run(jsx(Parallel, {}), {
    onEvent: (event) => {
      events.push(event);
      text += renderer.push(event);
    },
  });
  expect((await handle.result).status).toBe("succeeded");
  text += renderer.finish();
  return { events, lines: text.replace(/\n$/, "").split("\n") };
}

/** Which of the two agents an event's node descends from (by its parentId chain), if either. */
function ownerOf(events: TraceEvent[]): (event: TraceEvent) => string | undefined {
  const nodes = new Map<string, { parentId: string | null; kind: string; name: string }>();
  for (const event of events) if (event.type === "node-start") nodes.set(event.node.id, event.node);
  return (event) => {
    let id: string | null = event.type === "node-start" ? event.node.id : "nodeId" in event ? event.nodeId : null;
    while (id !== null) {
      const node = nodes.get(id)!;
      if (node.kind === "tool-call" && AGENTS.includes(node.name)) return node.name;
      id = node.parentId;
    }
    return undefined;
  };
}

/**
 * The lines as a person reads them: a line tagged `[name]` belongs to that agent, and so do the
 * untagged lines after it; `→ tool name` opens that agent's lines; an untagged line at the calling
 * step's own depth (the tool calls' start and end lines and what follows them) is the caller's.
 */
function readAsPerson(lines: string[]): { owner: string; line: string; tagged: boolean }[] {
  const callDepth = lines.find((line) => line.includes("→ tool alpha"))!.search(/\S/);
  let current = "caller";
  return lines.map((text) => {
    const [, indent = "", tag, rest = ""] = /^( *)(?:\[([^\]]+)\] )?(.*)$/.exec(text)!;
    if (tag !== undefined) current = tag;
    else if (indent.length <= callDepth && rest !== "") current = "caller";
    const read = { owner: current, line: `${indent}${rest}`, tagged: tag !== undefined };
    const call = indent.length === callDepth && tag === undefined ? /^→ tool (\w+) /.exec(rest) : null;
    if (call && AGENTS.includes(call[1]!)) current = call[1]!;
    return read;
  });
}

/** The lines `readAsPerson` gives `owner`, without their tags. */
function linesOf(lines: string[], owner: string): string[] {
  return readAsPerson(lines)
    .filter((read) => read.owner === owner)
    .map((read) => read.line);
}

/** What an agent's subtree prints when it runs alone: the sequential tree, in its order. */
function subtree(name: "alpha" | "beta", question: string, toolName: string, answer: string): string[] {
  return [
    `        ◆ composite ${name} {"question":"${question}"}`,
    `          ● agent ${name}`,
    `            tools: ${toolName}`,
    `            ▸ step main "${name}: ${question}"`,
    "              ◇ model scripted",
    `              ✓ model scripted succeeded · 0ms · 5 tokens (2 in, 3 out) → calls ${toolName}`,
    `              → tool ${toolName} {"query":"${name} sources"}`,
    `              ✓ tool ${toolName} succeeded · 0ms → "${toolName} results for ${name} sources"`,
    "              ◇ model scripted",
    `                ${answer}`,
    "              ✓ model scripted succeeded · 0ms · 19 tokens (10 in, 9 out)",
    "            ✓ step main succeeded · 0ms · 24 tokens",
    `          ✓ agent ${name} succeeded · 0ms · 24 tokens`,
    `        ✓ composite ${name} succeeded · 0ms · 24 tokens`,
  ];
}

describe("two defined agents called in one response", () => {
  it("really run side by side: their events interleave, more than once each way", async () => {
    const { events } = await liveRun();
    const owner = ownerOf(events);
    const turns = events.map(owner).filter((name) => name !== undefined);
    const switches = turns.filter((name, i) => i > 0 && name !== turns[i - 1]).length;
    expect(switches).toBeGreaterThan(6);
  });

  it("every line of alpha's subtree reads as alpha's and none as beta's, and the other way round", async () => {
    const { lines } = await liveRun();
    expect(linesOf(lines, "alpha")).toEqual(subtree("alpha", "first", "searchA", "Alpha found that both sources agree on the answer."));
    expect(linesOf(lines, "beta")).toEqual(subtree("beta", "second", "searchB", "Beta found one source that disagrees with the rest."));
  });

  it("the caller's lines are the sequential tree around them, unchanged", async () => {
    const { lines } = await liveRun();
    expect(linesOf(lines, "caller")).toEqual([
      "▶ run Parallel",
      expect.stringMatching(/^ {2}● agent Parallel \(parallel\.tsx:\d+\)$/),
      "    tools: alpha (composite), beta (composite)",
      '    ▸ step ask "Ask both researchers"',
      "      ◇ model scripted",
      "      ✓ model scripted succeeded · 0ms · 7 tokens (3 in, 4 out) → calls alpha, beta",
      '      → tool alpha {"question":"first"}',
      '      → tool beta {"question":"second"}',
      '      ✓ tool alpha succeeded · 0ms · 24 tokens → "Alpha found that both sources agree on the answer."',
      '      ✓ tool beta succeeded · 0ms · 24 tokens → "Beta found one source that disagrees with the rest."',
      "      ◇ model scripted",
      "        Both reported.",
      "      ✓ model scripted succeeded · 0ms · 27 tokens (25 in, 2 out)",
      "    ✓ step ask succeeded · 0ms · 82 tokens",
      "  ✓ agent Parallel succeeded · 0ms · 82 tokens",
      "✓ run Parallel succeeded · 0ms · 82 tokens",
    ]);
  });

  it("an agent's name is said where its lines resume after the other's, not on every line", async () => {
    const { lines } = await liveRun();
    const read = readAsPerson(lines);
    const tagged = read.filter((line) => line.tagged);
    expect(tagged.length).toBeGreaterThan(0);
    // A tag marks a change of agent: the line before a tagged one belongs to someone else.
    expect(read.filter((line, i) => line.tagged && read[i - 1]!.owner === line.owner)).toEqual([]);
  });
});

/** Stamps events like a run does: seq 1, 2, …, and a clock that moves 5ms per event. */
function stamp(inputs: TraceEventInput[]): TraceEvent[] {
  return inputs.map((input, i) => ({ ...input, runId: "run_test", seq: i + 1, time: 1_000 + i * 5 }) as TraceEvent);
}

const opening: TraceEventInput[] = [
  { type: "node-start", node: { id: "n1", parentId: null, kind: "run", name: "Flow" } },
  { type: "node-start", node: { id: "n2", parentId: "n1", kind: "step", name: "s", input: { prompt: "p" } } },
];

describe("branches side by side, event by event", () => {
  it("the same agent called twice at once is told apart by its place among the calls", () => {
    const search = [{ name: "search", approval: "never" as const, approvalReasons: [], provenance: [] }];
    const lines = renderEvents(
      stamp([
        ...opening,
        { type: "node-start", node: { id: "t1", parentId: "n2", kind: "tool-call", name: "researcher", input: { q: 1 }, callId: "c1" } },
        { type: "node-start", node: { id: "a1", parentId: "t1", kind: "agent", name: "researcher" } },
        { type: "node-start", node: { id: "t2", parentId: "n2", kind: "tool-call", name: "researcher", input: { q: 2 }, callId: "c2" } },
        { type: "node-start", node: { id: "a2", parentId: "t2", kind: "agent", name: "researcher" } },
        { type: "node-update", nodeId: "a1", tools: search },
        { type: "node-update", nodeId: "a2", tools: search },
        { type: "node-end", nodeId: "a2", status: "succeeded" },
        { type: "node-end", nodeId: "a1", status: "succeeded" },
      ]),
      { color: false, width: 60 },
    );
    expect(lines.slice(2)).toEqual([
      '    → tool researcher {"q":1}',
      "      ● agent researcher",
      '    → tool researcher {"q":2}',
      "      ● agent researcher",
      "        [researcher #1] tools: search",
      "        [researcher #2] tools: search",
      "      ✓ agent researcher succeeded · 15ms",
      "      [researcher #1] ✓ agent researcher succeeded · 30ms",
    ]);
  });

  it("a model streaming beside another writes whole lines, tagged; alone again, it streams word by word", () => {
    const renderer = new EventRenderer({ color: false, width: 60 });
    const events = stamp([
      ...opening,
      { type: "node-start", node: { id: "t1", parentId: "n2", kind: "tool-call", name: "alpha", input: {}, callId: "c1" } },
      { type: "node-start", node: { id: "m1", parentId: "t1", kind: "model-call", name: "m" } },
      { type: "node-start", node: { id: "t2", parentId: "n2", kind: "tool-call", name: "beta", input: {}, callId: "c2" } },
      { type: "node-start", node: { id: "m2", parentId: "t2", kind: "model-call", name: "m" } },
      { type: "node-update", nodeId: "m1", textDelta: "one two " },
      { type: "node-update", nodeId: "m2", textDelta: "uno dos " },
      { type: "node-update", nodeId: "m1", textDelta: "three\n" },
      { type: "node-update", nodeId: "m2", textDelta: "tres" },
      { type: "node-end", nodeId: "m2", status: "succeeded", output: { text: "uno dos tres", toolCalls: [] } },
      { type: "node-end", nodeId: "t2", status: "succeeded", output: "uno dos tres" },
      { type: "node-update", nodeId: "m1", textDelta: "four five" },
    ]);
    const written = events.map((event) => renderer.push(event));
    // Half lines wait while the other branch runs; a finished line goes out at once.
    expect(written.slice(6, 9)).toEqual(["", "", "        [alpha] one two three\n"]);
    // Once beta is over, alpha's text goes out as it comes again, holding back only the last word.
    expect(written.at(-1)).toBe("        [alpha] four");
    expect(renderer.finish()).toBe(" five\n");
    expect(written.join("").split("\n").slice(2, -1)).toEqual([
      "    → tool alpha {}",
      "      ◇ model m",
      "    → tool beta {}",
      "      ◇ model m",
      "        [alpha] one two three",
      "        [beta] uno dos tres",
      "      ✓ model m succeeded · 25ms",
      '    ✓ tool beta succeeded · 35ms → "uno dos tres"',
    ]);
  });

  it("a tag is coloured apart from the line when colour is on", () => {
    const lines = renderEvents(
      stamp([
        ...opening,
        { type: "node-start", node: { id: "t1", parentId: "n2", kind: "tool-call", name: "alpha", input: {}, callId: "c1" } },
        { type: "node-start", node: { id: "t2", parentId: "n2", kind: "tool-call", name: "beta", input: {}, callId: "c2" } },
        { type: "node-start", node: { id: "a1", parentId: "t1", kind: "agent", name: "alpha" } },
      ]),
      { color: true, width: 60 },
    );
    expect(lines.at(-1)).toBe("      \u001b[35m[alpha]\u001b[39m \u001b[36m●\u001b[39m agent \u001b[1malpha\u001b[22m");
  });
});

/** The process streams of `june run`, as a pipe: no terminal, so no colour and no prompt. */
function pipeIo(): { io: CliIo; stdout: () => string; stderr: () => string } {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = "";
  let stderr = "";
  out.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  err.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const io: CliIo = { stdout: out, stderr: err, stdin: Readable.from([]), env: { NO_COLOR: "1" } };
  return { io, stdout: () => stdout, stderr: () => stderr };
}

function* nodes(node: TraceNode): Generator<TraceNode> {
  yield node;
  for (const child of node.children) yield* nodes(child);
}

describe("june run's output modes with parallel agents", () => {
  it("the tree keeps each agent's lines its own, and the summary counts each agent", async () => {
    const { io, stdout } = pipeIo();
    expect(await runWorkflowCommand({ file: FIXTURE, yes: false, json: false }, io)).toBe(0);
    const text = stdout();
    const tree = text.slice(0, text.indexOf("\nusage (tokens)")).trimEnd().split("\n");
    expect(linesOf(tree, "alpha").filter((line) => /searchB|beta|Beta/.test(line))).toEqual([]);
    expect(linesOf(tree, "beta").filter((line) => /searchA|alpha|Alpha/.test(line))).toEqual([]);
    expect(linesOf(tree, "alpha")).toContain("            tools: searchA");
    expect(linesOf(tree, "beta")).toContain("            tools: searchB");
    expect(text).toMatch(/^ {4}agent Parallel › alpha › alpha +12 +12 /m);
    expect(text).toMatch(/^ {4}agent Parallel › beta › beta +12 +12 /m);
  });

  it("--json prints the events themselves, one JSON line each, with no tree text among them", async () => {
    const { io, stdout, stderr } = pipeIo();
    expect(await runWorkflowCommand({ file: FIXTURE, yes: false, json: true }, io)).toBe(0);
    const events = stdout().trimEnd().split("\n").map((line) => JSON.parse(line) as TraceEvent);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
    const owner = ownerOf(events);
    const turns = events.map(owner).filter((name) => name !== undefined);
    expect(new Set(turns)).toEqual(new Set(AGENTS));
    const tree = buildTrace(events)!;
    const calls = [...nodes(tree)].filter((node) => node.kind === "tool-call");
    const under = (name: string) => [...nodes(calls.find((node) => node.name === name)!)].filter((n) => n.kind === "tool-call").map((n) => n.name);
    expect(under("alpha")).toEqual(["alpha", "searchA"]);
    expect(under("beta")).toEqual(["beta", "searchB"]);
    expect(stderr()).toContain("usage (tokens)");
  });
});
