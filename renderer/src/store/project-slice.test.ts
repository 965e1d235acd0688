// The project slice: the host's answer to open and trust is applied at once (the "project" event
// need not come first), never over a newer project; a file opens in the editor with what is known.
import { describe, expect, it } from "vitest";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { createStudioStore } from "./studio-store.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("opening a folder", () => {
  it("shows the host's answer, selects its first entry and lists its runs", async () => {
    const bridge = createFakeBridge({ project: samplesProject() });
    const store = createStudioStore(bridge);
    expect(await store.getState().openFolder("/project")).toBe(true);
    await flush();
    expect(bridge.callsOf("openFolder")).toEqual([{ folder: "/project" }]);
    expect(store.getState()).toMatchObject({ project: { folder: "/project" }, loadingFolder: null, selectedEntryId: "workflow:article.tsx" });
    expect(bridge.callsOf("listRuns")).toHaveLength(1);
  });

  it("keeps a newer project than the answer", async () => {
    const bridge = createFakeBridge({ project: samplesProject(), answers: { openFolder: () => ({ ok: true, value: { ...samplesProject(), folder: "/older", loadedAt: 1 } }) } });
    const store = createStudioStore(bridge);
    await store.getState().start();
    expect(await store.getState().openFolder("/older")).toBe(true);
    expect(store.getState().project?.folder).toBe("/project");
  });
});

describe("trusting the folder", () => {
  it("shows the trusted project the host answers with", async () => {
    const bridge = createFakeBridge({ project: { ...samplesProject(), trust: "restricted" } });
    const store = createStudioStore(bridge);
    await store.getState().start();
    expect(await store.getState().trustFolder()).toBe(true);
    expect(bridge.callsOf("trustFolder")).toEqual([{ folder: "/project" }]);
    expect(store.getState().project?.trust).toBe("trusted");
  });

  it("asks nothing when no folder is open", async () => {
    const bridge = createFakeBridge();
    const store = createStudioStore(bridge);
    expect(await store.getState().trustFolder()).toBe(false);
    expect(bridge.callsOf("trustFolder")).toEqual([]);
  });
});

describe("opening a file in the editor", () => {
  it("sends the line and column only when known", async () => {
    const bridge = createFakeBridge();
    const store = createStudioStore(bridge);
    await store.getState().openInEditor({ file: "/project/article.tsx", line: 12 });
    await store.getState().openInEditor({ file: "/project/fix.tsx", line: 3, column: 5 });
    expect(bridge.callsOf("openInEditor")).toEqual([{ file: "/project/article.tsx", line: 12 }, { file: "/project/fix.tsx", line: 3, column: 5 }]);
  });
});
