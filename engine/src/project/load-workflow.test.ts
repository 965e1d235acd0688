// loadWorkflow(): a user's workflow file, bundled and evaluated in this process, is made of the
// very engine that runs the test — its elements inspect like the engine's own, carry the user's
// file and line, and everything that can go wrong says which file and line to fix.
import { cp, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { Agent, inspect, isJuneError, type JuneError } from "june";
import { jsx } from "june/jsx-runtime";
import { loadWorkflow } from "./index.ts";

const FIXTURES = fileURLToPath(new URL("../../test/fixtures/workflows/", import.meta.url));
const fixture = (name: string) => join(FIXTURES, name);

const temps: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "june-project-test-"));
  temps.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The JuneError a load rejects with (fails the test if it resolves or throws something else). */
async function loadError(file: string): Promise<JuneError> {
  const error = await loadWorkflow(file).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isJuneError(error)) throw new Error(`expected a JuneError, got ${String(error)}`);
  return error;
}

/** The temp bundles loadWorkflow writes for `file`, still on disk. */
async function leftoverBundles(file: string): Promise<string[]> {
  const prefix = `june-${file.split("/").pop()}-`;
  return (await readdir(tmpdir())).filter((name) => name.startsWith(prefix));
}

describe("a valid workflow", () => {
  it("default-exports a component whose element the running engine inspects: the agent's tools", async () => {
    const workflow = await loadWorkflow(fixture("triage.tsx"));
    expect(typeof workflow.default).toBe("function");
    const tree = await inspect(jsx(workflow.default as () => never, {}));
    const agent = tree.children[0]!;
    expect(agent.kind).toBe("agent");
    expect(agent.name).toBe("triage");
    expect(agent.error).toBeUndefined();
    expect((agent.tools ?? []).map((t) => t.name)).toEqual(["search", "label"]);
    expect(agent.children.map((c) => `${c.kind}:${c.name}`)).toEqual(["step:triage"]);
  });

  it("puts the absolute path of the workflow file and the line written on every element", async () => {
    const workflow = await loadWorkflow(fixture("triage.tsx"));
    const tree = await inspect(jsx(workflow.default as () => never, {}));
    const agent = tree.children[0]!;
    expect(agent.source).toEqual({ file: fixture("triage.tsx"), line: 21, column: 5 });
    expect(agent.children[0]!.source).toEqual({ file: fixture("triage.tsx"), line: 24, column: 7 });
    expect(agent.tools?.[0]?.declaredAt).toMatchObject({ file: fixture("triage.tsx"), line: 22 });
  });

  it("shares the engine's module instances: `june` in the workflow is this process's `june`", async () => {
    const workflow = await loadWorkflow(fixture("triage.tsx"));
    expect(workflow.exports.Agent).toBe(Agent);
  });

  it("returns every export by name and the workflow's absolute path", async () => {
    const workflow = await loadWorkflow(fixture("triage.tsx"));
    expect(Object.keys(workflow.exports).sort()).toEqual(["Agent", "default"]);
    expect(workflow.file).toBe(fixture("triage.tsx"));
  });

  it("loads from a folder without node_modules: `ai` and `zod` come from the studio's own", async () => {
    const dir = await tempDir();
    await cp(fixture("triage.tsx"), join(dir, "triage.tsx"));
    const workflow = await loadWorkflow(join(dir, "triage.tsx"));
    const tree = await inspect(jsx(workflow.default as () => never, {}));
    expect((tree.children[0]!.tools ?? []).map((t) => t.name)).toEqual(["search", "label"]);
    expect(tree.children[0]!.source?.file).toBe(join(dir, "triage.tsx"));
  });

  it("compiles June's JSX even when the folder's tsconfig is set up for another JSX library, keeping its paths", async () => {
    const workflow = await loadWorkflow(fixture("react-tsconfig/workflow.tsx"));
    const tree = await inspect(jsx(workflow.default as () => never, {}));
    const agent = tree.children[0]!;
    expect(agent.name).toBe("triage");
    expect(agent.children[0]!.input).toEqual({ prompt: "Triage the newest issue" });
    expect(agent.source).toEqual({ file: fixture("react-tsconfig/workflow.tsx"), line: 9, column: 5 });
  });
});

