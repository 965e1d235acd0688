// A model call's detail puts the answer first, rendered as markdown that can't run anything (HTML
// in a model's text is text; only http(s) links are links, opening outside the studio; images are
// never loaded), its reasoning folded, its tool calls as cards; then the whole prompt with the
// call's new messages marked; and a Raw section that asks the host for the bodies only when opened.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import type { ModelExchangeReply, Result, TraceEvent } from "../contract/index.ts";

beforeEach(() => resetSeq());

const HOSTILE = [
  "## Findings",
  "",
  "**Suspense** waits for data. See [the docs](https://react.dev/reference/react/Suspense) or [a trap](javascript:alert(1)) or [a path](/etc/passwd).",
  "",
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'img\'">',
  "",
  "![tracker](https://evil.example/pixel.png)",
].join("\n");

const user = { role: "user", content: [{ type: "text", text: "Research Suspense" }] };
const assistantCall = { role: "assistant", content: [{ type: "tool-call", toolCallId: "call_0_0", toolName: "search", input: { query: "Suspense" } }] };
const toolResult = { role: "tool", content: [{ type: "tool-result", toolCallId: "call_0_0", toolName: "search", output: { type: "text", value: "results" } }] };

function runEvents(runId: string): TraceEvent[] {
  let seq = 0;
  const e = (event: object) => ({ ...event, runId, seq: ++seq, time: 1 }) as TraceEvent;
  const modelInput = (messageOffset: number, messages: unknown[]) => ({ provider: "june.scripted", modelId: "scripted", messageOffset, messages, tools: ["search"], settings: { temperature: 0 } });
  return [
    e({ type: "node-start", node: { id: "n1", parentId: null, kind: "run", name: "Report" } }),
    e({ type: "node-start", node: { id: "n2", parentId: "n1", kind: "agent", name: "Agent" } }),
    e({ type: "node-start", node: { id: "n3", parentId: "n2", kind: "step", name: "report", input: { prompt: "Research Suspense" } } }),
    e({ type: "node-start", node: { id: "n4", parentId: "n3", kind: "model-call", name: "scripted", input: modelInput(0, [user]) } }),
    e({ type: "node-end", nodeId: "n4", status: "succeeded", output: { text: "", toolCalls: [{ toolCallId: "call_0_0", toolName: "search", input: { query: "Suspense" } }], finishReason: "tool-calls" } }),
    e({ type: "node-start", node: { id: "n5", parentId: "n3", kind: "tool-call", name: "search", input: { query: "Suspense" }, callId: "call_0_0" } }),
    e({ type: "node-end", nodeId: "n5", status: "succeeded", output: "results" }),
    e({ type: "node-start", node: { id: "n6", parentId: "n3", kind: "model-call", name: "scripted", input: modelInput(1, [assistantCall, toolResult]) } }),
    e({ type: "node-end", nodeId: "n6", status: "succeeded", output: { text: HOSTILE, reasoning: "First I looked it up.", toolCalls: [], finishReason: "stop" } }),
  ];
}

async function openCall(name: "first" | "second", answers: NonNullable<Parameters<typeof renderStudio>[0]>["answers"] = {}) {
  const studio = await renderStudio({ project: samplesProject(), answers });
  fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Report workflow" }));
  studio.emit([ev({ type: "run-started", run: runSummary("r1", { entryId: "workflow:report.tsx", name: "Report", status: "succeeded" }) }), ...traceEvents("r1", runEvents("r1"))]);
  const trace = screen.getByRole("region", { name: "Trace" });
  fireEvent.click(within(trace).getAllByRole("treeitem", { name: "model-call scripted, succeeded" })[name === "first" ? 0 : 1]!);
  return { ...studio, detail: within(trace).getByRole("region", { name: "Node detail" }) };
}

