// Discovery as a specification: which files are workflows (by their module syntax, never by
// words in a string or a comment), and a walk that survives whatever a folder holds — link
// loops, unreadable folders, huge trees — and refuses the root, the home folder and system folders.
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { discoverProject } from "./discover.ts";
import { openProject } from "../project/index.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-discover-"));
});
afterEach(async () => {
  await chmod(join(folder, "locked"), 0o755).catch(() => {});
  await rm(folder, { recursive: true, force: true });
});

async function write(rel: string, text: string) {
  const path = join(folder, rel);
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, text);
  return path;
}

const FLOW = `import { Agent, Step } from "june";\nimport { scripted } from "june/sdk/scripted";\nexport default function Flow() {\n  return <Agent model={scripted([{ text: "hi" }])}><Step id="s" prompt="p" /></Agent>;\n}\n`;
const isRoot = process.getuid?.() === 0;

describe("a workflow is a file whose module syntax imports June and has a default export", () => {
  it("a script that mentions `from \"june\"` and `export default` only in a template string is not listed, and opening the folder never imports it", async () => {
    const marker = join(folder, "imported.marker");
    // Like a cloned repository's code generator: the words are data, and importing it has a side effect.
    await write(
      "scripts/scaffold.ts",
      `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\nexport const template = \`import { Agent } from "june";\nexport default function X() { return <Agent />; }\n\`;\n`,
    );
    await write("flow.tsx", FLOW);
    const found = await discoverProject(folder);
    expect(found.workflowFiles).toEqual([join(folder, "flow.tsx")]);
    const project = await openProject(folder);
    expect(project.entries.map((e) => e.id)).toEqual(["workflow:flow.tsx"]);
    expect(existsSync(marker)).toBe(false);
  });

  it("words in comments and in a plain string don't count", async () => {
    await write("doc.ts", `// import { Agent } from "june"; export default function A() {}\n/* from "june" */ export const x = 'export default from "june"';\n`);
    expect((await discoverProject(folder)).workflowFiles).toEqual([]);
  });

  it("counts `export { X as default }`, imports of june/* and a re-export from june", async () => {
    await write("renamed.ts", `import { scripted } from "june/sdk/scripted";\nconst m = scripted([]);\nfunction Flow() { return m; }\nexport { Flow as default };\n`);
    await write("reexport.ts", `export { Agent } from "june";\nexport default 1;\n`);
    await write("helper.ts", `import { Agent } from "june";\nexport const a = Agent;\n`);
    expect((await discoverProject(folder)).workflowFiles).toEqual([join(folder, "reexport.ts"), join(folder, "renamed.ts")]);
  });

  it("an import of June that TypeScript would drop as unused still counts; `import type` alone doesn't", async () => {
    await write("unused.tsx", `import { Agent } from "june";\nexport default function U() { return null; }\n`);
    await write("types-only.ts", `import type { JuneNode } from "june";\nexport default function T(): JuneNode { return null as never; }\n`);
    expect((await discoverProject(folder)).workflowFiles).toEqual([join(folder, "unused.tsx")]);
  });

  it("a file that doesn't parse is listed by its text, so its syntax error shows (bundling fails before it runs)", async () => {
    await write("broken.tsx", `import { Agent } from "june";\nexport default function B() {\n  return <Agent>;\n}\n`);
    expect((await discoverProject(folder)).workflowFiles).toEqual([join(folder, "broken.tsx")]);
  });
});

describe("the walk survives what a folder holds", () => {
  it("never follows a link: `ln -s . loop` and a->b->a end the walk with each workflow once", async () => {
    await write("flow.tsx", FLOW);
    await symlink(".", join(folder, "loop"));
    await symlink(join(folder, "b"), join(folder, "a"));
    await symlink(join(folder, "a"), join(folder, "b"));
    const found = await discoverProject(folder);
    expect(found.workflowFiles).toEqual([join(folder, "flow.tsx")]);
    expect(found.problems).toEqual([]);
  });

  it.skipIf(isRoot)("skips a folder it can't read, with a problem naming it (skipped as root: chmod 000 doesn't stop root reading)", async () => {
    await write("flow.tsx", FLOW);
    await write("locked/inner.tsx", FLOW);
    await chmod(join(folder, "locked"), 0o000);
    const found = await discoverProject(folder);
    expect(found.workflowFiles).toEqual([join(folder, "flow.tsx")]);
    expect(found.problems).toEqual([expect.objectContaining({ severity: "warning", code: "JUNE_FOLDER_UNREADABLE", file: join(folder, "locked") })]);
  });

  it("stops at the cap on entries with a problem, and lists what it read", async () => {
    await write("a-flow.tsx", FLOW);
    for (let i = 0; i < 30; i++) await write(`many/file-${i}.txt`, "x");
    await write("zz/late.tsx", FLOW);
    const found = await discoverProject(folder, undefined, { maxEntries: 10 });
    expect(found.workflowFiles).toEqual([join(folder, "a-flow.tsx")]);
    expect(found.problems).toEqual([expect.objectContaining({ severity: "warning", code: "JUNE_FOLDER_TOO_LARGE", file: folder })]);
    expect(found.problems[0]!.message).toContain("more than 10 files and folders");
  });
});

describe("the root, the home folder and system folders are refused", () => {
  it.each(["/", homedir(), "/usr", "/proc/self"])("refuses %s with JUNE_FOLDER_REFUSED, at once", async (path) => {
    await expect(discoverProject(path)).rejects.toMatchObject({ code: "JUNE_FOLDER_REFUSED", message: expect.stringContaining("Open the project's own folder") });
  });

  it("openProject refuses / too", async () => {
    await expect(openProject("/")).rejects.toMatchObject({ code: "JUNE_FOLDER_REFUSED" });
  });
});
