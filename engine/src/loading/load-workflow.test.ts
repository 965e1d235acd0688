// loadWorkflow(): a user's workflow file, bundled and evaluated in this process, is made of the
// very engine that runs the test — its elements inspect like the engine's own, carry the user's
// file and line, and everything that can go wrong says which file and line to fix.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Agent, inspect, isJuneError, type JuneError, type TraceNode } from "june";
import { jsx } from "june/jsx-runtime";
import { loadWorkflow, type LoadedWorkflow } from "./index.ts";

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
  let workflow: LoadedWorkflow;
  let agent: TraceNode;
  // One load serves these cases: under vitest every load also runs vite's transform over the bundle.
  beforeAll(async () => {
    workflow = await loadWorkflow(fixture("triage.tsx"));
    agent = (await inspect(jsx(workflow.default as () => never, {}))).children[0]!;
  });

  it("default-exports a component whose element the running engine inspects: the agent's tools", () => {
    expect(typeof workflow.default).toBe("function");
    expect(agent.kind).toBe("agent");
    expect(agent.name).toBe("triage");
    expect(agent.error).toBeUndefined();
    expect((agent.tools ?? []).map((t) => t.name)).toEqual(["search", "label"]);
    expect(agent.children.map((c) => `${c.kind}:${c.name}`)).toEqual(["step:triage"]);
  });

  it("puts the absolute path of the workflow file and the line written on every element", () => {
    expect(agent.source).toEqual({ file: fixture("triage.tsx"), line: 21, column: 5 });
    expect(agent.children[0]!.source).toEqual({ file: fixture("triage.tsx"), line: 24, column: 7 });
    expect(agent.tools?.[0]?.declaredAt).toMatchObject({ file: fixture("triage.tsx"), line: 22 });
  });

  it("shares the engine's module instances: `june` in the workflow is this process's `june`", () => {
    expect(workflow.exports.Agent).toBe(Agent);
  });

  it("returns every export by name and the workflow's absolute path", () => {
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
  /** The own-deps fixture assembled in a temp folder: the user's folder and a stand-in studio. */
  async function ownDepsProject(): Promise<{ workflow: string; studioNodeModules: string }> {
    const dir = await tempDir();
    const own = fixture("own-deps");
    await cp(join(own, "workflow.jsx"), join(dir, "user", "workflow.jsx"));
    await cp(join(own, "deps"), join(dir, "user", "node_modules"), { recursive: true });
    await cp(join(own, "studio-deps"), join(dir, "studio", "node_modules"), { recursive: true });
    return { workflow: join(dir, "user", "workflow.jsx"), studioNodeModules: join(dir, "studio", "node_modules") };
  }

  it("takes a package from the workflow's own folder first, then from the studio's node_modules", async () => {
    const project = await ownDepsProject();
    const workflow = await loadWorkflow(project.workflow, { fallbackNodeModules: [project.studioNodeModules] });
    expect(workflow.exports.who).toBe("the user's folder");
    expect(workflow.exports.studioOnly).toBe("from the studio");
  });

  it("bundles a CommonJS dependency that requires a Node builtin", async () => {
    const project = await ownDepsProject();
    const workflow = await loadWorkflow(project.workflow, { fallbackNodeModules: [project.studioNodeModules] });
    expect(workflow.exports.cjsBasename).toBe("triage.md");
  });
});

describe("a workflow's import.meta", () => {
  it("names the workflow file itself, not the temp bundle it runs from", async () => {
    const dir = await tempDir();
    const file = join(dir, "where.ts");
    await writeFile(file, `export const url = import.meta.url, filename = import.meta.filename, dirname = import.meta.dirname;\n`);
    const { exports } = await loadWorkflow(file);
    expect(exports).toEqual({ url: pathToFileURL(file).href, filename: file, dirname: dir });
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
    expect(error.message).toContain(`${fixture("broken-syntax.jsx")}:5:46: Unexpected ";"`);
    expect(error.source).toEqual({ file: fixture("broken-syntax.jsx"), line: 5, column: 46 });
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

  it("a module that throws what can't even be printed (an object with no prototype): still the file, and what was thrown", async () => {
    const file = join(await tempDir(), "throws-bare-object.tsx");
    await writeFile(file, 'import { Agent } from "june";\nthrow Object.create(null);\nexport default function W() { return <Agent />; }\n');
    const error = await loadError(file);
    expect(error.code).toBe("JUNE_LOAD_FAILED");
    expect(error.message).toContain(`the workflow ${file} threw while loading`);
    expect(error.message).toContain("[object Object]");
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

// Under vitest the bundle is imported through vitest's module runner; the CLI and the studio import
// it natively. These cases run that real path in a plain Node child process.
const execFileAsync = promisify(execFile);
const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
const stripsTypes = major > 22 || (major === 22 && minor >= 18);

async function loadNatively(file: string): Promise<Record<string, any>> {
  const script = fileURLToPath(new URL("./native-load.test-support.ts", import.meta.url));
  const { stdout } = await execFileAsync(process.execPath, [script, file], { env: { ...process.env, NODE_OPTIONS: "" } });
  return JSON.parse(stdout.trim().split("\n").pop()!);
}

describe.skipIf(!stripsTypes)(`under plain Node, as the CLI and the studio load it (skipped below Node 22.18, which can't run the engine's .ts sources; this is ${process.version})`, () => {
  it("the workflow's `june` is the loading process's `june`, and its elements carry the user's file and line", async () => {
    const result = await loadNatively(fixture("triage.tsx"));
    expect(result).toEqual({
      ok: true,
      sameAgent: true,
      agent: { name: "triage", tools: ["search", "label"], source: { file: fixture("triage.tsx"), line: 21, column: 5 } },
    });
  });

  it("a throw while evaluating is mapped through the bundle's source map to the user's line", async () => {
    const file = fixture("throws-at-top-level.tsx");
    const result = await loadNatively(file);
    expect(result.ok).toBe(false);
    expect(result.code).toBe("JUNE_LOAD_FAILED");
    expect(result.message).toContain(`the workflow ${file} threw while loading at ${file}:5:`);
    expect(result.source).toMatchObject({ file, line: 5 });
  });

  it("a name `june` doesn't export: the link error names the file and speaks of `june`, not the engine's file URL", async () => {
    const dir = await tempDir();
    const file = join(dir, "wrong-name.ts");
    await writeFile(file, `import { NotAThing } from "june";\nexport default NotAThing;\n`);
    const result = await loadNatively(file);
    expect(result.code).toBe("JUNE_LOAD_FAILED");
    expect(result.message).toContain(`the workflow ${file} threw while loading`);
    expect(result.message).toContain("'june' does not provide an export named 'NotAThing'");
    expect(result.message).not.toContain("file://");
  });
});
