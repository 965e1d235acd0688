// Where a run is stopped: the "Stopped at" region (boundary, reason, agent path, step, and what
// waits there), and the position marked in the Trace and the Agent tree.
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, pending, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import type { StopInfo, TraceEvent } from "../contract/index.ts";

beforeEach(() => resetSeq());

const region = (name: string) => screen.getByRole("region", { name });
const stopped = () => within(region("Trace")).getByRole("region", { name: "Stopped at" });
const base: StopInfo = { id: 1, boundary: "model-call", reason: "start", agentPath: ["Release"], step: "release", stepNodeId: "n3" };
const paused = (seq: number, patch: Partial<StopInfo>) => ({ type: "paused", stop: { ...base, ...patch }, runId: "r1", seq, time: 1 }) as TraceEvent;

async function stoppedRelease(patch: Partial<StopInfo>) {
  const studio = await renderStudio({ project: samplesProject() });
  fireEvent.click(within(region("Agents")).getByRole("option", { name: "Release workflow" }));
  studio.emit([ev({ type: "run-started", run: runSummary("r1") }), ...traceEvents("r1", [...recordedEvents("release-denied").slice(0, 4), paused(5, patch)])]);
  return studio;
}

describe("Stopped at", () => {
  it("shows the model request about to be sent: messages, tools offered with descriptions, settings", async () => {
    await stoppedRelease({
      request: {
        provider: "june.scripted",
        modelId: "scripted",
        messageOffset: 0,
        messages: [{ role: "user", content: [{ type: "text", text: "Check the changelog, then deploy to staging" }] }],
        tools: [{ name: "readFile", description: "Read a file" }, { name: "deploy", description: "Deploy to an environment" }],
        settings: { temperature: 0 },
      },
    });
    const panel = stopped();
    expect(panel.textContent).toContain("Before a model call");
    expect(panel.textContent).toContain("started paused");
    expect(within(panel).getByText("Release")).toBeTruthy();
    expect(within(panel).getByText("Check the changelog, then deploy to staging")).toBeTruthy();
    const tools = within(panel).getByRole("list", { name: "Tools offered" });
    expect(within(tools).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["readFile — Read a file", "deploy — Deploy to an environment"]);
    expect(within(panel).getByLabelText("Settings").textContent).toContain('"temperature": 0');
  });

  it("shows the whole prompt of a step's later call: the earlier calls' messages from the trace, then the stop's own", async () => {
    const studio = await renderStudio({ project: samplesProject() });
    fireEvent.click(within(region("Agents")).getByRole("option", { name: "Release workflow" }));
    const recorded = recordedEvents("release-denied");
    const firstCallEnd = recorded.findIndex((e) => e.type === "node-end" && e.nodeId === "n4");
    const head = recorded.slice(0, firstCallEnd + 1);
    const stop = paused(head.length + 1, {
      request: {
        provider: "june.scripted",
        modelId: "scripted",
        messageOffset: 1,
        messages: [{ role: "assistant", content: [{ type: "text", text: "An answer so far" }] }],
        tools: [],
        settings: {},
      },
    });
    studio.emit([ev({ type: "run-started", run: runSummary("r1") }), ...traceEvents("r1", [...head, stop])]);
    const panel = stopped();
    expect(panel.textContent).toContain("Messages to send (2)");
    expect(within(panel).getByText("Check the changelog, then deploy to staging")).toBeTruthy();
    expect(within(panel).getByText("An answer so far")).toBeTruthy();
  });

  it("shows the tool input about to run, and the breakpoint it hit", async () => {
    await stoppedRelease({ boundary: "tool-call", reason: "breakpoint", breakpoint: { kind: "tool", tool: "deploy" }, tool: { toolName: "deploy", toolCallId: "call_0_0", input: { env: "staging" } } });
    const panel = stopped();
    expect(panel.textContent).toContain("Before a tool runs");
    expect(panel.textContent).toContain("breakpoint on tool deploy");
    expect(within(panel).getByLabelText("Input of deploy").textContent).toContain('"env": "staging"');
  });

  it("shows a step's output after it ended", async () => {
    await stoppedRelease({ boundary: "step-end", reason: "step", nodeId: "n3", output: "Deployed to staging." });
    expect(stopped().textContent).toContain("After the step ended");
    expect(within(stopped()).getByLabelText("Step output").textContent).toBe("Deployed to staging.");
  });

  it("has the side column to itself until a node is selected; Close gives it back", async () => {
    await stoppedRelease({});
    const detail = () => within(region("Trace")).getByRole("region", { name: "Node detail" });
    expect(detail().textContent).toContain("Select a node in the trace to see it here, beside the stop.");
    fireEvent.click(within(region("Trace")).getByRole("treeitem", { name: /^agent Release/ }));
    expect(within(detail()).getByText("Node detail")).toBeTruthy();
    expect(detail().textContent).toContain("agent");
    fireEvent.click(within(detail()).getByRole("button", { name: "Close" }));
    expect(detail().textContent).toContain("Select a node in the trace");
    expect(document.activeElement?.getAttribute("role")).toBe("treeitem");
    expect(stopped()).toBeTruthy();
  });

  it("at an approval, leads to its request in Approvals", async () => {
    const studio = await renderStudio({ project: samplesProject() });
    fireEvent.click(within(region("Agents")).getByRole("option", { name: "Release workflow" }));
    const stop = paused(21, { boundary: "approval", nodeId: "n5", tool: { toolName: "deploy", toolCallId: "call_0_0", input: { env: "staging" } } });
    studio.emit([
      ev({ type: "run-started", run: runSummary("r1") }),
      ...traceEvents("r1", [...recordedEvents("release-denied").slice(0, 20), stop]),
      ev({ type: "approval-requested", approval: pending("r1", "a1") }),
    ]);
    fireEvent.click(within(stopped()).getByRole("button", { name: "Answer in Approvals" }));
    expect(document.activeElement).toBe(within(region("Approvals")).getByRole("listitem", { name: "deploy in Release" }));
  });

  it("goes away when the run goes on", async () => {
    const { emit } = await stoppedRelease({});
    emit(traceEvents("r1", [{ type: "resumed", stopId: 1, how: "continue", runId: "r1", seq: 6, time: 2 }]));
    expect(within(region("Trace")).queryByRole("region", { name: "Stopped at" })).toBeNull();
  });
});

