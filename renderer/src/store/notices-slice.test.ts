// The notices slice: a failed or throwing bridge call becomes a notice in its area, until dismissed.
import { beforeEach, describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { resetSeq } from "../../test/events.ts";
import { createStudioStore } from "./studio-store.ts";

beforeEach(() => resetSeq());

describe("errors are shown, not swallowed", () => {
  it("turns a failed openFolder into a notice with its code and message", async () => {
    const bridge = createFakeBridge({ answers: { openFolder: () => ({ ok: false, error: { code: "STUDIO_FOLDER_NOT_FOUND", message: "there is no folder /nope" } }) } });
    const store = createStudioStore(bridge);
    expect(await store.getState().openFolder("/nope")).toBe(false);
    expect(store.getState().notices).toEqual([expect.objectContaining({ area: "project", error: { code: "STUDIO_FOLDER_NOT_FOUND", message: "there is no folder /nope" } })]);
  });

  it("reports a bridge that throws", async () => {
    const bridge = createFakeBridge();
    bridge.startRun = async () => {
      throw new Error("socket closed");
    };
    const store = createStudioStore(bridge);
    expect(await store.getState().startRun("workflow:x", {})).toBe(false);
    expect(store.getState().notices[0]).toMatchObject({ area: "run", error: { code: "STUDIO_BRIDGE_FAILED", message: "socket closed" } });
  });
});

describe("dismissing", () => {
  it("removes only the notice dismissed", async () => {
    const store = createStudioStore(createFakeBridge());
    store.getState().report("run", { code: "STUDIO_BRIDGE_FAILED", message: "first" });
    store.getState().report("global", { code: "STUDIO_BRIDGE_FAILED", message: "second" });
    const [first, second] = store.getState().notices;
    expect(first!.id).not.toBe(second!.id);
    store.getState().dismissNotice(first!.id);
    expect(store.getState().notices).toEqual([second]);
  });
});
