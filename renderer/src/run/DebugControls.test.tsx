// The debugger in Run: Pause, Step, Continue and Stop enabled by the selected run's state, their
// keys (F5, F10, F6, Shift+F5) anywhere in the studio, Start paused, and Step held at an approval.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import { renderStudio } from "../../test/render-studio.tsx";
import type { StopInfo, TraceEvent } from "../contract/index.ts";

beforeEach(() => resetSeq());

const run = () => screen.getByRole("region", { name: "Run" });
const button = (name: string) => within(run()).getByRole("button", { name }) as HTMLButtonElement;
const enabled = () => ["Pause", "Step", "Continue", "Stop"].filter((name) => !button(name).disabled);
const key = (k: string, init: Record<string, unknown> = {}) => act(async () => void fireEvent.keyDown(window, { key: k, ...init }));

const stop = (patch: Partial<StopInfo> = {}): StopInfo => ({ id: 1, boundary: "model-call", reason: "start", agentPath: ["Release"], step: "release", stepNodeId: "n3", ...patch });
const paused = (seq: number, s: StopInfo) => ({ type: "paused", stop: s, runId: "r1", seq, time: 1 }) as TraceEvent;
const resumed = (seq: number, stopId: number) => ({ type: "resumed", stopId, how: "step", runId: "r1", seq, time: 1 }) as TraceEvent;

async function releaseRun() {
  const studio = await renderStudio({ project: samplesProject() });
  fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Release workflow" }));
  studio.emit([ev({ type: "run-started", run: runSummary("r1") }), ...traceEvents("r1", recordedEvents("release-denied").slice(0, 4))]);
  return studio;
}

describe("the debug buttons", () => {
  it("while the run runs on: Pause and Stop", async () => {
    const { bridge } = await releaseRun();
    expect(enabled()).toEqual(["Pause", "Stop"]);
    await act(async () => fireEvent.click(button("Pause")));
    expect(bridge.callsOf("pauseRun")).toEqual([{ runId: "r1" }]);
  });

  it("while stopped: Step, Continue and Stop, each sent with the run's id", async () => {
    const { bridge, emit } = await releaseRun();
    emit(traceEvents("r1", [paused(5, stop())]));
    expect(enabled()).toEqual(["Step", "Continue", "Stop"]);
    await act(async () => fireEvent.click(button("Step")));
    await act(async () => fireEvent.click(button("Continue")));
    expect(bridge.callsOf("stepRun")).toEqual([{ runId: "r1" }]);
    expect(bridge.callsOf("continueRun")).toEqual([{ runId: "r1" }]);
    emit(traceEvents("r1", [resumed(6, 1)]));
    expect(enabled()).toEqual(["Pause", "Stop"]);
  });

  it("at an approval: Step is off and says why; Continue and Stop stay on", async () => {
    const { emit } = await releaseRun();
    emit(traceEvents("r1", [paused(5, stop({ boundary: "approval", nodeId: "n5", tool: { toolName: "deploy", toolCallId: "call_0_0", input: {} } }))]));
    expect(enabled()).toEqual(["Continue", "Stop"]);
    const reason = within(run()).getByText("Waiting for approval — approve or deny to go on");
    expect(button("Step").getAttribute("aria-describedby")).toBe(reason.id);
    expect(button("Step").title).toBe("Waiting for approval — approve or deny to go on");
  });

  it("with no live run: Step starts the selected agent paused", async () => {
    const { bridge } = await renderStudio({ project: samplesProject() });
    fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Release workflow" }));
    expect(enabled()).toEqual(["Step"]);
    await act(async () => fireEvent.click(button("Step")));
    expect(bridge.callsOf("startRun")).toEqual([{ entryId: "workflow:release.tsx", input: {}, paused: true }]);
  });

  it("Run starts paused when Start paused is checked", async () => {
    const { bridge } = await renderStudio({ project: samplesProject() });
    fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Release workflow" }));
    fireEvent.click(within(run()).getByRole("checkbox", { name: "Start paused" }));
    await act(async () => fireEvent.click(button("Run")));
    expect(bridge.callsOf("startRun")).toEqual([{ entryId: "workflow:release.tsx", input: {}, paused: true }]);
  });
});

describe("the keys", () => {
  it("F10 starts the selected agent paused, then steps; F5 continues; Shift+F5 stops", async () => {
    const { bridge, emit } = await renderStudio({ project: samplesProject() });
    fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Release workflow" }));
    await key("F10");
    expect(bridge.callsOf("startRun")).toEqual([{ entryId: "workflow:release.tsx", input: {}, paused: true }]);
    emit([ev({ type: "run-started", run: runSummary("run_new") }), ...traceEvents("run_new", [...recordedEvents("release-denied").slice(0, 4), { ...paused(5, stop()), runId: "run_new" }])]);
    await key("F10");
    expect(bridge.callsOf("stepRun")).toEqual([{ runId: "run_new" }]);
    await key("F5");
    expect(bridge.callsOf("continueRun")).toEqual([{ runId: "run_new" }]);
    await key("F5", { shiftKey: true });
    expect(bridge.callsOf("abortRun")).toEqual([{ runId: "run_new", reason: "stopped from June Studio" }]);
  });

  it("F6 pauses a run that runs on; F5 and F10 then do nothing (and reload nothing)", async () => {
    const { bridge } = await releaseRun();
    await key("F6");
    expect(bridge.callsOf("pauseRun")).toEqual([{ runId: "r1" }]);
    const f5 = new KeyboardEvent("keydown", { key: "F5", cancelable: true, bubbles: true });
    await act(async () => void window.dispatchEvent(f5));
    await key("F10");
    expect(f5.defaultPrevented).toBe(true);
    expect(bridge.callsOf("continueRun")).toEqual([]);
    expect(bridge.callsOf("stepRun")).toEqual([]);
    expect(bridge.callsOf("startRun")).toEqual([]);
  });

  it("F5 runs the selected agent with the input typed, from the input box too", async () => {
    const { bridge } = await renderStudio({ project: samplesProject() });
    fireEvent.click(within(screen.getByRole("region", { name: "Agents" })).getByRole("option", { name: "Release workflow" }));
    const input = within(run()).getByLabelText("Input (JSON props)");
    fireEvent.change(input, { target: { value: '{"env":"prod"}' } });
    await act(async () => void fireEvent.keyDown(input, { key: "F5" }));
    expect(bridge.callsOf("startRun")).toEqual([{ entryId: "workflow:release.tsx", input: { env: "prod" } }]);
  });

  it("leaves Ctrl+F5 and other keys to the browser", async () => {
    const { bridge } = await releaseRun();
    const hard = new KeyboardEvent("keydown", { key: "F5", ctrlKey: true, cancelable: true, bubbles: true });
    await act(async () => void window.dispatchEvent(hard));
    expect(hard.defaultPrevented).toBe(false);
    expect(bridge.calls.filter((c) => c.method.endsWith("Run") && c.method !== "listRuns")).toEqual([]);
  });
});
