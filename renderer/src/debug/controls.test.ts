// The debugger's rules, as in VS Code: which controls apply to the selected run, and what F5,
// F10, F6 and Shift+F5 do in each state.
import { describe, expect, it } from "vitest";
import type { StopInfo } from "../contract/index.ts";
import { debugControls, WAITING_FOR_APPROVAL } from "./controls.ts";
import { debugKeyAction, type KeyPress } from "./keys.ts";

const stop = (patch: Partial<StopInfo> = {}): StopInfo => ({ id: 1, boundary: "model-call", reason: "step", agentPath: ["Release"], step: "release", stepNodeId: "n3", ...patch });
const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, ...mods });

describe("debugControls", () => {
  it("with no live run: Run, and Step to start the agent paused", () => {
    expect(debugControls(undefined, undefined, true)).toMatchObject({ run: true, pause: false, step: true, stepStarts: true, continue: false, abort: false });
    expect(debugControls("succeeded", stop(), true)).toMatchObject({ stop: undefined, step: true, stepStarts: true, continue: false });
  });

  it("with no agent selected and nothing live: nothing", () => {
    expect(debugControls(undefined, undefined, false)).toMatchObject({ run: false, pause: false, step: false, continue: false, abort: false });
  });

  it("while running on: Pause and Stop", () => {
    expect(debugControls("running", undefined, true)).toMatchObject({ live: true, pause: true, step: false, stepStarts: false, continue: false, abort: true });
  });

  it("while stopped: Step, Continue and Stop", () => {
    expect(debugControls("running", stop(), true)).toMatchObject({ pause: false, step: true, stepStarts: false, continue: true, abort: true, stepBlocked: undefined });
  });

  it("while stopped at an approval: Step is off, with the reason; Continue stays on", () => {
    const controls = debugControls("running", stop({ boundary: "approval" }), true);
    expect(controls).toMatchObject({ step: false, continue: true, abort: true, stepBlocked: WAITING_FOR_APPROVAL });
    expect(WAITING_FOR_APPROVAL).toBe("Waiting for approval — approve or deny to go on");
  });
});

describe("debugKeyAction", () => {
  const idle = debugControls(undefined, undefined, true);
  const running = debugControls("running", undefined, true);
  const stopped = debugControls("running", stop(), true);
  const atApproval = debugControls("running", stop({ boundary: "approval" }), true);

  it("F5 continues a stopped run, else runs the selected agent", () => {
    expect(debugKeyAction(press("F5"), stopped)).toBe("continue");
    expect(debugKeyAction(press("F5"), atApproval)).toBe("continue");
    expect(debugKeyAction(press("F5"), idle)).toBe("run");
  });

  it("F5 does nothing while the run runs on, and still keeps the page from reloading", () => {
    expect(debugKeyAction(press("F5"), running)).toBeNull();
  });

  it("F10 steps a stopped run, else starts the selected agent paused", () => {
    expect(debugKeyAction(press("F10"), stopped)).toBe("step");
    expect(debugKeyAction(press("F10"), idle)).toBe("run-paused");
    expect(debugKeyAction(press("F10"), running)).toBeNull();
    expect(debugKeyAction(press("F10"), atApproval)).toBeNull();
  });

  it("Shift+F5 stops a live run, stopped or not; F6 pauses one that runs on", () => {
    expect(debugKeyAction(press("F5", { shiftKey: true }), running)).toBe("abort");
    expect(debugKeyAction(press("F5", { shiftKey: true }), stopped)).toBe("abort");
    expect(debugKeyAction(press("F5", { shiftKey: true }), idle)).toBeNull();
    expect(debugKeyAction(press("F6"), running)).toBe("pause");
    expect(debugKeyAction(press("F6"), stopped)).toBeNull();
  });

  it("leaves other keys, and F-keys with Ctrl, Alt or Meta, to the page", () => {
    expect(debugKeyAction(press("Enter"), stopped)).toBeUndefined();
    expect(debugKeyAction(press("F5", { ctrlKey: true }), stopped)).toBeUndefined();
    expect(debugKeyAction(press("F10", { altKey: true }), stopped)).toBeUndefined();
    expect(debugKeyAction(press("F10", { shiftKey: true }), stopped)).toBeUndefined();
  });
});
