// An approval card says so when the tool runs programs without a sandbox, and why; a sandboxed
// tool's card does not.
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, pending, resetSeq, runSummary } from "../../test/events.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

beforeEach(() => resetSeq());

const reason = "bubblewrap is not installed (no bwrap in /usr/bin, /usr/local/bin or on PATH); install it, e.g. `apt install bubblewrap`";

describe("an approval card of a tool that runs programs", () => {
  it("shows “No sandbox: <reason>” when the tool runs without a sandbox", async () => {
    const { emit } = await renderStudio({ project: { ...samplesProject(), sandbox: { available: false, kind: "none", reason } } });
    emit([ev({ type: "run-started", run: runSummary("r1") }), ev({ type: "approval-requested", approval: pending("r1", "a1", { toolName: "Bash", input: { command: "npm test" }, noSandbox: reason }) })]);
    const card = within(screen.getByRole("region", { name: "Approvals" })).getByRole("listitem", { name: /^Bash in / });
    const note = within(card).getByRole("note");
    expect(note.textContent).toContain(`No sandbox: ${reason}.`);
  });

  it("shows no such line for a tool that runs sandboxed (or runs no programs)", async () => {
    const { emit } = await renderStudio({ project: { ...samplesProject(), sandbox: { available: true, kind: "bubblewrap" } } });
    emit([ev({ type: "run-started", run: runSummary("r1") }), ev({ type: "approval-requested", approval: pending("r1", "a1", { toolName: "Bash", input: { command: "npm test" } }) })]);
    const card = within(screen.getByRole("region", { name: "Approvals" })).getByRole("listitem", { name: /^Bash in / });
    expect(card.textContent).not.toContain("No sandbox");
  });
});

describe("an approval card of a plain tool call", () => {
  it("offers Approve and Deny and no form, even though MCP asks may share the inbox", async () => {
    const { emit } = await renderStudio({ project: samplesProject() });
    emit([ev({ type: "run-started", run: runSummary("r1") }), ev({ type: "approval-requested", approval: pending("r1", "a1") })]);
    const card = within(screen.getByRole("region", { name: "Approvals" })).getByRole("listitem", { name: "deploy in Release" });
    expect(within(card).getAllByRole("button").map((b) => b.textContent)).toEqual(["Approve", "Deny"]);
    expect(within(card).queryByRole("form")).toBeNull();
  });
});