describe("the answer comes first", () => {
  it("is the first section, rendered as markdown: headings, emphasis, a web link", async () => {
    const { detail } = await openCall("second");
    const titles = within(detail).getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(titles.indexOf("Answer")).toBeLessThan(titles.indexOf("Messages"));
    expect(titles.indexOf("Messages")).toBeLessThan(titles.indexOf("Tools offered"));
    expect(titles.indexOf("Tools offered")).toBeLessThan(titles.indexOf("Settings"));
    const answer = within(detail).getByRole("article", { name: "Answer" });
    expect(within(answer).getByRole("heading", { name: "Findings" })).toBeTruthy();
    expect(within(answer).getByText("Suspense").tagName).toBe("STRONG");
  });

  it("opens a web link outside the studio and makes no other link", async () => {
    const { detail } = await openCall("second");
    const answer = within(detail).getByRole("article", { name: "Answer" });
    const links = within(answer).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(["the docs"]);
    expect(links[0]!.getAttribute("href")).toBe("https://react.dev/reference/react/Suspense");
    expect(links[0]!.getAttribute("target")).toBe("_blank");
    expect(links[0]!.getAttribute("rel")).toContain("noopener");
    // javascript: and a relative path are text, not links.
    expect(within(answer).getByText("a trap").closest("a")).toBeNull();
    expect(within(answer).getByText("a path").closest("a")).toBeNull();
  });

  it("keeps HTML in the text inert: a <script> and an onerror are shown as text, never run; images are not loaded", async () => {
    const { detail } = await openCall("second");
    const answer = within(detail).getByRole("article", { name: "Answer" });
    expect(answer.querySelector("script")).toBeNull();
    expect(answer.querySelector("img")).toBeNull();
    expect(answer.querySelector("[onerror]")).toBeNull();
    expect(answer.textContent).toContain('<script>window.__pwned = "script"</script>');
    expect(answer.textContent).toContain("[image: tracker] https://evil.example/pixel.png");
    expect((window as { __pwned?: string }).__pwned).toBeUndefined();
  });

  it("folds the reasoning until asked", async () => {
    const { detail } = await openCall("second");
    const toggle = within(detail).getByRole("button", { name: "Reasoning" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(detail.textContent).not.toContain("First I looked it up.");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(detail.textContent).toContain("First I looked it up.");
  });

  it("shows the tool calls a call asked for as cards: name and input", async () => {
    const { detail } = await openCall("first");
    const card = within(within(detail).getByRole("list", { name: "Tool calls" })).getByRole("listitem", { name: "Tool call search" });
    expect(card.textContent).toContain("call_0_0");
    expect(within(card).getByLabelText("Input of search").textContent).toContain('"query": "Suspense"');
  });
});

describe("the messages", () => {
  it("are the whole prompt, the call's new ones marked from where they start", async () => {
    const { detail } = await openCall("second");
    const messages = within(detail).getByRole("list", { name: "Messages" });
    const items = within(messages).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector(".message-role")!.textContent)).toEqual(["#1 user", "#2 assistantnew in this call", "#3 tool"]);
    expect(within(detail).getAllByText("new in this call")).toHaveLength(1);
  });

  it("of a step's first call are all of it, nothing marked", async () => {
    const { detail } = await openCall("first");
    expect(within(within(detail).getByRole("list", { name: "Messages" })).getAllByRole("listitem")).toHaveLength(1);
    expect(within(detail).queryByText("new in this call")).toBeNull();
  });
});

describe("Raw", () => {
  const exchange: Result<ModelExchangeReply> = {
    ok: true,
    value: {
      recorded: true,
      exchange: {
        nodeId: "n6",
        request: { format: "json", text: '{"model":"gpt-5-mini","input":[{"role":"user"}]}', length: 48 },
        response: { format: "json", text: '{"id":"resp_1","out', length: 9000, truncated: true },
      },
    },
  };

  it("is closed at first and asks the host nothing until opened; then shows the request and response", async () => {
    const { detail, bridge } = await openCall("second", { getModelExchange: () => exchange });
    const toggle = within(detail).getByRole("button", { name: "Raw" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(bridge.callsOf("getModelExchange")).toEqual([]);
    await act(async () => fireEvent.click(toggle));
    expect(bridge.callsOf("getModelExchange")).toEqual([{ runId: "r1", nodeId: "n6" }]);
    expect(within(detail).getByLabelText("Request body").textContent).toContain('"model": "gpt-5-mini"');
    expect(within(detail).getByLabelText("Response body").textContent).toBe('{"id":"resp_1","out');
    expect(detail.textContent).toContain("Cut at 19 chars of 8.8 KiB.");
  });

  it("says why when the run kept none", async () => {
    const { detail } = await openCall("second", { getModelExchange: () => ({ ok: true, value: { recorded: false, reason: "Run r1 kept no raw request or response bodies." } }) });
    await act(async () => fireEvent.click(within(detail).getByRole("button", { name: "Raw" })));
    expect(detail.textContent).toContain("Run r1 kept no raw request or response bodies.");
  });

  it("shows the host's error with its code", async () => {
    const { detail } = await openCall("second", { getModelExchange: () => ({ ok: false, error: { code: "STUDIO_UNKNOWN_RUN", message: "no run r1" } }) });
    await act(async () => fireEvent.click(within(detail).getByRole("button", { name: "Raw" })));
    expect(within(detail).getByRole("alert").textContent).toContain("STUDIO_UNKNOWN_RUN");
  });
});
