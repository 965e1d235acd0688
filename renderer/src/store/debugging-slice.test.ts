// The debugging slice: where a live run is stopped (from the trace's paused/resumed events and the
// summary's stop), stepping through the bridge, "Start paused", and the studio's breakpoints.
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { ev, resetSeq, runSummary, traceEvents } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import type { StopInfo, TraceEvent } from "../contract/index.ts";
import { currentStop, selectedStop } from "./selectors.ts";
import { createStudioStore } from "./studio-store.ts";

beforeEach(() => resetSeq());

const stop = (id: number, patch: Partial<StopInfo> = {}): StopInfo => ({ id, boundary: "model-call", reason: "step", agentPath: ["Release"], step: "release", stepNodeId: "n3", ...patch });
const trace = (runId: string, seq: number, event: Record<string, unknown>) => ({ ...event, runId, seq, time: 1795998817700 + seq }) as TraceEvent;

async function started(answers: Parameters<typeof createFakeBridge>[0] = {}) {
  const bridge = createFakeBridge({ project: samplesProject(), ...answers });
  const store = createStudioStore(bridge);
  await store.getState().start();
  return { bridge, store };
}

describe("where a live run is stopped", () => {
  it("follows the trace's paused and resumed events", async () => {
    const { bridge, store } = await started();
    store.getState().selectEntry("workflow:release.tsx");
    const head = recordedEvents("release-denied", "r1").slice(0, 4);
    bridge.emit([ev({ type: "run-started", run: runSummary("r1") }), ...traceEvents("r1", [...head, trace("r1", 5, { type: "paused", stop: stop(1, { reason: "start" }) })])]);
    expect(selectedStop(store.getState())).toMatchObject({ id: 1, reason: "start", step: "release" });
    bridge.emit(traceEvents("r1", [trace("r1", 6, { type: "resumed", stopId: 1, how: "step" })]));
    expect(selectedStop(store.getState())).toBeUndefined();
  });

  it("takes the summary's stop until the run's trace arrives, and none once the run ended", async () => {
    const { bridge, store } = await started();
    bridge.emit([ev({ type: "run-started", run: runSummary("r1", { stopped: stop(3) }) })]);
    expect(currentStop(store.getState().runs.r1)?.id).toBe(3);
    bridge.emit([ev({ type: "run-ended", run: runSummary("r1", { status: "aborted", stopped: stop(3) }) })]);
    expect(currentStop(store.getState().runs.r1)).toBeUndefined();
  });

  it("sends Pause, Step and Continue with the run's id", async () => {
    const { bridge, store } = await started();
    await store.getState().pauseRun("r1");
    await store.getState().stepRun("r1");
    await store.getState().continueRun("r1");
    expect([bridge.callsOf("pauseRun"), bridge.callsOf("stepRun"), bridge.callsOf("continueRun")]).toEqual([[{ runId: "r1" }], [{ runId: "r1" }], [{ runId: "r1" }]]);
  });

  it("starts a run paused only when asked", async () => {
    const { bridge, store } = await started();
    await store.getState().startRun("workflow:release.tsx", {});
    await store.getState().startRun("workflow:release.tsx", {}, true);
    expect(bridge.callsOf("startRun")).toEqual([
      { entryId: "workflow:release.tsx", input: {} },
      { entryId: "workflow:release.tsx", input: {}, paused: true },
    ]);
  });

  it("shows the host's refusal to step in Run", async () => {
    const { bridge, store } = await started();
    bridge.answers.stepRun = () => ({ ok: false, error: { code: "JUNE_AWAITING_APPROVAL", message: 'the run is waiting for approval of "deploy"' } });
    await store.getState().stepRun("r1");
    expect(store.getState().notices).toEqual([expect.objectContaining({ area: "run", error: expect.objectContaining({ code: "JUNE_AWAITING_APPROVAL" }) })]);
  });
});

describe("breakpoints", () => {
  it("loads the service's breakpoints on start", async () => {
    const { bridge, store } = await started({ answers: { getBreakpoints: () => ({ ok: true, value: [{ kind: "tool", tool: "deploy" }] }) } });
    expect(bridge.callsOf("getBreakpoints")).toEqual([{}]);
    expect(store.getState().breakpoints).toEqual([{ kind: "tool", tool: "deploy" }]);
  });

  it("keeps a breakpoints event that came before getBreakpoints answered", async () => {
    let answer: (() => void) | undefined;
    const bridge = createFakeBridge({ project: samplesProject(), answers: { getBreakpoints: () => ({ ok: true, value: [] }) } });
    const getBreakpoints = bridge.getBreakpoints;
    bridge.getBreakpoints = (request) => new Promise((resolve) => (answer = () => void getBreakpoints(request).then(resolve)));
    const store = createStudioStore(bridge);
    const starting = store.getState().start();
    bridge.emit([ev({ type: "breakpoints", breakpoints: [{ kind: "agent", agent: "Release" }] })]);
    answer!();
    await starting;
    expect(store.getState().breakpoints).toEqual([{ kind: "agent", agent: "Release" }]);
  });

  it("toggles: sends the whole new list with setBreakpoints and shows it at once", async () => {
    const { bridge, store } = await started();
    await store.getState().toggleBreakpoint({ kind: "tool", tool: "deploy" });
    await store.getState().toggleBreakpoint({ kind: "step", step: "release" });
    await store.getState().toggleBreakpoint({ kind: "tool", tool: "deploy" });
    expect(bridge.callsOf("setBreakpoints")).toEqual([
      { breakpoints: [{ kind: "tool", tool: "deploy" }] },
      { breakpoints: [{ kind: "tool", tool: "deploy" }, { kind: "step", step: "release" }] },
      { breakpoints: [{ kind: "step", step: "release" }] },
    ]);
    expect(store.getState().breakpoints).toEqual([{ kind: "step", step: "release" }]);
  });

  it("goes back to the list the service has when it refuses, and says why", async () => {
    const { bridge, store } = await started();
    bridge.answers.setBreakpoints = () => ({ ok: false, error: { code: "STUDIO_BAD_REQUEST", message: "studio: setBreakpoints got a bad request" } });
    await store.getState().toggleBreakpoint({ kind: "tool", tool: "deploy" });
    expect(store.getState().breakpoints).toEqual([]);
    expect(store.getState().notices[0]).toMatchObject({ error: { code: "STUDIO_BAD_REQUEST" } });
  });

  it("follows the service's breakpoints event (another window changed them)", async () => {
    const { bridge, store } = await started();
    bridge.emit([ev({ type: "breakpoints", breakpoints: [{ kind: "tool", tool: "search" }] })]);
    expect(store.getState().breakpoints).toEqual([{ kind: "tool", tool: "search" }]);
  });
});
