// Approvals (feature b): one inbox across every live run, Approve / Deny with a reason, keyboard
// shortcuts, and the history of decisions.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, pending, resetSeq, runSummary } from "../../test/events.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import { askPatch, everythingElicitation, everythingSampling } from "./everything-asks.fixture.ts";

beforeEach(() => resetSeq());

async function withTwoRuns() {
  const studio = await renderStudio({ project: samplesProject() });
  studio.emit([
    ev({ type: "run-started", run: runSummary("r1") }),
    ev({ type: "run-started", run: runSummary("r2", { entryId: "workflow:fix.tsx", name: "Fix" }) }),
    ev({ type: "approval-requested", approval: pending("r1", "a1") }),
    ev({ type: "approval-requested", approval: pending("r2", "a2", { toolName: "writeFile", entryName: "Fix", agentPath: ["Fix"], step: "fix", input: { path: "a.md", text: "x" } }) }),
  ]);
  const region = screen.getByRole("region", { name: "Approvals" });
  return { ...studio, region };
}

describe("the approval inbox", () => {
  it("shows every live run's requests: tool, input as formatted JSON, agent path, step and run", async () => {
    const { region } = await withTwoRuns();
    const cards = within(within(region).getByRole("list", { name: "Pending approvals" })).getAllByRole("listitem", { name: /in / });
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual(["deploy in Release", "writeFile in Fix"]);
    const fix = cards[1]!;
    expect(within(fix).getByLabelText("Input of writeFile").textContent).toBe('{\n  "path": "a.md",\n  "text": "x"\n}');
    expect(fix.textContent).toContain("Fix");
    expect(within(fix).getByText("fix")).toBeTruthy();
    expect(fix.textContent).toContain("r2");
  });

  it("approves with the request's run and approval ids", async () => {
    const { bridge, region } = await withTwoRuns();
    const card = within(region).getByRole("listitem", { name: "deploy in Release" });
    await act(async () => fireEvent.click(within(card).getByRole("button", { name: "Approve" })));
    expect(bridge.callsOf("approve")).toEqual([{ runId: "r1", approvalId: "a1" }]);
    expect(within(region).queryByRole("listitem", { name: "deploy in Release" })).toBeNull();
  });

  it("denies with the reason typed", async () => {
    const { bridge, region } = await withTwoRuns();
    const card = within(region).getByRole("listitem", { name: "writeFile in Fix" });
    fireEvent.change(within(card).getByLabelText(/Reason/), { target: { value: "not on a Friday" } });
    await act(async () => fireEvent.click(within(card).getByRole("button", { name: "Deny" })));
    expect(bridge.callsOf("deny")).toEqual([{ runId: "r2", approvalId: "a2", reason: "not on a Friday" }]);
  });

  it("approves the focused request with `a` and denies with `d`, not while typing a reason", async () => {
    const { bridge, region } = await withTwoRuns();
    const first = within(region).getByRole("listitem", { name: "deploy in Release" });
    expect(first.getAttribute("aria-keyshortcuts")).toBe("a d");
    expect(within(first).getByRole("button", { name: "Approve" }).getAttribute("aria-keyshortcuts")).toBe("a");
    const second = within(region).getByRole("listitem", { name: "writeFile in Fix" });
    fireEvent.keyDown(within(second).getByLabelText(/Reason/), { key: "a" });
    expect(bridge.callsOf("approve")).toEqual([]);
    await act(async () => fireEvent.keyDown(first, { key: "a" }));
    await act(async () => fireEvent.keyDown(within(region).getByRole("listitem", { name: "writeFile in Fix" }), { key: "d" }));
    expect(bridge.callsOf("approve")).toEqual([{ runId: "r1", approvalId: "a1" }]);
    expect(bridge.callsOf("deny")).toEqual([{ runId: "r2", approvalId: "a2" }]);
  });

  it("moves the focus to the next request after a decision, and to the empty inbox after the last", async () => {
    const { region } = await withTwoRuns();
    await act(async () => fireEvent.keyDown(within(region).getByRole("listitem", { name: "deploy in Release" }), { key: "a" }));
    expect(document.activeElement).toBe(within(region).getByRole("listitem", { name: "writeFile in Fix" }));
    await act(async () => fireEvent.keyDown(within(region).getByRole("listitem", { name: "writeFile in Fix" }), { key: "a" }));
    expect(document.activeElement?.textContent).toContain("No pending approvals");
  });

  it("shows the host's refusal on the request", async () => {
    const { bridge, region } = await withTwoRuns();
    bridge.answers.approve = () => ({ ok: false, error: { code: "STUDIO_UNKNOWN_APPROVAL", message: "run r1 has no pending approval a1 (the run has aborted)." } });
    const card = within(region).getByRole("listitem", { name: "deploy in Release" });
    await act(async () => fireEvent.click(within(card).getByRole("button", { name: "Approve" })));
    expect(within(card).getByRole("alert").textContent).toContain("STUDIO_UNKNOWN_APPROVAL");
  });

  it("keeps a history of decisions: tool, input, decision, reason, time", async () => {
    const { emit, region } = await withTwoRuns();
    emit([
      ev({ type: "approval-decided", record: { ...pending("r1", "a1"), approved: true, decidedAt: Date.UTC(2026, 0, 1, 9, 0, 5) } }),
      ev({ type: "approval-decided", record: { ...pending("r2", "a2", { toolName: "writeFile", entryName: "Fix" }), approved: false, reason: "not on a Friday", decidedAt: Date.UTC(2026, 0, 1, 9, 0, 9) } }),
    ]);
    const rows = within(within(region).getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell").slice(1).map((c) => c.textContent))).toEqual([
      ["denied", "writeFileFix", '{ "env": "staging" }', "not on a Friday"],
      ["approved", "deployRelease", '{ "env": "staging" }', "—"],
    ]);
    expect(within(region).getByText("No pending approvals")).toBeTruthy();
  });
});

