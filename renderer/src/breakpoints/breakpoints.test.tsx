// Breakpoints set from the Agent tree (agents, steps, composite tools), Capabilities (any tool)
// and the Trace's node detail (agents, steps, tool calls): toggles named "Breakpoint on …" with
// aria-pressed, sent to the service with setBreakpoints, listed in Run with Remove.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

beforeEach(() => resetSeq());

const region = (name: string) => screen.getByRole("region", { name });
const selectAgent = (name: string) => fireEvent.click(within(region("Agents")).getByRole("option", { name }));
const pressed = (el: HTMLElement) => el.getAttribute("aria-pressed");

describe("from the Agent tree", () => {
  it("offers a toggle on each agent, step (prefixed inside a composite tool) and composite tool", async () => {
    await renderStudio({ project: samplesProject() });
    selectAgent("Report workflow");
    const names = within(region("Agent tree"))
      .getAllByRole("button", { name: /^Breakpoint on / })
      .map((b) => b.getAttribute("aria-label"));
    expect(names).toEqual(["Breakpoint on agent Report", "Breakpoint on tool research", "Breakpoint on agent Agent", "Breakpoint on step research:findings", "Breakpoint on step report"]);
  });

  it("sets and clears a breakpoint without selecting the node", async () => {
    const { bridge, store } = await renderStudio({ project: samplesProject() });
    selectAgent("Report workflow");
    const toggle = within(region("Agent tree")).getByRole("button", { name: "Breakpoint on step research:findings" });
    expect(pressed(toggle)).toBe("false");
    await act(async () => fireEvent.click(toggle));
    expect(bridge.callsOf("setBreakpoints")).toEqual([{ breakpoints: [{ kind: "step", step: "research:findings" }] }]);
    expect(pressed(toggle)).toBe("true");
    expect(store.getState().selectedGraphNodeId).toBe("n2");
    await act(async () => fireEvent.click(toggle));
    expect(bridge.callsOf("setBreakpoints").at(-1)).toEqual({ breakpoints: [] });
    expect(pressed(toggle)).toBe("false");
  });
});

describe("from Capabilities", () => {
  it("sets a breakpoint on any tool of the inspected agent", async () => {
    const { bridge } = await renderStudio({ project: samplesProject() });
    selectAgent("Release workflow");
    const card = within(region("Capabilities")).getByRole("listitem", { name: "deploy" });
    await act(async () => fireEvent.click(within(card).getByRole("button", { name: "Breakpoint on tool deploy" })));
    expect(bridge.callsOf("setBreakpoints")).toEqual([{ breakpoints: [{ kind: "tool", tool: "deploy" }] }]);
  });
});

describe("from the Trace", () => {
  async function reportRun() {
    const studio = await renderStudio({ project: samplesProject() });
    selectAgent("Report workflow");
    studio.emit([ev({ type: "run-started", run: runSummary("r1", { entryId: "workflow:report.tsx", name: "Report" }) }), ...traceEvents("r1", recordedEvents("report"))]);
    return studio;
  }

  it("toggles on a tool call, a step (with its composite prefix) and an agent in the node detail", async () => {
    const { bridge } = await reportRun();
    const trace = region("Trace");
    const detail = () => within(trace).getByRole("region", { name: "Node detail" });
    fireEvent.click(within(trace).getByRole("treeitem", { name: "tool-call search, succeeded" }));
    await act(async () => fireEvent.click(within(detail()).getByRole("button", { name: "Breakpoint on tool search" })));
    fireEvent.click(within(trace).getByRole("treeitem", { name: "step findings, succeeded" }));
    await act(async () => fireEvent.click(within(detail()).getByRole("button", { name: "Breakpoint on step research:findings" })));
    fireEvent.click(within(trace).getByRole("treeitem", { name: "agent Agent, succeeded" }));
    await act(async () => fireEvent.click(within(detail()).getByRole("button", { name: "Breakpoint on agent Agent" })));
    expect(bridge.callsOf("setBreakpoints").at(-1)).toEqual({
      breakpoints: [
        { kind: "tool", tool: "search" },
        { kind: "step", step: "research:findings" },
        { kind: "agent", agent: "Agent" },
      ],
    });
    // The same breakpoint shows as set in the Agent tree.
    expect(pressed(within(region("Agent tree")).getByRole("button", { name: "Breakpoint on step research:findings" }))).toBe("true");
  });

  it("has no toggle on a model call", async () => {
    await reportRun();
    fireEvent.click(within(region("Trace")).getAllByRole("treeitem", { name: "model-call scripted, succeeded" })[0]!);
    expect(within(region("Trace")).queryByRole("button", { name: /^Breakpoint on / })).toBeNull();
  });
});

describe("the list in Run", () => {
  it("lists the service's breakpoints and removes one", async () => {
    const { bridge } = await renderStudio({
      project: samplesProject(),
      answers: { getBreakpoints: () => ({ ok: true, value: [{ kind: "tool", tool: "deploy" }, { kind: "agent", agent: "Release" }] }) },
    });
    selectAgent("Release workflow");
    const list = within(region("Run")).getByRole("list", { name: "Breakpoints" });
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["tooldeploy×", "agentRelease×"]);
    await act(async () => fireEvent.click(within(list).getByRole("button", { name: "Remove breakpoint on tool deploy" })));
    expect(bridge.callsOf("setBreakpoints")).toEqual([{ breakpoints: [{ kind: "agent", agent: "Release" }] }]);
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  });

  it("moves the focus to the next Remove, and to the heading once none is left", async () => {
    await renderStudio({
      project: samplesProject(),
      answers: { getBreakpoints: () => ({ ok: true, value: [{ kind: "tool", tool: "deploy" }, { kind: "agent", agent: "Release" }] }) },
    });
    selectAgent("Release workflow");
    const list = within(region("Run")).getByRole("list", { name: "Breakpoints" });
    await act(async () => fireEvent.click(within(list).getByRole("button", { name: "Remove breakpoint on tool deploy" })));
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Remove breakpoint on agent Release");
    await act(async () => fireEvent.click(within(list).getByRole("button", { name: "Remove breakpoint on agent Release" })));
    expect(document.activeElement?.textContent).toBe("Breakpoints");
  });

  it("removes them all at once", async () => {
    const { bridge } = await renderStudio({
      project: samplesProject(),
      answers: { getBreakpoints: () => ({ ok: true, value: [{ kind: "tool", tool: "deploy" }, { kind: "agent", agent: "Release" }] }) },
    });
    selectAgent("Release workflow");
    await act(async () => fireEvent.click(within(region("Run")).getByRole("button", { name: "Remove all breakpoints" })));
    expect(bridge.callsOf("setBreakpoints")).toEqual([{ breakpoints: [] }]);
    expect(within(region("Run")).queryByRole("list", { name: "Breakpoints" })).toBeNull();
    expect(document.activeElement?.textContent).toBe("Breakpoints");
  });

  it("follows the service's breakpoints event", async () => {
    const { emit } = await renderStudio({ project: samplesProject() });
    selectAgent("Release workflow");
    emit([ev({ type: "breakpoints", breakpoints: [{ kind: "step", step: "release" }] })]);
    expect(pressed(within(region("Agent tree")).getByRole("button", { name: "Breakpoint on step release" }))).toBe("true");
    expect(within(region("Run")).getByRole("list", { name: "Breakpoints" }).textContent).toContain("release");
  });
});
