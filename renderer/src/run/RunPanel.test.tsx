// Run: the input box (JSON for workflows, validated; a prompt for markdown agents), Run and Stop.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary } from "../../test/events.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";

beforeEach(() => resetSeq());

const run = () => screen.getByRole("region", { name: "Run" });
const select = (name: string) => fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name }));

describe("Run", () => {
  it("starts the selected workflow with its JSON props", async () => {
    const { bridge } = await renderStudio({ project: samplesProject() });
    select("Release workflow");
    fireEvent.change(within(run()).getByLabelText("Input (JSON props)"), { target: { value: '{"env":"staging"}' } });
    await act(async () => fireEvent.click(within(run()).getByRole("button", { name: "Run" })));
    expect(bridge.callsOf("startRun")).toEqual([{ entryId: "workflow:release.tsx", input: { env: "staging" } }]);
  });

  it("shows why JSON input is refused and sends nothing", async () => {
    const { bridge } = await renderStudio({ project: samplesProject() });
    select("Release workflow");
    fireEvent.change(within(run()).getByLabelText("Input (JSON props)"), { target: { value: "{env: staging}" } });
    await act(async () => fireEvent.click(within(run()).getByRole("button", { name: "Run" })));
    expect(within(run()).getByRole("alert").textContent).toMatch(/not valid JSON/);
    expect(bridge.callsOf("startRun")).toEqual([]);
  });

  it("sends a markdown agent's prompt as text", async () => {
    const { bridge } = await renderStudio({ project: samplesProject() });
    select("reviewer markdown");
    fireEvent.change(within(run()).getByLabelText("Prompt"), { target: { value: "Review README.md" } });
    await act(async () => fireEvent.click(within(run()).getByRole("button", { name: "Run" })));
    expect(bridge.callsOf("startRun")).toEqual([{ entryId: "markdown:reviewer", input: "Review README.md" }]);
  });

  it("shows the host's error when a run can't start", async () => {
    await renderStudio({ project: samplesProject(), answers: { startRun: () => ({ ok: false, error: { code: "STUDIO_NO_PROJECT", message: "no folder is open" } }) } });
    select("Release workflow");
    await act(async () => fireEvent.click(within(run()).getByRole("button", { name: "Run" })));
    expect(within(run()).getByRole("alert").textContent).toContain("STUDIO_NO_PROJECT");
  });

  it("lists the entry's runs with their status and stops the selected live one", async () => {
    const { bridge, emit } = await renderStudio({ project: samplesProject() });
    select("Release workflow");
    emit([ev({ type: "run-started", run: runSummary("r1") })]);
    const list = within(run()).getByRole("list", { name: "Runs of this agent" });
    expect(within(list).getByRole("button", { current: true }).textContent).toContain("running");
    const stop = within(run()).getByRole("button", { name: "Stop" }) as HTMLButtonElement;
    expect(stop.disabled).toBe(false);
    await act(async () => fireEvent.click(stop));
    expect(bridge.callsOf("abortRun")).toEqual([{ runId: "r1", reason: "stopped from June Studio" }]);
    emit([ev({ type: "run-ended", run: runSummary("r1", { status: "aborted", endedAt: 1795998818613 }) })]);
    expect(within(list).getByRole("button", { current: true }).textContent).toContain("stopped");
    expect((within(run()).getByRole("button", { name: "Stop" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("lists an agent's ten newest runs and the selected one, and the rest on request", async () => {
    const many = Array.from({ length: 14 }, (_, i) => runSummary(`r${i}`, { entryId: "workflow:report.tsx", name: "Report", status: "succeeded", startedAt: 1795998817613 + i * 1000, endedAt: 1795998817613 + i * 1000 + 500 }));
    const { store } = await renderStudio({ project: samplesProject(), answers: { listRuns: () => ({ ok: true, value: many }) } });
    select("Report workflow");
    act(() => store.getState().selectRun("r0"));
    const list = () => within(run()).getByRole("list", { name: "Runs of this agent" });
    const numbers = () => within(list()).getAllByRole("listitem").map((li) => li.querySelector(".run-number")!.textContent);
    expect(numbers()).toEqual(["#14", "#13", "#12", "#11", "#10", "#9", "#8", "#7", "#6", "#5", "#1"]);
    fireEvent.click(within(list()).getByRole("button", { name: "Show 3 more of 14 runs" }));
    expect(numbers()).toEqual(["#14", "#13", "#12", "#11", "#10", "#9", "#8", "#7", "#6", "#5", "#4", "#3", "#2", "#1"]);
  });
});
