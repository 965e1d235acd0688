// LS: a folder's files and folders as Claude Code's indented tree, breadth first and capped;
// node_modules and .git named but not entered, studio data left out, symlinks not followed,
// nothing outside the project folder.
import { chmod, mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { asSchema } from "ai";
import { describe, expect, it } from "vitest";
import { LS_MAX_ENTRIES, lsTool } from "./ls.ts";
import { call, failure, useTempProject } from "./project.test-support.ts";

const project = useTempProject();
const ls = () => lsTool(project.current.root, false);

describe("LS: what the model sends", () => {
  it("takes Claude Code's { path, ignore? }", async () => {
    const schema = await asSchema(ls().inputSchema).jsonSchema;
    expect(schema).toMatchObject({ type: "object", required: ["path"], properties: { path: { type: "string" }, ignore: { type: "array" } } });
  });
});

describe("LS: the tree", () => {
  it("lists every level, folders with a trailing slash, entries in name order under their folder", async () => {
    const { write, root } = project.current;
    await write("README.md", "");
    await write("src/index.ts", "");
    await write("src/lib/util.ts", "");
    await write("src/a.ts", "");
    await write(".github/ci.yml", "");
    await mkdir(path.join(root, "empty"));
    expect(await call(ls(), { path: root })).toBe(
      ["- ./", "  - .github/", "    - ci.yml", "  - README.md", "  - empty/", "  - src/", "    - a.ts", "    - index.ts", "    - lib/", "      - util.ts"].join("\n"),
    );
  });

  it("lists a folder given relative to the project folder, or absolute, under its project path", async () => {
    const { write, root } = project.current;
    await write("pkg/app/main.ts", "");
    const expected = "- pkg/app/\n  - main.ts";
    expect(await call(ls(), { path: "pkg/app" })).toBe(expected);
    expect(await call(ls(), { path: path.join(root, "pkg", "app") })).toBe(expected);
  });

  it("leaves out what ignore matches by name or by path, and everything inside an ignored folder", async () => {
    const { write, root } = project.current;
    await write("app.log", "");
    await write("src/debug.log", "");
    await write("src/main.ts", "");
    await write("dist/bundle.js", "");
    await write("src/gen/x.ts", "");
    expect(await call(ls(), { path: root, ignore: ["*.log", "dist", "src/gen"] })).toBe("- ./\n  - src/\n    - main.ts");
  });

  it("names node_modules and .git without entering them, and leaves out the studio's run records", async () => {
    const { write, root } = project.current;
    await write("node_modules/dep/index.js", "");
    await write(".git/HEAD", "");
    await write(".june/runs/r1/events.jsonl", "");
    await write("index.js", "");
    expect(await call(ls(), { path: root })).toBe("- ./\n  - .git/ (not listed)\n  - index.js\n  - node_modules/ (not listed)");
  });

  it("shows a symlink without following it, even to a folder outside", async () => {
    const { write, root, outside } = project.current;
    await write("../outside/secret.txt", "");
    await symlink(outside, path.join(root, "linked"));
    expect(await call(ls(), { path: root })).toBe("- ./\n  - linked");
  });

  it.skipIf(process.getuid?.() === 0)("shows a folder it may not read, and lists the rest (skipped as root, who reads every folder)", async () => {
    const { write, root } = project.current;
    await write("locked/x.txt", "");
    await write("open/y.txt", "");
    await chmod(path.join(root, "locked"), 0o000);
    try {
      expect(await call(ls(), { path: root })).toBe("- ./\n  - locked/ (could not be read)\n  - open/\n    - y.txt");
    } finally {
      await chmod(path.join(root, "locked"), 0o755);
    }
  });
});

describe("LS: the cap", () => {
  it(`lists at most ${LS_MAX_ENTRIES} entries, the shallow levels first, and says there are more`, async () => {
    const { write, root } = project.current;
    for (let index = 0; index < LS_MAX_ENTRIES - 1; index++) await write(`f${String(index).padStart(4, "0")}.txt`, "");
    await write("deep/a.txt", "");
    await write("deep/b.txt", "");
    const result = await call(ls(), { path: root });
    expect(result.startsWith(`There are more than ${LS_MAX_ENTRIES} files and folders in the project folder. Use LS with a more specific path`)).toBe(true);
    const listed = result.split("\n").filter((line) => line.startsWith("  "));
    expect(listed).toHaveLength(LS_MAX_ENTRIES);
    expect(listed).toContain("  - deep/");
    expect(listed).not.toContain("    - b.txt");
  });

  it("lists exactly the cap without saying there are more", async () => {
    const { write, root } = project.current;
    for (let index = 0; index < LS_MAX_ENTRIES; index++) await write(`f${index}.txt`, "");
    const result = await call(ls(), { path: root });
    expect(result.startsWith("- ./")).toBe(true);
  });
});

describe("LS: confinement and failures", () => {
  it("refuses folders outside the project folder, directly or through a symlink", async () => {
    const { root, outside } = project.current;
    await symlink(outside, path.join(root, "linked"));
    await failure(call(ls(), { path: outside }), "JUNE_PATH_OUTSIDE_ROOT");
    await failure(call(ls(), { path: "../outside" }), "JUNE_PATH_OUTSIDE_ROOT");
    await failure(call(ls(), { path: "linked" }), "JUNE_PATH_OUTSIDE_ROOT");
    await failure(call(ls(), { path: "/" }), "JUNE_PATH_OUTSIDE_ROOT");
  });

  it("refuses the studio's run records", async () => {
    await project.current.write(".june/runs/r1/events.jsonl", "");
    await failure(call(ls(), { path: ".june" }), "JUNE_PATH_STUDIO_DATA");
    await failure(call(ls(), { path: ".june/runs" }), "JUNE_PATH_STUDIO_DATA");
  });

  it("fails for a missing folder and for a file", async () => {
    await project.current.write("a.txt", "");
    expect(await failure(call(ls(), { path: "nope" }), "JUNE_BUILTIN_FAILED")).toContain("LS could not search nope: it does not exist");
    expect(await failure(call(ls(), { path: "a.txt" }), "JUNE_BUILTIN_FAILED")).toContain("it is not a folder");
  });
});
