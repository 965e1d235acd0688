// The packaging config, checked without packaging (Electron and its packaging tools can't be
// downloaded here): it parses, targets what the issue asks, runs the fuses hook, and what it
// packs and unpacks covers everything main reaches for at run time.
import { existsSync, readFileSync } from "node:fs";
import { join, matchesGlob, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";

const ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const config = parse(readFileSync(join(ROOT, "electron-builder.yml"), "utf8")) as Record<string, any>;

/** electron-builder's reading of a pattern list: in order, the last pattern that matches decides. */
function packs(patterns: readonly string[], file: string): boolean {
  let included = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith("!");
    if (matchesGlob(file, negated ? pattern.slice(1) : pattern)) included = !negated;
  }
  return included;
}

describe("electron-builder.yml", () => {
  it("names the app", () => {
    expect(config.productName).toBe("June Studio");
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z0-9-]+)+$/);
    expect(config.directories).toEqual({ output: "release" });
  });

  it("targets AppImage and deb on Linux, dmg on macOS, nsis on Windows", () => {
    expect(config.linux.target).toEqual(["AppImage", "deb"]);
    expect(config.mac.target).toBe("dmg");
    expect(config.win.target).toBe("nsis");
    // deb needs a maintainer (the root package.json has no author).
    expect(config.linux.maintainer).toMatch(/<.+@.+>/);
  });

  it("packs into app.asar and flips the fuses after packing", async () => {
    expect(config.asar).toBe(true);
    expect(config.afterPack).toBe("./electron/build/fuses.mjs");
    const hook = (await import(join(ROOT, config.afterPack))) as { default: unknown };
    expect(typeof hook.default).toBe("function");
  });

  it("starts the app at the built main bundle", () => {
    expect(config.extraMetadata.main).toBe("electron/dist/main.cjs");
    const electronManifest = JSON.parse(readFileSync(join(ROOT, "electron/package.json"), "utf8"));
    expect(join("electron", electronManifest.main)).toBe(config.extraMetadata.main);
  });

  it("packages the Electron version the workspace installs", () => {
    const electronManifest = JSON.parse(readFileSync(join(ROOT, "electron/package.json"), "utf8"));
    expect(config.electronVersion).toBe(electronManifest.devDependencies.electron);
  });

  describe("files: what it packs", () => {
    it.each([
      "electron/dist/main.cjs",
      "electron/dist/preload.cjs",
      "renderer/dist/index.html",
      "renderer/dist/assets/index-CMUAcZjx.js",
      "renderer/dist/assets/index-g47jhKRu.css",
      "engine/package.json",
      "engine/src/index.ts",
      "engine/src/loading/june-entries.ts",
      "engine/src/jsx/jsx-dev-runtime.ts",
      "package.json",
    ])("includes %s", (file) => {
      expect(packs(config.files, file)).toBe(true);
    });

    it.each([
      ["sources main was built from", "electron/src/main/main.ts"],
      ["source maps", "electron/dist/main.cjs.map"],
      ["the renderer's sources", "renderer/src/main.tsx"],
      ["engine tests", "engine/src/capabilities/inherit.test.tsx"],
      ["engine test fixtures", "engine/src/cli/fixtures/greet.tsx"],
      ["samples", "samples/release.tsx"],
      ["e2e tests", "e2e/package.json"],
      ["the renderer's bundled dependencies", "node_modules/react-dom/index.js"],
      ["the workspace links", "node_modules/june/package.json"],
    ])("leaves out %s (%s)", (_why, file) => {
      expect(packs(config.files, file)).toBe(false);
    });

    it("includes every file the engine's package.json exports", () => {
      const engine = JSON.parse(readFileSync(join(ROOT, "engine/package.json"), "utf8")) as { exports: Record<string, string> };
      for (const target of Object.values(engine.exports)) {
        const file = join("engine", target);
        expect(existsSync(join(ROOT, file)), file).toBe(true);
        expect(packs(config.files, file), file).toBe(true);
      }
    });
  });

  describe("asarUnpack: what must be on real disk", () => {
    it.each([
      ["esbuild's binary (spawned)", "node_modules/@esbuild/linux-x64/bin/esbuild"],
      ["esbuild's JS (it finds the binary beside itself)", "node_modules/esbuild/lib/main.js"],
      ["the engine sources (Node imports them for user workflows; esbuild reads them)", "engine/src/index.ts"],
      ["the engine manifest (read to find its entry points)", "engine/package.json"],
      ["the engine's dependencies (a workflow's fallback node_modules)", "node_modules/ai/dist/index.mjs"],
    ])("%s: %s", (_why, file) => {
      expect((config.asarUnpack as string[]).some((pattern) => matchesGlob(file, pattern))).toBe(true);
    });

    it("keeps main, preload and the renderer inside the integrity-checked asar", () => {
      for (const file of ["electron/dist/main.cjs", "electron/dist/preload.cjs", "renderer/dist/index.html"]) {
        expect((config.asarUnpack as string[]).some((pattern) => matchesGlob(file, pattern)), file).toBe(false);
      }
    });
  });
});
