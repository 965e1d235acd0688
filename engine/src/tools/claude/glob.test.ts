// Glob: files matching a pattern, relative to the project folder, newest first; node_modules,
// .git and symlinks left out; nothing outside the project folder.
import { mkdir, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GLOB_MAX_RESULTS, globTool } from "./glob.ts";
import { JuneError } from "../../errors/index.ts";
import { call, failure, useTempProject } from "./project.test-support.ts";

const project = useTempProject();
const glob = () => globTool(project.current.root, false);

describe("Glob: matching", () => {
  it("lists matches relative to the project folder, most recently modified first", async () => {
    const { write } = project.current;
    await write("src/old.ts", "", 1_000);
    await write("src/new.ts", "", 3_000);
    await write("src/lib/mid.ts", "", 2_000);
    await write("src/readme.md", "", 4_000);
    expect(await call(glob(), { pattern: "**/*.ts" })).toBe("src/new.ts\nsrc/lib/mid.ts\nsrc/old.ts");
  });

  it("orders files with the same time by path", async () => {
    await project.current.write("b.ts", "", 1_000);
    await project.current.write("a.ts", "", 1_000);
    expect(await call(glob(), { pattern: "*.ts" })).toBe("a.ts\nb.ts");
  });

  it("matches `*` in one level only, and braces", async () => {
    const { write } = project.current;
    await write("top.ts", "", 3);
    await write("top.tsx", "", 2);
    await write("src/inner.ts", "", 1);
    expect(await call(glob(), { pattern: "*.ts" })).toBe("top.ts");
    expect(await call(glob(), { pattern: "*.{ts,tsx}" })).toBe("top.ts\ntop.tsx");
  });

  it("searches under `path`, still answering relative to the project folder", async () => {
    const { write, root } = project.current;
    await write("pkg/a/src/x.ts", "");
    await write("pkg/b/src/y.ts", "");
    expect(await call(glob(), { pattern: "**/*.ts", path: "pkg/a" })).toBe("pkg/a/src/x.ts");
    expect(await call(glob(), { pattern: "src/*.ts", path: path.join(root, "pkg/b") })).toBe("pkg/b/src/y.ts");
  });

  it("skips node_modules and .git, lists hidden files, and does not follow symlinks", async () => {
    const { write, root, outside } = project.current;
    await write("node_modules/dep/index.js", "");
    await write("lib/node_modules/x.js", "");
    await write(".git/hooks/pre-commit.js", "");
    await write(".config/app.js", "");
    await write("../outside/leak.js", "");
    await symlink(outside, path.join(root, "linked"));
    expect(await call(glob(), { pattern: "**/*.js" })).toBe(".config/app.js");
  });

  it("says 'No files found' when nothing matches, or the pattern's folder does not exist", async () => {
    expect(await call(glob(), { pattern: "**/*.rs" })).toBe("No files found");
    expect(await call(glob(), { pattern: "missing/**/*.ts" })).toBe("No files found");
  });

  it(`lists at most ${GLOB_MAX_RESULTS} files, the newest, and says how many there were`, async () => {
    await mkdir(path.join(project.current.root, "many"));
    for (let index = 0; index < GLOB_MAX_RESULTS + 5; index++) await project.current.write(`many/f${String(index).padStart(3, "0")}.txt`, "", 1_000 + index);
    const lines = (await call(glob(), { pattern: "many/*.txt" })).split("\n");
    expect(lines[0]).toBe(`many/f${GLOB_MAX_RESULTS + 4}.txt`);
    expect(lines.filter((line) => line.endsWith(".txt"))).toHaveLength(GLOB_MAX_RESULTS);
    expect(lines.at(-1)).toBe(`(showing the ${GLOB_MAX_RESULTS} most recently modified of ${GLOB_MAX_RESULTS + 5} files; use a more specific path or pattern)`);
  });
});

describe("Glob: matching takes time linear in the name", () => {
  // Backtracking tries every way to share 44 a's among 11 stars (billions); an automaton does not.
  it("answers a pattern of many stars against a long name at once", async () => {
    const { write } = project.current;
    await write("a".repeat(44), "");
    await write(`${"a".repeat(44)}b`, "");
    expect(await call(glob(), { pattern: "*a*a*a*a*a*a*a*a*a*a*b" })).toBe(`${"a".repeat(44)}b`);
  });
});

describe("Glob: abort", () => {
  // One folder, so a walk that only checks between folders would list every file first.
  it("stops partway through a folder of thousands of files when the run is aborted", async () => {
    const folder = path.join(project.current.root, "many");
    await mkdir(folder);
    for (let index = 0; index < 3_000; index++) await writeFile(path.join(folder, `f${index}.txt`), "");
    const controller = new AbortController();
    const reason = new JuneError("JUNE_ABORTED", "june: the run was aborted.");
    const search = call(glob(), { pattern: "**/*.txt" }, controller.signal);
    // File system calls queue on one thread pool: 200 of ours leave the search past its start.
    for (let call = 0; call < 200; call++) await stat(folder);
    controller.abort(reason);
    await expect(search).rejects.toBe(reason);
  });
});

describe("Glob: refusals", () => {
  it("refuses a path or a pattern that leads outside the project folder", async () => {
    const { root } = project.current;
    expect(await failure(call(glob(), { pattern: "*", path: "../outside" }), "JUNE_PATH_OUTSIDE_ROOT")).toContain(root);
    await failure(call(glob(), { pattern: "../outside/*" }), "JUNE_PATH_OUTSIDE_ROOT");
    await failure(call(glob(), { pattern: "/etc/*.conf" }), "JUNE_PATH_OUTSIDE_ROOT");
    await failure(call(glob(), { pattern: "*", path: "/etc" }), "JUNE_PATH_OUTSIDE_ROOT");
  });

  it("fails when `path` is missing or a file", async () => {
    await project.current.write("a.ts", "");
    expect(await failure(call(glob(), { pattern: "*", path: "nope" }), "JUNE_BUILTIN_FAILED")).toContain("could not search nope: it does not exist");
    expect(await failure(call(glob(), { pattern: "*", path: "a.ts" }), "JUNE_BUILTIN_FAILED")).toContain("a.ts: it is not a folder");
  });
});
