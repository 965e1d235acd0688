// A new approval is announced politely ("Approval needed: deploy in Release — press Alt+A to
// review"), and Alt+A from anywhere focuses the first pending request: on a narrow window the
// Approvals tab is selected first.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ev, pending, resetSeq, runSummary } from "../../test/events.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import { NARROW_QUERY, useLayout } from "../layout/index.ts";

beforeEach(() => resetSeq());

const realMatchMedia = globalThis.matchMedia;
afterEach(() => {
  globalThis.matchMedia = realMatchMedia;
  act(() => useLayout.getState().showRightTab("approvals"));
});

/** A window narrower than 1280 px: the right sidebar is tabs. */
function narrowWindow() {
  globalThis.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query === NARROW_QUERY })) as typeof matchMedia;
}

async function withApprovals() {
  const studio = await renderStudio({ project: samplesProject() });
  studio.emit([
    ev({ type: "run-started", run: runSummary("r1") }),
    ev({ type: "run-started", run: runSummary("r2", { entryId: "workflow:fix.tsx", name: "Fix" }) }),
    ev({ type: "approval-requested", approval: pending("r1", "a1") }),
    ev({ type: "approval-requested", approval: pending("r2", "a2", { toolName: "writeFile", entryName: "Fix", agentPath: ["Fix"] }) }),
  ]);
  return studio;
}

const altA = () => act(() => void fireEvent.keyDown(document.activeElement ?? window, { key: "a", code: "KeyA", altKey: true }));

describe("the approval key", () => {
  it("announces new approvals in a polite live region, naming the tool, the agent and the key", async () => {
    const { emit } = await withApprovals();
    const status = screen.getByRole("status", { name: "Approval announcements" });
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("2 approvals needed: deploy in Release, writeFile in Fix — press Alt+A to review");
    emit([ev({ type: "approval-requested", approval: pending("r1", "a3", { toolName: "readFile" }) })]);
    expect(status.textContent).toBe("Approval needed: readFile in Release — press Alt+A to review");
  });

  it("focuses the first pending request from anywhere", async () => {
    await withApprovals();
    within(screen.getByRole("region", { name: "Agents" })).getByRole("searchbox", { name: "Filter agents" }).focus();
    await altA();
    expect(document.activeElement).toBe(within(screen.getByRole("region", { name: "Approvals" })).getByRole("listitem", { name: "deploy in Release" }));
  });

  it("on a narrow window selects the Approvals tab first", async () => {
    narrowWindow();
    await withApprovals();
    const tabs = screen.getByRole("tablist", { name: "Side panels" });
    fireEvent.click(within(tabs).getByRole("tab", { name: "Capabilities" }));
    expect(screen.queryByRole("region", { name: "Approvals" })).toBeNull();
    await altA();
    expect(within(tabs).getByRole("tab", { name: /^Approvals/ }).getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(within(screen.getByRole("region", { name: "Approvals" })).getByRole("listitem", { name: "deploy in Release" }));
  });

  it("does the same from the command palette, on a narrow window too", async () => {
    narrowWindow();
    await withApprovals();
    const tabs = screen.getByRole("tablist", { name: "Side panels" });
    fireEvent.click(within(tabs).getByRole("tab", { name: "Token usage" }));
    act(() => void fireEvent.keyDown(window, { key: "k", ctrlKey: true }));
    const palette = screen.getByRole("dialog", { name: "Command palette" });
    const box = within(palette).getByRole("combobox");
    fireEvent.change(box, { target: { value: "first pending" } });
    act(() => void fireEvent.keyDown(box, { key: "Enter" }));
    expect(within(tabs).getByRole("tab", { name: /^Approvals/ }).getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(within(screen.getByRole("region", { name: "Approvals" })).getByRole("listitem", { name: "deploy in Release" }));
  });

  it("with nothing pending, focuses the empty inbox, which says so", async () => {
    await renderStudio({ project: samplesProject() });
    await altA();
    expect(document.activeElement?.textContent).toContain("No pending approvals");
  });
});
