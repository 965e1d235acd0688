// juneEntryUrls() and studioNodeModules(): what `june` is aliased to, read from the engine's own
// package.json, and where a workflow's packages fall back to.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ENGINE_ROOT, juneEntryUrls, studioNodeModules } from "./june-entries.ts";

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("juneEntryUrls: every code entry of the engine's exports map, as an absolute file URL", () => {
  it("maps `june` and `june/*` to the embedded engine's source files", async () => {
    const entries = await juneEntryUrls();
    const url = (path: string) => pathToFileURL(join(ENGINE_ROOT, path)).href;
    expect(entries.get("june")).toBe(url("src/index.ts"));
    expect(entries.get("june/jsx-runtime")).toBe(url("src/jsx/jsx-runtime.ts"));
    expect(entries.get("june/jsx-dev-runtime")).toBe(url("src/jsx/jsx-dev-runtime.ts"));
    expect(entries.get("june/tools")).toBe(url("src/tools/index.ts"));
    expect(entries.get("june/sdk/scripted")).toBe(url("src/sdk/scripted.ts"));
  });

  it("takes the ESM branch of a conditional export, and skips package.json and patterns", async () => {
    const root = await mkdtemp(join(tmpdir(), "june-entries-test-"));
    temps.push(root);
    const exports = {
      ".": "./src/index.ts",
      "./conditional": { require: "./dist/conditional.cjs", import: "./src/conditional.ts" },
      "./pattern/*": "./src/pattern/*.ts",
      "./package.json": "./package.json",
    };
    await writeFile(join(root, "package.json"), JSON.stringify({ name: "june", exports }));
    const entries = await juneEntryUrls(root);
    expect([...entries]).toEqual([
      ["june", pathToFileURL(join(root, "src/index.ts")).href],
      ["june/conditional", pathToFileURL(join(root, "src/conditional.ts")).href],
    ]);
  });
});

describe("studioNodeModules: the node_modules folders above the engine, nearest first", () => {
  it("includes the repository root's node_modules, where `ai` and `zod` are installed", () => {
    const folders = studioNodeModules();
    expect(folders).toContain(join(ENGINE_ROOT, "..", "node_modules"));
    expect(folders.map((folder) => folder.length)).toEqual(folders.map((folder) => folder.length).sort((a, b) => b - a));
  });
});
