// The approval history is one tab stop: the newest decision (or the row last focused) takes Tab;
// ↑ ↓ Home End move between decisions.
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, pending, resetSeq, runSummary } from "../../test/events.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

beforeEach(() => resetSeq());

describe("the approval history's roving focus", () => {
  it("has one row on the Tab order and moves with the arrow keys", async () => {
    const { emit } = await renderStudio({ project: samplesProject() });
    emit([
      ev({ type: "run-started", run: runSummary("r1") }),
      ...["a1", "a2", "a3"].map((id, i) => ev({ type: "approval-decided", record: { ...pending("r1", id), approved: i !== 1, decidedAt: Date.UTC(2026, 0, 1, 9, 0, i) } })),
    ]);
    const table = within(screen.getByRole("region", { name: "Approvals" })).getByRole("table", { name: /Approval decisions/ });
    const rows = () => within(table).getAllByRole("row").filter((r) => r.tabIndex !== undefined && r.closest("tbody"));
    expect(rows().map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    rows()[0]!.focus();
    fireEvent.keyDown(rows()[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(rows()[1]);
    expect(rows().map((r) => r.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(rows()[1]!, { key: "End" });
    expect(document.activeElement).toBe(rows()[2]);
    fireEvent.keyDown(rows()[2]!, { key: "Home" });
    expect(document.activeElement).toBe(rows()[0]);
  });
});
