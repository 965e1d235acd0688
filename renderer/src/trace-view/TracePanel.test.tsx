// Trace: the selected run's live tree (treeitems with aria-expanded) and each node's detail;
// Token usage per node, agent and run.
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

beforeEach(() => resetSeq());

const trace = () => screen.getByRole("region", { name: "Trace" });
const usage = () => screen.getByRole("region", { name: "Token usage" });

async function reportRun(upTo?: number) {
  const studio = await renderStudio({ project: samplesProject() });
  fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Report workflow" }));
  const events = recordedEvents("report", "r1");
  studio.emit([ev({ type: "run-started", run: runSummary("r1", { entryId: "workflow:report.tsx", name: "Report" }) }), ...traceEvents("r1", events.slice(0, upTo))]);
  return studio;
}

describe("Trace", () => {
  it("draws the run as a tree with levels and expanded state", async () => {
    await reportRun();
    const tree = within(trace()).getByRole("tree", { name: "Trace of Report" });
    const items = within(tree).getAllByRole("treeitem");
    expect(items).toHaveLength(12);
    const step = within(tree).getByRole("treeitem", { name: "step report, succeeded" });
    expect(step.getAttribute("aria-expanded")).toBe("true");
    expect(step.getAttribute("aria-level")).toBe("3");
    expect(within(tree).getByRole("treeitem", { name: "tool-call search, succeeded" }).getAttribute("aria-expanded")).toBeNull();
  });

  it("collapses a node from the keyboard", async () => {
    await reportRun();
    const tree = within(trace()).getByRole("tree");
    const tool = within(tree).getByRole("treeitem", { name: "tool-call research, succeeded" });
    fireEvent.click(tool);
    fireEvent.keyDown(tree, { key: "ArrowLeft" });
    expect(tool.getAttribute("aria-expanded")).toBe("false");
    expect(within(tree).getAllByRole("treeitem")).toHaveLength(6);
  });

  it("shows a model call's whole prompt with its new messages marked, tools offered and text streamed so far", async () => {
    const events = recordedEvents("report");
    const midStream = events.findIndex((e) => e.type === "node-update" && e.nodeId === "n12" && e.textDelta === "a ");
    const { emit } = await reportRun(midStream + 1);
    const tree = within(trace()).getByRole("tree");
    fireEvent.click(within(tree).getAllByRole("treeitem", { name: "model-call scripted, running" })[0]!);
    const detail = within(trace()).getByRole("region", { name: "Node detail" });
    expect(detail.textContent).toContain("The whole prompt (3 messages); from #2 on they are new in this call");
    expect(within(detail).getAllByText("new in this call")).toHaveLength(1);
    expect(detail.textContent).toContain("research");
    expect(within(detail).getByText("Answer (streaming)")).toBeTruthy();
    expect(detail.textContent).toContain("Summary: Suspense lets a");
    emit(traceEvents("r1", recordedEvents("report", "r1").slice(midStream + 1)));
    expect(within(detail).getByText("Answer")).toBeTruthy();
    expect(detail.textContent).toContain("Summary: Suspense lets a component wait for data and shows a fallback until it is ready.");
  });

  it("shows a tool call's input and output as JSON", async () => {
    await reportRun();
    fireEvent.click(within(trace()).getByRole("treeitem", { name: "tool-call search, succeeded" }));
    const detail = within(trace()).getByRole("region", { name: "Node detail" });
    expect(detail.textContent).toContain('"query": "React Suspense"');
    expect(detail.textContent).toContain("results for React Suspense");
  });

  it("shows a step's prompt", async () => {
    await reportRun();
    fireEvent.click(within(trace()).getByRole("treeitem", { name: "step report, succeeded" }));
    expect(within(trace()).getByText("Research how Suspense works, then write a summary")).toBeTruthy();
  });

  it("shows a node's error with its code and message", async () => {
    const { emit } = await renderStudio({ project: samplesProject() });
    fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Release workflow" }));
    const events = recordedEvents("release-denied", "r1").slice(0, 5);
    emit([
      ev({ type: "run-started", run: runSummary("r1") }),
      ...traceEvents("r1", [...events, { type: "node-end", nodeId: "n4", status: "failed", error: { code: "JUNE_SCRIPT_EXHAUSTED", message: "scripted: no response left" }, runId: "r1", seq: 6, time: 1 }]),
    ]);
    fireEvent.click(within(trace()).getByRole("treeitem", { name: "model-call scripted, failed" }));
    expect(within(trace()).getByRole("region", { name: "Node detail" }).textContent).toContain("JUNE_SCRIPT_EXHAUSTED scripted: no response left");
  });
});

describe("Token usage", () => {
  it("counts per run, per agent and for the selected node", async () => {
    await reportRun();
    const runTable = within(usage()).getByRole("table", { name: "Per run" });
    // A running run counts what its trace has added up (the engine's roll-up).
    expect(within(runTable).getByRole("row", { name: /^Report #1 / }).textContent).toContain("94");
    const agents = within(usage()).getByRole("table", { name: "Per agent" });
    expect(within(agents).getByRole("row", { name: /^Report › Agent/ }).textContent).toMatch(/19.*17.*0.*0.*36/);
    fireEvent.click(within(trace()).getAllByRole("treeitem", { name: "model-call scripted, succeeded" })[0]!);
    const node = within(within(usage()).getByRole("table", { name: "Selected node" })).getByRole("row", { name: /model-call scripted/ });
    // The five token columns (a cost column may follow them).
    expect(within(node).getAllByRole("cell").map((c) => c.textContent).slice(0, 5)).toEqual(["8", "6", "0", "0", "14"]);
  });

  it("uses the engine's result once the run has ended", async () => {
    const { emit } = await reportRun();
    const total = { inputTokens: 55, outputTokens: 39, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 94 };
    emit([ev({ type: "run-ended", run: runSummary("r1", { entryId: "workflow:report.tsx", name: "Report", status: "succeeded", endedAt: 1795998815309, usage: total }) })]);
    const row = within(within(usage()).getByRole("table", { name: "Per run" })).getByRole("row", { name: /^Report #1 / });
    expect(within(row).getAllByRole("cell").map((c) => c.textContent).slice(0, 5)).toEqual(["55", "39", "0", "0", "94"]);
  });
});
