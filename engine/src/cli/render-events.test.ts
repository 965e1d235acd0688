// The live tree of `june run`, as a specification: recorded runs (fixtures/*.events.jsonl,
// written by `june run --json`) and small hand-made event lists in, exact lines out.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { TraceEvent, TraceEventInput } from "../trace/index.ts";
import { oneLine } from "./format-values.ts";
import { EventRenderer, renderEvents } from "./render-events.ts";

function recorded(name: string): TraceEvent[] {
  const text = readFileSync(new URL(`./fixtures/${name}.events.jsonl`, import.meta.url), "utf8");
  return text.trim().split("\n").map((line) => JSON.parse(line) as TraceEvent);
}

/** Stamps events like a run does: seq 1, 2, …, and a clock that moves 5ms per event. */
function stamp(inputs: TraceEventInput[]): TraceEvent[] {
  return inputs.map((input, i) => ({ ...input, runId: "run_test", seq: i + 1, time: 1_000 + i * 5 }) as TraceEvent);
}

const plain = { color: false, width: 60 };

describe("the tree of a recorded run (report.tsx: a composite tool with its own agent)", () => {
  const lines = renderEvents(recorded("report"), plain);

  it("prints a line when each node starts and when it ends, indented by depth, with status, duration and tokens", () => {
    expect(lines).toEqual([
      "▶ run Report",
      "  ● agent Report (report.tsx:14)",
      "    tools: research (composite)",
      '    ▸ step report "Research how Suspense works, then write a summary"',
      "      ◇ model scripted",
      "      ✓ model scripted succeeded · 20ms · 14 tokens (8 in, 6 out) → calls research",
      '      → tool research {"question":"How does React Suspense work?"}',
      '        ◆ composite research {"question":"How does React Suspense work?"}',
      "          ● agent Agent (report.tsx:21)",
      "            tools: search",
      '            ▸ step findings "Research: How does React Suspense work?"',
      "              ◇ model scripted",
      "              ✓ model scripted succeeded · 13ms · 9 tokens (6 in, 3 out) → calls search",
      '              → tool search {"query":"React Suspense"}',
      '              ✓ tool search succeeded · 0ms → "results for React Suspense"',
      "              ◇ model scripted",
      "                Suspense shows a fallback while the",
      "                components inside it wait for data or code.",
      "              ✓ model scripted succeeded · 64ms · 27 tokens (13 in, 14 out)",
      "            ✓ step findings succeeded · 102ms · 36 tokens",
      "          ✓ agent Agent succeeded · 103ms · 36 tokens",
      "        ✓ composite research succeeded · 104ms · 36 tokens",
      '      ✓ tool research succeeded · 107ms · 36 tokens → "Suspense shows a fallback while the components inside it wait for data or code…',
      "      ◇ model scripted",
      "        Summary: Suspense lets a component wait for data and",
      "        shows a fallback until it is ready.",
      "      ✓ model scripted succeeded · 39ms · 44 tokens (28 in, 16 out)",
      "    ✓ step report succeeded · 237ms · 94 tokens",
      "  ✓ agent Report succeeded · 242ms · 94 tokens",
      "✓ run Report succeeded · 244ms · 94 tokens",
    ]);
  });

  it("a composite tool's line shows the answer the model got, not the usage it carries", () => {
    const line = lines.find((l) => l.includes("✓ tool research"))!;
    expect(line).toContain('→ "Suspense shows a fallback');
    expect(line).not.toContain("inputTokens");
  });

  it("without colour there is no escape code anywhere", () => {
    // eslint-disable-next-line no-control-regex -- looking for escape codes
    expect(lines.join("\n")).not.toMatch(/\u001b\[/);
  });
});

describe("approvals in a recorded run (release.tsx, denied with a reason)", () => {
  const lines = renderEvents(recorded("release-denied"), plain);

  it("shows the call waiting with its input, then the decision and the reason", () => {
    const waiting = lines.indexOf('      ? approval deploy {"env":"staging"} waits for approval');
    expect(waiting).toBeGreaterThan(0);
    expect(lines[waiting + 1]).toBe("      ✗ denied deploy: not on a Friday · 11ms");
  });

  it("a denied tool never shows as called", () => {
    expect(lines.some((line) => line.includes("→ tool deploy"))).toBe(false);
  });

  it("an approval the user gave reads as approved", () => {
    const events = recorded("release-denied").map((event) =>
      event.type === "node-end" && event.output && typeof event.output === "object" && "approved" in event.output
        ? { ...event, output: { approved: true } }
        : event,
    );
    expect(renderEvents(events, plain)).toContain("      ✓ approved deploy · 11ms");
  });
});

describe("errors", () => {
  const failing = stamp([
    { type: "node-start", node: { id: "n1", parentId: null, kind: "run", name: "Flow" } },
    { type: "node-start", node: { id: "n2", parentId: "n1", kind: "agent", name: "Agent" } },
    { type: "node-start", node: { id: "n3", parentId: "n2", kind: "step", name: "s", input: { prompt: "p" } } },
    { type: "node-start", node: { id: "n4", parentId: "n3", kind: "tool-call", name: "fetch", input: { url: "x" }, callId: "c1" } },
    { type: "node-end", nodeId: "n4", status: "failed", error: { code: "JUNE_TOOL_FAILED", message: "june: fetch failed:\nconnection refused" } },
    { type: "node-end", nodeId: "n3", status: "failed", error: { code: "JUNE_STEP_FAILED", message: "june: step s failed" } },
    { type: "node-end", nodeId: "n2", status: "failed", error: { code: "JUNE_STEP_FAILED", message: "june: step s failed" } },
    { type: "node-end", nodeId: "n1", status: "failed", error: { code: "JUNE_STEP_FAILED", message: "june: step s failed" } },
  ]);

  it("prints an error under the node it happened at, with its code and every line of its message", () => {
    const lines = renderEvents(failing, plain);
    expect(lines.slice(3, 7)).toEqual([
      '      → tool fetch {"url":"x"}',
      "      ✗ tool fetch failed · 5ms",
      "        JUNE_TOOL_FAILED: june: fetch failed:",
      "        connection refused",
    ]);
  });

  it("an error passed up to the ancestors is printed once; they only say failed", () => {
    const lines = renderEvents(failing, plain);
    expect(lines.filter((line) => line.includes("JUNE_STEP_FAILED"))).toHaveLength(1);
    expect(lines.slice(-2)).toEqual(["  ✗ agent Agent failed · 25ms", "✗ run Flow failed · 35ms"]);
  });

  it("errors are red when colour is on", () => {
    const text = renderEvents(failing, { color: true, width: 60 }).join("\n");
    expect(text).toContain("\u001b[31mJUNE_TOOL_FAILED: june: fetch failed:\u001b[39m");
  });

  it("an aborted node says aborted, without repeating why at every level", () => {
    const lines = renderEvents(
      stamp([
        { type: "node-start", node: { id: "n1", parentId: null, kind: "run", name: "Flow" } },
        { type: "node-end", nodeId: "n1", status: "aborted", error: { code: "JUNE_ABORTED", message: "june: the run was aborted." } },
      ]),
      plain,
    );
    expect(lines).toEqual(["▶ run Flow", "■ run Flow aborted · 5ms"]);
  });
});

describe("streamed model text", () => {
  const opening: TraceEventInput[] = [
    { type: "node-start", node: { id: "n1", parentId: null, kind: "run", name: "Flow" } },
    { type: "node-start", node: { id: "n2", parentId: "n1", kind: "model-call", name: "gpt" } },
  ];

  it("is written as it arrives, holding back only a word that may go on", () => {
    const renderer = new EventRenderer(plain);
    for (const event of stamp(opening)) renderer.push(event);
    const delta = (textDelta: string, seq: number): TraceEvent => ({ type: "node-update", nodeId: "n2", textDelta, runId: "r", seq, time: 0 });
    expect(renderer.push(delta("Hel", 3))).toBe("");
    expect(renderer.push(delta("lo wor", 4))).toBe("    Hello");
    expect(renderer.push(delta("ld. ", 5))).toBe(" world.");
    expect(renderer.finish()).toBe("\n");
  });

  it("wraps at the width, indented under its model call, and keeps paragraphs", () => {
    const text = "one two three four five six seven eight nine ten eleven twelve\n\n\n\nnext paragraph";
    const lines = renderEvents(
      stamp([...opening, ...[...text].map((ch): TraceEventInput => ({ type: "node-update", nodeId: "n2", textDelta: ch }))]),
      { color: false, width: 30 },
    );
    expect(lines.slice(2)).toEqual([
      "    one two three four five",
      "    six seven eight nine ten",
      "    eleven twelve",
      "",
      "    next paragraph",
    ]);
  });

  it("cuts a word longer than a line where the line ends", () => {
    const lines = renderEvents(stamp([...opening, { type: "node-update", nodeId: "n2", textDelta: "x".repeat(60) }]), { color: false, width: 30 });
    expect(lines.slice(2)).toEqual([`    ${"x".repeat(26)}`, `    ${"x".repeat(26)}`, `    ${"x".repeat(8)}`]);
  });

  it("the next node's line starts on a line of its own", () => {
    const lines = renderEvents(
      stamp([
        ...opening,
        { type: "node-update", nodeId: "n2", textDelta: "Done" },
        { type: "usage", nodeId: "n2", usage: { inputTokens: 3, outputTokens: 1, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 4 } },
        { type: "node-end", nodeId: "n2", status: "succeeded", output: { text: "Done", toolCalls: [] } },
      ]),
      plain,
    );
    expect(lines.slice(1)).toEqual(["  ◇ model gpt", "    Done", "  ✓ model gpt succeeded · 15ms · 4 tokens (3 in, 1 out)"]);
  });

  it("reasoning streams dimmed, apart from the answer", () => {
    const lines = renderEvents(
      stamp([
        ...opening,
        { type: "node-update", nodeId: "n2", reasoningDelta: "thinking hard" },
        { type: "node-update", nodeId: "n2", textDelta: "Answer" },
      ]),
      { color: true, width: 60 },
    );
    expect(lines.slice(2)).toEqual(["    \u001b[2mthinking\u001b[22m \u001b[2mhard\u001b[22m", "    Answer"]);
  });
});

describe("tool input and output in one line", () => {
  it("long JSON is cut with an ellipsis, newlines stay escaped", () => {
    const value = { text: "a\nb".repeat(50) };
    const line = oneLine(value);
    expect(line).toHaveLength(80);
    expect(line.endsWith("…")).toBe(true);
    expect(line).not.toContain("\n");
  });

  it("a tool the project's tool policy withheld from an agent is marked under it", () => {
    const lines = renderEvents(
      stamp([
        { type: "node-start", node: { id: "n1", parentId: null, kind: "agent", name: "A" } },
        {
          type: "tool-denied",
          nodeId: "n1",
          denial: { tool: "deploy", kind: "fn", reason: "rule", message: 'june: <Agent> "A" is not given the fn tool "deploy": no.' },
        },
      ]),
      plain,
    );
    expect(lines[1]).toBe("  ⊘ deploy withheld by the tool policy");
  });

  it("an agent's tools line says which are composite and which ask for approval", () => {
    const lines = renderEvents(
      stamp([
        { type: "node-start", node: { id: "n1", parentId: null, kind: "agent", name: "A" } },
        {
          type: "node-update",
          nodeId: "n1",
          tools: [
            { name: "read", approval: "never", approvalReasons: [], provenance: [] },
            { name: "deploy", approval: "always", approvalReasons: ["x"], provenance: [] },
            { name: "maybe", approval: "per-call", approvalReasons: ["y"], provenance: [] },
            { name: "research", composite: true, approval: "never", approvalReasons: [], provenance: [] },
          ],
        },
      ]),
      plain,
    );
    expect(lines[1]).toBe("  tools: read, deploy (asks approval), maybe (may ask approval), research (composite)");
  });
});
