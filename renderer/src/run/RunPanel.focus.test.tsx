// After Run the focus goes to the new run: the Trace's tree takes it (its root row) once the run's
// trace is drawn, unless the person has moved on to another panel meanwhile.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

beforeEach(() => resetSeq());

const run = () => screen.getByRole("region", { name: "Run" });
const trace = () => screen.getByRole("region", { name: "Trace" });

async function startRelease() {
  const studio = await renderStudio({ project: samplesProject() });
  fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Release workflow" }));
  const button = within(run()).getByRole("button", { name: "Run" });
  button.focus();
  await act(async () => fireEvent.click(button));
  return studio;
}

describe("the focus after Run", () => {
  it("moves into the new run's trace tree, on its root row, once the trace is drawn", async () => {
    const { emit } = await startRelease();
    emit([ev({ type: "run-started", run: runSummary("run_new") }), ...traceEvents("run_new", recordedEvents("release-denied").slice(0, 4))]);
    const tree = within(trace()).getByRole("tree", { name: "Trace of Release" });
    expect(tree.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.getAttribute("aria-label")).toBe("run Release, running");
  });

  it("leaves the focus where the person went meanwhile", async () => {
    const { emit } = await startRelease();
    const elsewhere = within(screen.getByRole("region", { name: "Agents" })).getByRole("searchbox", { name: "Filter agents" });
    elsewhere.focus();
    emit([ev({ type: "run-started", run: runSummary("run_new") }), ...traceEvents("run_new", recordedEvents("release-denied").slice(0, 4))]);
    expect(document.activeElement).toBe(elsewhere);
  });

  it("also after F5 pressed elsewhere (the Agents list): the focus was still there when the trace came", async () => {
    const { emit } = await renderStudio({ project: samplesProject() });
    const option = within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Release workflow" });
    fireEvent.click(option);
    option.focus();
    await act(async () => void fireEvent.keyDown(option, { key: "F5" }));
    emit([ev({ type: "run-started", run: runSummary("run_new") }), ...traceEvents("run_new", recordedEvents("release-denied").slice(0, 4))]);
    expect(document.activeElement?.getAttribute("aria-label")).toBe("run Release, running");
  });
});