describe("where bare imports resolve", () => {
  it("takes a package from the workflow's own folder first, then from the studio's node_modules", async () => {
    const dir = await tempDir();
    const own = fixture("own-deps");
    await cp(join(own, "workflow.jsx"), join(dir, "user", "workflow.jsx"));
    await cp(join(own, "deps"), join(dir, "user", "node_modules"), { recursive: true });
    await cp(join(own, "studio-deps"), join(dir, "studio", "node_modules"), { recursive: true });

    const workflow = await loadWorkflow(join(dir, "user", "workflow.jsx"), {
      fallbackNodeModules: [join(dir, "studio", "node_modules")],
    });
    expect(workflow.exports.who).toBe("the user's folder");
    expect(workflow.exports.studioOnly).toBe("from the studio");
  });
});

describe("every load evaluates the file afresh", () => {
  it("sees an edit saved between two loads, and leaves no temp bundle behind", async () => {
    const dir = await tempDir();
    const file = join(dir, "edited.ts");
    await writeFile(file, `export const version = 1;\n`);
    expect((await loadWorkflow(file)).exports.version).toBe(1);
    await writeFile(file, `export const version = 2;\n`);
    expect((await loadWorkflow(file)).exports.version).toBe(2);
    expect(await leftoverBundles(file)).toEqual([]);
  });
});

describe("errors: JUNE_LOAD_FAILED naming the file and line", () => {
  it("a syntax error: the file, line and column, and esbuild's text", async () => {
    const error = await loadError(fixture("broken-syntax.jsx"));
    expect(error.code).toBe("JUNE_LOAD_FAILED");
    expect(error.message).toContain(`${fixture("broken-syntax.jsx")}:7:`);
    expect(error.message).toMatch(/Expected|Unexpected/);
    expect(error.source).toMatchObject({ file: fixture("broken-syntax.jsx"), line: 7 });
  });

  it("an import no folder has: the package, the file:line:column, and what to do", async () => {
    const error = await loadError(fixture("missing-package.tsx"));
    expect(error.code).toBe("JUNE_LOAD_FAILED");
    expect(error.message).toContain(`${fixture("missing-package.tsx")}:5:27: Could not resolve "june-test-package-that-does-not-exist"`);
    expect(error.message).toContain(`npm install june-test-package-that-does-not-exist in ${FIXTURES.replace(/\/$/, "")}`);
    expect(error.message).not.toMatch(/external/);
    expect(error.source).toEqual({ file: fixture("missing-package.tsx"), line: 5, column: 27 });
  });

  it("a `june/*` entry the engine doesn't have: lists the ones it does", async () => {
    const error = await loadError(fixture("unknown-june-entry.jsx"));
    expect(error.code).toBe("JUNE_LOAD_FAILED");
    expect(error.message).toContain(`${fixture("unknown-june-entry.jsx")}:3:`);
    expect(error.message).toContain(`"june/not-an-entry" is not part of June`);
    expect(error.message).toContain(`"june/tools"`);
  });

  it("a module that throws while it evaluates: the file, the line of the throw, and the thrown message", async () => {
    const file = fixture("throws-at-top-level.tsx");
    const error = await loadError(file);
    expect(error.code).toBe("JUNE_LOAD_FAILED");
    expect(error.message).toContain(`the workflow ${file} threw while loading`);
    expect(error.message).toContain("Error: JUNE_TEST_UNSET_API_KEY is not set");
    expect(error.message).toContain(`at ${file}:5:`);
    expect(error.source).toMatchObject({ file, line: 5 });
    expect((error.cause as Error).message).toBe("JUNE_TEST_UNSET_API_KEY is not set");
    expect(await leftoverBundles(file)).toEqual([]);
  });

  it("a name `june` doesn't export: the link error speaks of `june`, not the engine's file URL", async () => {
    const dir = await tempDir();
    const file = join(dir, "wrong-name.ts");
    await writeFile(file, `import { NotAThing } from "june";\nexport default NotAThing;\n`);
    const error = await loadError(file);
    expect(error.code).toBe("JUNE_LOAD_FAILED");
    expect(error.message).toContain(file);
    expect(error.message).toContain("'june' does not provide an export named 'NotAThing'");
  });

  it("a file that isn't there, or isn't a script", async () => {
    const missing = await loadError(fixture("no-such-workflow.tsx"));
    expect(missing.code).toBe("JUNE_LOAD_FAILED");
    expect(missing.message).toContain(`no workflow file at ${fixture("no-such-workflow.tsx")}`);
    const notScript = await loadError(fixture("own-deps/README.md"));
    expect(notScript.code).toBe("JUNE_LOAD_FAILED");
    expect(notScript.message).toContain("is not a workflow file");
  });
});
