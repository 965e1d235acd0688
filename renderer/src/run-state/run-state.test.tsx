// A run's state in words, derived once: a live run with a pending approval reads "waiting for
// approval" (not "running") wherever its state shows — Runs, Run's list, the Trace's header and
// Compare's choices; a run stopped by the debugger reads "paused".
import { act, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, pending, resetSeq, runSummary } from "../../test/events.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import { runLabel } from "../compare/run-choices.ts";
import { newRunView } from "../store/studio-state.ts";
import { runState } from "./run-state.ts";

beforeEach(() => resetSeq());

const stop = { id: 1, boundary: "model-call" as const, reason: "pause" as const, agentPath: ["Release"], step: "release", stepNodeId: "n3" };

describe("runState", () => {
  it("is the summary's status, sharpened while the run is live", () => {
    const live = newRunView(runSummary("r1"));
    expect(runState(live, [])).toBe("running");
    expect(runState(live, [{ runId: "r1" }])).toBe("waiting");
    expect(runState(live, [{ runId: "r2" }])).toBe("running");
    expect(runState(newRunView(runSummary("r1", { stopped: stop })), [])).toBe("paused");
    expect(runState(newRunView(runSummary("r1", { stopped: { ...stop, boundary: "approval" } })), [])).toBe("waiting");
    expect(runState(newRunView(runSummary("r1", { status: "aborted" })), [{ runId: "r1" }])).toBe("aborted");
  });

  it("names Compare's choices with it", () => {
    expect(runLabel(runSummary("r1"), "waiting")).toMatch(/ · waiting for approval$/);
    expect(runLabel(runSummary("r1"), "paused")).toMatch(/ · paused$/);
  });
});

describe("a run waiting for approval", () => {
  it("reads so in Runs, in Run's list and in the Trace's header, and running again once decided", async () => {
    const { emit, store } = await renderStudio({ project: samplesProject() });
    act(() => store.getState().selectEntry("workflow:release.tsx"));
    emit([ev({ type: "run-started", run: runSummary("r1") }), ev({ type: "approval-requested", approval: pending("r1", "a1") })]);
    act(() => store.getState().selectRun("r1"));
    const runs = screen.getByRole("region", { name: "Runs" });
    expect(within(runs).getByRole("listitem", { name: /^Release, waiting for approval, started / })).toBeTruthy();
    const runList = within(screen.getByRole("region", { name: "Run" })).getByRole("list", { name: "Runs of this agent" });
    expect(runList.textContent).toContain("waiting for approval");
    expect(runList.textContent).not.toContain("running");
    expect(screen.getByRole("region", { name: "Trace" }).querySelector(".panel-header")?.textContent).toContain("waiting for approval");

    await act(() => store.getState().approve(store.getState().inbox[0]!));
    expect(within(runs).getByRole("listitem", { name: /^Release, running, started / })).toBeTruthy();
  });
});