describe("the current position", () => {
  it("is marked in the Trace (aria-current, 'stopped here') and can be selected from the stop", async () => {
    await stoppedRelease({});
    const tree = within(region("Trace")).getByRole("tree");
    const current = within(tree).getByRole("treeitem", { current: "step" });
    expect(current.getAttribute("aria-label")).toBe("step release, running, stopped here");
    fireEvent.click(within(stopped()).getByRole("button", { name: "Show in trace" }));
    expect(current.getAttribute("aria-selected")).toBe("true");
  });

  it("is the approval node when the run waits at one", async () => {
    const studio = await renderStudio({ project: samplesProject() });
    fireEvent.click(within(region("Agents")).getByRole("option", { name: "Release workflow" }));
    const upToApproval = recordedEvents("release-denied").slice(0, 20);
    const stop = paused(21, { boundary: "approval", nodeId: "n5", tool: { toolName: "deploy", toolCallId: "call_0_0", input: { env: "staging" } } });
    studio.emit([ev({ type: "run-started", run: runSummary("r1") }), ...traceEvents("r1", [...upToApproval, stop])]);
    const current = within(region("Trace")).getAllByRole("treeitem", { current: "step" });
    expect(current.map((i) => i.getAttribute("aria-label"))).toEqual(["approval deploy, waiting for approval, stopped here"]);
    expect(stopped().textContent).toContain("Tool awaiting approval: deploy");
  });

  it("is marked in the Agent tree on the step's node", async () => {
    await stoppedRelease({});
    const step = within(region("Agent tree")).getByRole("group", { name: "step release, stopped here" });
    expect(step.getAttribute("aria-current")).toBe("step");
    expect(within(step).getByText("stopped here")).toBeTruthy();
    expect(within(region("Agent tree")).getByRole("group", { name: "agent Release, running" }).getAttribute("aria-current")).toBeNull();
  });

  it("finds a step inside a composite tool by its prefixed id", async () => {
    const studio = await renderStudio({ project: samplesProject() });
    fireEvent.click(within(region("Agents")).getByRole("option", { name: "Report workflow" }));
    const events = recordedEvents("report", "r1").slice(0, 12);
    studio.emit([
      ev({ type: "run-started", run: runSummary("r1", { entryId: "workflow:report.tsx", name: "Report" }) }),
      ...traceEvents("r1", [...events, { type: "paused", stop: { ...base, agentPath: ["Report", "Agent"], step: "research:findings", stepNodeId: "n8" }, runId: "r1", seq: 13, time: 1 } as TraceEvent]),
    ]);
    expect(within(region("Agent tree")).getByRole("group", { name: "step findings, stopped here" }).getAttribute("aria-current")).toBe("step");
  });
});
