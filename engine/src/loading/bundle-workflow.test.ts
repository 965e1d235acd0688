// bundleWorkflow(): what the in-memory bundle of a workflow is made of — the engine left out and
// imported by file URL, everything else bundled, builtins external, an inline source map that
// points at the user's files by absolute URL, and warnings that name file and line.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { bundleWorkflow, type WorkflowBundle } from "./index.ts";
import { ENGINE_ROOT } from "./june-entries.ts";

const FIXTURES = fileURLToPath(new URL("../../test/fixtures/workflows/", import.meta.url));
const TRIAGE = join(FIXTURES, "triage.tsx");

const temps: string[] = [];
async function tempFile(name: string, contents: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "june-bundle-test-"));
  temps.push(dir);
  await writeFile(join(dir, name), contents);
  return join(dir, name);
}
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("the triage fixture's bundle", () => {
  let bundle: WorkflowBundle;
  beforeAll(async () => {
    bundle = await bundleWorkflow(TRIAGE);
  });

  it("imports `june` from the embedded engine's file URL and bundles none of the engine", () => {
    const engineIndex = pathToFileURL(join(ENGINE_ROOT, "src/index.ts")).href;
    const devRuntime = pathToFileURL(join(ENGINE_ROOT, "src/jsx/jsx-dev-runtime.ts")).href;
    expect(bundle.aliases.june).toBe(engineIndex);
    expect(bundle.code).toContain(`from "${engineIndex}"`);
    expect(bundle.code).toContain(`from "${devRuntime}"`);
    expect(bundle.code).not.toMatch(/from "june(\/[^"]*)?"/);
    expect(bundle.inputs.filter((input) => input.startsWith(join(ENGINE_ROOT, "src")))).toEqual([]);
  });

  it("imports ES-module packages (`ai`, `zod`) by the URL they resolve to in the studio's node_modules, so workflows share one copy", () => {
    expect(bundle.inputs).toContain(TRIAGE);
    expect(bundle.inputs.some((input) => input.includes("/node_modules/zod/"))).toBe(false);
    expect(bundle.inputs.some((input) => input.includes("/node_modules/ai/"))).toBe(false);
    expect(bundle.code).toMatch(/from "file:\/\/[^"]*\/node_modules\/ai\/[^"]*"/);
    expect(bundle.code).toMatch(/from "file:\/\/[^"]*\/node_modules\/zod\/[^"]*"/);
    expect(bundle.code).not.toMatch(/from "(ai|zod)"/);
  });

  it("carries its source map inline, naming the workflow by absolute file URL", () => {
    const inline = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\n$/.exec(bundle.code);
    expect(inline).not.toBeNull();
    const map = JSON.parse(Buffer.from(inline![1]!, "base64").toString("utf8")) as { sources: string[] };
    expect(map.sources).toContain(pathToFileURL(TRIAGE).href);
    expect(map.sources).toEqual(bundle.map.sources);
  });

  it("is named by the workflow's absolute path", () => {
    expect(bundle.file).toBe(TRIAGE);
  });
});

describe("what stays outside the bundle", () => {
  it("Node builtins, with or without the node: prefix", async () => {
    const file = await tempFile(
      "builtins.ts",
      `import { readFile } from "node:fs/promises";\nimport path from "path";\nexport const both = [readFile, path];\n`,
    );
    const { code } = await bundleWorkflow(file);
    expect(code).toContain(`from "node:fs/promises"`);
    expect(code).toContain(`from "path"`);
  });
});

describe("warnings", () => {
  it("are listed with the absolute file, line and column", async () => {
    const file = await tempFile("warns.ts", `export const settings = { model: "a", model: "b" };\n`);
    const { warnings } = await bundleWorkflow(file);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${file}:1:39: Duplicate key "model" in object literal`);
  });
});
