// Opening a project isolated: what a workflow file or the config does at import or render —
// process.exit, an endless loop, a throw in a timer, a rejection nobody handles, a top-level await
// that never settles — is a Problem naming the file, the other files still load, and this process
// (the host) goes on. Small time limits through options; nothing asserts on how long it took.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LiveProject, openProject, type Project } from "../project/index.ts";
import { AWAIT_FOREVER, EXIT_AT_IMPORT, GOOD, LATE_REJECTION, LOOP_AT_IMPORT, LOOP_IN_RENDER, THROW_IN_TIMER } from "./hostile-code.test-support.ts";
import { apartFromModels } from "../loading/model-problems.test-support.ts";

const SAMPLES = fileURLToPath(new URL("../../../samples", import.meta.url));
const LIMITS = { importMs: 2_000, renderMs: 2_000 };

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-isolate-"));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

async function write(rel: string, text: string): Promise<string> {
  const path = join(folder, rel);
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, text);
  return path;
}

/** Opens the folder with a good workflow beside `hostile.tsx` holding `text`. */
async function openWith(text: string): Promise<{ project: Project; hostile: string }> {
  await write("good.tsx", GOOD);
  const hostile = await write("hostile.tsx", text);
  await write(".claude/agents/fine.md", "---\nname: fine\ndescription: ok\ntools: Read\n---\nbody\n");
  const project = await openProject(folder, { isolate: { limits: LIMITS } });
  return { project, hostile };
}

function expectOthersLoaded(project: Project): void {
  expect(project.entries.map((e) => e.id)).toEqual(["workflow:good.tsx", "markdown:fine"]);
  expect(project.entries[0]!.tools).toEqual([]);
  expect(project.entries[0]!.tree?.children[0]).toMatchObject({ kind: "agent" });
}

describe("a workflow file's code can't take the host down while it loads", () => {
  it("process.exit at import is a problem naming the file; the others load", async () => {
    const { project, hostile } = await openWith(EXIT_AT_IMPORT);
    expect(apartFromModels(project.problems)).toEqual([
      expect.objectContaining({ severity: "error", code: "JUNE_USER_CODE_EXITED", file: hostile, entryId: "workflow:hostile.tsx" }),
    ]);
    expect(apartFromModels(project.problems)[0]!.message).toContain(`the workflow ${hostile} ended its worker (process.exit(7))`);
    expectOthersLoaded(project);
  });

  it("an endless loop at import is a problem once the import limit passed", async () => {
    const { project, hostile } = await openWith(LOOP_AT_IMPORT);
    expect(apartFromModels(project.problems)).toEqual([expect.objectContaining({ code: "JUNE_LOAD_TIMEOUT", file: hostile, entryId: "workflow:hostile.tsx" })]);
    expect(apartFromModels(project.problems)[0]!.message).toContain(`did not finish loading within ${LIMITS.importMs} ms`);
    expectOthersLoaded(project);
  });

  it("an endless loop in render is a problem naming the file and the workflow", async () => {
    const { project, hostile } = await openWith(LOOP_IN_RENDER);
    expect(apartFromModels(project.problems)).toEqual([expect.objectContaining({ code: "JUNE_RENDER_TIMEOUT", file: hostile, entryId: "workflow:hostile.tsx" })]);
    expect(apartFromModels(project.problems)[0]!.message).toContain(`rendering the workflow Hostile did not finish within ${LIMITS.renderMs} ms`);
    expectOthersLoaded(project);
  });

  it("a top-level await that never settles is a problem once the import limit passed", async () => {
    const { project, hostile } = await openWith(AWAIT_FOREVER);
    expect(apartFromModels(project.problems)).toEqual([expect.objectContaining({ code: "JUNE_LOAD_TIMEOUT", file: hostile })]);
    expectOthersLoaded(project);
  });

  it("a throw in a timer is a problem with its message; the file still loads", async () => {
    const { project, hostile } = await openWith(THROW_IN_TIMER);
    expect(apartFromModels(project.problems)).toEqual([expect.objectContaining({ code: "JUNE_USER_CODE_UNCAUGHT", file: hostile, entryId: "workflow:hostile.tsx" })]);
    expect(apartFromModels(project.problems)[0]!.message).toContain("threw outside any await: Error: late");
    expect(project.entries.map((e) => e.id)).toContain("workflow:hostile.tsx");
  });

  it("a late unhandled rejection is a problem with its message", async () => {
    const { project, hostile } = await openWith(LATE_REJECTION);
    expect(apartFromModels(project.problems)).toEqual([expect.objectContaining({ code: "JUNE_USER_CODE_UNCAUGHT", file: hostile })]);
    expect(apartFromModels(project.problems)[0]!.message).toContain("rejected a promise nobody handled: Error: late rejection");
  });
});

describe("june.config.ts's code can't take the host down either", () => {
  it("a config that calls process.exit is a problem naming it; the workflows load without it", async () => {
    const config = await write("june.config.ts", `import { defineConfig } from "june";\nprocess.exit(3);\nexport default defineConfig({});\n`);
    await write("good.tsx", GOOD);
    const project = await openProject(folder, { isolate: { limits: LIMITS } });
    expect(project.problems).toEqual([expect.objectContaining({ code: "JUNE_USER_CODE_EXITED", file: config })]);
    expect(project.entries.map((e) => e.id)).toEqual(["workflow:good.tsx"]);
  });
});

describe("a project without hostile code opens isolated as it opens in process", () => {
  it("the samples open with no problems and the same entries", async () => {
    const isolated = await openProject(SAMPLES, { isolate: true });
    expect(isolated.problems).toEqual([]);
    const inProcess = await openProject(SAMPLES);
    const shape = (p: Project) => p.entries.map((e) => ({ id: e.id, name: e.name, tools: e.tools, models: e.models, tree: e.tree }));
    expect(shape(isolated)).toEqual(JSON.parse(JSON.stringify(shape(inProcess))));
    expect(isolated.runsFolder).toBe(inProcess.runsFolder);
    expect(isolated.runDefaults.prices).toEqual(inProcess.runDefaults.prices);
  });
});

describe("an isolated live project reloads in its workers", () => {
  it("a hostile file fixed on disk loads on the next reload; its problem is gone", async () => {
    await write("good.tsx", GOOD);
    const hostile = await write("hostile.tsx", EXIT_AT_IMPORT);
    const live = await LiveProject.open(folder, { isolate: { limits: LIMITS } });
    try {
      expect(live.project.problems.map((p) => p.code)).toEqual(["JUNE_USER_CODE_EXITED"]);
      await writeFile(hostile, GOOD.replace("function Good", "function Fixed"));
      const project = await live.reload([hostile]);
      expect(project.problems).toEqual([]);
      expect(project.entries.map((e) => e.name)).toEqual(["Good", "Fixed"]);
    } finally {
      live.close();
    }
  });
});
