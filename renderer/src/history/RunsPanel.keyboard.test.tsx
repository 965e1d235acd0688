// Runs is one tab stop: only the run holding it (the selected one, else the newest, else the one
// last focused) has tabbable buttons; ↑ ↓ Home End move between runs.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary } from "../../test/events.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

beforeEach(() => resetSeq());

const history = () => within(screen.getByRole("region", { name: "Runs" })).getByRole("list", { name: "Run history" });
const tabbable = () => within(history()).getAllByRole("button").filter((b) => b.tabIndex >= 0 && !b.hasAttribute("disabled"));

async function threeRuns() {
  const studio = await renderStudio({ project: samplesProject() });
  studio.emit([
    ev({ type: "run-started", run: runSummary("r1", { status: "succeeded", startedAt: 1000, endedAt: 2000 }) }),
    ev({ type: "run-started", run: runSummary("r2", { status: "failed", startedAt: 3000, endedAt: 4000, name: "Fix", entryId: "workflow:fix.tsx" }) }),
    ev({ type: "run-started", run: runSummary("r3", { status: "succeeded", startedAt: 5000, endedAt: 6000, name: "Report", entryId: "workflow:report.tsx" }) }),
  ]);
  return studio;
}

describe("the Runs list's roving focus", () => {
  it("has one run's buttons on the Tab order: the selected run's, else the newest's", async () => {
    const { store } = await threeRuns();
    const items = within(history()).getAllByRole("listitem");
    expect(tabbable().every((b) => items[0]!.contains(b))).toBe(true);
    expect(tabbable().length).toBeGreaterThan(1);
    act(() => store.getState().selectRun("r1"));
    expect(tabbable().every((b) => within(history()).getAllByRole("listitem")[2]!.contains(b))).toBe(true);
  });

  it("moves between runs with the arrow keys, Home and End, and Tab then enters the run last reached", async () => {
    await threeRuns();
    const opens = () => within(history()).getAllByRole("button", { name: /^(Report|Fix|Release)/ });
    opens()[0]!.focus();
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(opens()[1]);
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(document.activeElement).toBe(opens()[2]);
    fireEvent.keyDown(document.activeElement!, { key: "Home" });
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    expect(document.activeElement).toBe(opens()[0]);
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    const second = within(history()).getAllByRole("listitem")[1]!;
    expect(tabbable().length).toBeGreaterThan(0);
    expect(tabbable().every((b) => second.contains(b))).toBe(true);
  });
});
