// The source slice: a file:line opens in the Source panel with what the host read; a later open
// wins over an earlier answer; errors stay with the panel; "Open in editor" says what became of it.
import { describe, expect, it } from "vitest";
import type { Result, SourceFile } from "../contract/index.ts";
import { createFakeBridge } from "../../test/fake-bridge.ts";
import { samplesProject } from "../../test/fixtures.ts";
import { createStudioStore } from "./studio-store.ts";

const file = (path: string, text = "a\nb\n"): SourceFile => ({ file: path, relativePath: path.replace("/project/", ""), text, language: "tsx", truncated: false, size: text.length });

describe("opening a source", () => {
  it("reads the file from the host and shows it at the line and column", async () => {
    const bridge = createFakeBridge({ project: samplesProject(), answers: { readSource: ({ file: path }) => ({ ok: true, value: file(path) }) } });
    const store = createStudioStore(bridge);
    const opening = store.getState().openSource({ file: "/project/article.tsx", line: 2, column: 3 });
    expect(store.getState().source).toMatchObject({ status: "loading", location: { file: "/project/article.tsx", line: 2, column: 3 } });
    await opening;
    expect(bridge.callsOf("readSource")).toEqual([{ file: "/project/article.tsx" }]);
    expect(store.getState().source).toMatchObject({ status: "ready", file: { relativePath: "article.tsx", text: "a\nb\n" }, location: { line: 2, column: 3 } });
  });

  it("drops the answer for a source replaced before it came", async () => {
    const answers: Array<(result: Result<SourceFile>) => void> = [];
    const bridge = createFakeBridge({ project: samplesProject() });
    bridge.readSource = (request) => {
      bridge.calls.push({ method: "readSource", request });
      return new Promise((resolve) => answers.push(resolve));
    };
    const store = createStudioStore(bridge);
    const first = store.getState().openSource({ file: "/project/first.tsx", line: 1 });
    const second = store.getState().openSource({ file: "/project/second.tsx", line: 9 });
    answers[1]!({ ok: true, value: file("/project/second.tsx") });
    answers[0]!({ ok: true, value: file("/project/first.tsx") });
    await Promise.all([first, second]);
    expect(store.getState().source).toMatchObject({ status: "ready", location: { file: "/project/second.tsx", line: 9 }, file: { relativePath: "second.tsx" } });
  });

  it("keeps a refusal in the panel, not in the notices", async () => {
    const error = { code: "STUDIO_SOURCE_SECRET", message: "june studio: won't show .env: an .env file holds secrets" };
    const bridge = createFakeBridge({ project: samplesProject(), answers: { readSource: () => ({ ok: false, error }) } });
    const store = createStudioStore(bridge);
    await store.getState().openSource({ file: "/project/.env" });
    expect(store.getState().source).toMatchObject({ status: "failed", error });
    expect(store.getState().notices).toEqual([]);
  });

  it("closes", async () => {
    const store = createStudioStore(createFakeBridge({ project: samplesProject() }));
    await store.getState().openSource({ file: "/project/article.tsx" });
    store.getState().closeSource();
    expect(store.getState().source).toBeNull();
  });
});

describe("Open in editor from the panel", () => {
  it("asks the host for the shown file at its line and column, and says it was sent", async () => {
    const bridge = createFakeBridge({ project: samplesProject() });
    const store = createStudioStore(bridge);
    await store.getState().openSource({ file: "/project/article.tsx", line: 12, column: 4 });
    await store.getState().openSourceInEditor();
    expect(bridge.callsOf("openInEditor")).toEqual([{ file: "/project/article.tsx", line: 12, column: 4 }]);
    expect(store.getState().source?.editor).toEqual({ status: "opened" });
  });

  it("keeps the host's reason when no editor opened", async () => {
    const error = { code: "STUDIO_NO_EDITOR", message: "june studio: no editor to open /project/article.tsx with. Set JUNE_EDITOR, VISUAL or EDITOR" };
    const bridge = createFakeBridge({ project: samplesProject(), answers: { openInEditor: () => ({ ok: false, error }) } });
    const store = createStudioStore(bridge);
    await store.getState().openSource({ file: "/project/article.tsx", line: 12 });
    await store.getState().openSourceInEditor();
    expect(store.getState().source?.editor).toEqual({ status: "failed", error });
  });
});