describe("a resumed run's approval", () => {
  it("says when a tool was approved and started with no result recorded (outcome unknown)", async () => {
    const { emit } = await renderStudio({ project: samplesProject() });
    emit([
      ev({ type: "run-started", run: runSummary("r1", { origin: { kind: "resume", runId: "r0" } }) }),
      ev({ type: "approval-requested", approval: pending("r1", "a1", { outcomeUnknown: true }) }),
    ]);
    const card = within(screen.getByRole("region", { name: "Approvals" })).getByRole("listitem", { name: "deploy in Release" });
    expect(within(card).getByRole("note").textContent).toMatch(/^Outcome unknown: .* It runs again only if you approve it again\.$/);
  });
});

describe("an MCP server's asks in the inbox", () => {
  async function withAsks() {
    const studio = await renderStudio({ project: samplesProject() });
    studio.emit([
      ev({ type: "run-started", run: runSummary("r1") }),
      ev({ type: "approval-requested", approval: pending("r1", "e1", askPatch(everythingElicitation)) }),
      ev({ type: "approval-requested", approval: pending("r1", "s1", askPatch(everythingSampling)) }),
    ]);
    const region = screen.getByRole("region", { name: "Approvals" });
    const form = within(region).getByRole("listitem", { name: /^everything asks for input/ });
    const sampling = within(region).getByRole("listitem", { name: /^everything asks anthropic:claude-sonnet-4-5 to answer/ });
    return { ...studio, region, form, sampling };
  }

  it("submits an elicitation's answers with the approval", async () => {
    const { bridge, form } = await withAsks();
    fireEvent.change(within(form).getByRole("textbox", { name: "String" }), { target: { value: "Ada" } });
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Submit" })));
    expect(bridge.callsOf("approve")).toEqual([{ runId: "r1", approvalId: "e1", content: expect.objectContaining({ name: "Ada", integer: 42, check: false }) }]);
  });

  it("cancels an elicitation apart from declining it", async () => {
    const { bridge, form } = await withAsks();
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Cancel" })));
    expect(bridge.callsOf("deny")).toEqual([{ runId: "r1", approvalId: "e1", cancel: true }]);
  });

  it("approves a sampling request without content", async () => {
    const { bridge, sampling } = await withAsks();
    await act(async () => fireEvent.click(within(sampling).getByRole("button", { name: "Approve" })));
    expect(bridge.callsOf("approve")).toEqual([{ runId: "r1", approvalId: "s1" }]);
  });

  it("records an elicitation as submitted, declined or cancelled, and a sampling as sampled or denied", async () => {
    const { emit, region } = await withAsks();
    const at = (s: number) => Date.UTC(2026, 0, 1, 9, 0, s);
    const elicited = pending("r1", "e1", askPatch(everythingElicitation));
    const sampled = pending("r1", "s1", askPatch(everythingSampling));
    emit([
      ev({ type: "approval-decided", record: { ...elicited, approvalId: "e1", approved: true, content: { name: "Ada" }, decidedAt: at(1) } }),
      ev({ type: "approval-decided", record: { ...elicited, approvalId: "e2", approved: false, decidedAt: at(2) } }),
      ev({ type: "approval-decided", record: { ...elicited, approvalId: "e3", approved: false, cancelled: true, decidedAt: at(3) } }),
      ev({ type: "approval-decided", record: { ...sampled, approvalId: "s1", approved: true, decidedAt: at(4) } }),
      ev({ type: "approval-decided", record: { ...sampled, approvalId: "s2", approved: false, decidedAt: at(5) } }),
    ]);
    const rows = within(within(region).getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[1]!.textContent)).toEqual(["denied", "sampled", "cancelled", "declined", "submitted"]);
  });
});
