// workflowTsconfig(): the user's nearest tsconfig, extended, with June's JSX forced on top.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { nearestTsconfig, workflowTsconfig } from "./workflow-tsconfig.ts";

const FIXTURES = fileURLToPath(new URL("../../test/fixtures/workflows/", import.meta.url));
const JUNE_JSX = { jsx: "react-jsxdev", jsxImportSource: "june" };

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("nearestTsconfig: the config esbuild would use, at or above the workflow's folder", () => {
  it("finds the folder's own tsconfig.json", () => {
    expect(nearestTsconfig(join(FIXTURES, "react-tsconfig"))).toBe(join(FIXTURES, "react-tsconfig", "tsconfig.json"));
  });

  it("walks up to a parent's (here the engine's own)", () => {
    expect(nearestTsconfig(join(FIXTURES, "own-deps"))).toBe(join(FIXTURES, "..", "..", "..", "tsconfig.json"));
  });
});

describe("workflowTsconfig: June's JSX always, the user's other settings kept", () => {
  it("extends the user's config and overrides its JSX settings", () => {
    expect(workflowTsconfig(join(FIXTURES, "react-tsconfig"))).toEqual({
      extends: join(FIXTURES, "react-tsconfig", "tsconfig.json"),
      compilerOptions: JUNE_JSX,
    });
  });

  const tempUnderConfig = nearestTsconfig(tmpdir()) !== undefined;
  it.skipIf(tempUnderConfig)("is June's JSX alone when no folder above has a config (skipped when the temp folder sits under a tsconfig)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "june-tsconfig-test-"));
    temps.push(dir);
    expect(workflowTsconfig(dir)).toEqual({ compilerOptions: JUNE_JSX });
  });
});
