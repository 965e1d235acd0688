// Edit: exact string replacement, unique unless replace_all; every way it can fail is an error
// the model sees, and the file is then left as it was.
import { link, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { editTool } from "./edit.ts";
import { call, failure, useTempProject } from "./project.test-support.ts";

const project = useTempProject();
const edit = () => editTool(project.current.root, false);
const contents = (relative: string) => readFile(path.join(project.current.root, relative), "utf8");

describe("Edit: replacing", () => {
  it("replaces the one occurrence and says on which line", async () => {
    await project.current.write("a.ts", "let a = 1;\nlet b = 2;\n");
    const result = await call(edit(), { file_path: "a.ts", old_string: "let b", new_string: "const b" });
    expect(result).toBe("Edited a.ts: replaced 1 occurrence (line 2)");
    expect(await contents("a.ts")).toBe("let a = 1;\nconst b = 2;\n");
  });

  it("replaces every occurrence with replace_all", async () => {
    await project.current.write("a.ts", "fmt(1);\nx;\nfmt(2);\nfmt(3);\n");
    const result = await call(edit(), { file_path: "a.ts", old_string: "fmt", new_string: "formatDate", replace_all: true });
    expect(result).toBe("Edited a.ts: replaced 3 occurrences (lines 1, 3, 4)");
    expect(await contents("a.ts")).toBe("formatDate(1);\nx;\nformatDate(2);\nformatDate(3);\n");
  });

  it("inserts new_string literally, even with $& and $1 in it", async () => {
    await project.current.write("price.txt", "cost: X\n");
    await call(edit(), { file_path: "price.txt", old_string: "X", new_string: "$& $1 $$" });
    expect(await contents("price.txt")).toBe("cost: $& $1 $$\n");
  });

  it("deletes text when new_string is empty, and edits across lines", async () => {
    await project.current.write("a.md", "keep\ndrop 1\ndrop 2\nkeep\n");
    await call(edit(), { file_path: "a.md", old_string: "drop 1\ndrop 2\n", new_string: "" });
    expect(await contents("a.md")).toBe("keep\nkeep\n");
  });

  it("matches a CRLF file from \\n text (as Read shows it) and keeps CRLF", async () => {
    await project.current.write("win.txt", "one\r\ntwo\r\nthree\r\n");
    await call(edit(), { file_path: "win.txt", old_string: "one\ntwo", new_string: "1\n2" });
    expect(await contents("win.txt")).toBe("1\r\n2\r\nthree\r\n");
  });

  it("keeps a byte-order mark", async () => {
    await project.current.write("bom.txt", "\uFEFFhello\n");
    await call(edit(), { file_path: "bom.txt", old_string: "hello", new_string: "bye" });
    expect(await contents("bom.txt")).toBe("\uFEFFbye\n");
  });

  it("creates a new file (and folders) when old_string is empty", async () => {
    expect(await call(edit(), { file_path: "new/file.ts", old_string: "", new_string: "export {};\n" })).toBe("Created new/file.ts (1 line)");
    expect(await contents("new/file.ts")).toBe("export {};\n");
  });
});

describe("Edit: failures the model sees", () => {
  it("fails when old_string is not in the file, leaving it unchanged", async () => {
    await project.current.write("a.ts", "let a = 1;\n");
    const message = await failure(call(edit(), { file_path: "a.ts", old_string: "let z", new_string: "x" }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("could not edit a.ts: old_string was not found in it");
    expect(await contents("a.ts")).toBe("let a = 1;\n");
  });

  it("fails when old_string occurs more than once without replace_all, saying how often", async () => {
    await project.current.write("a.ts", "x;\nx;\n");
    const message = await failure(call(edit(), { file_path: "a.ts", old_string: "x;", new_string: "y;" }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("old_string occurs 2 times in it");
    expect(message).toContain("replace_all: true");
    expect(await contents("a.ts")).toBe("x;\nx;\n");
  });

  it("fails when old_string equals new_string", async () => {
    await project.current.write("a.ts", "x;\n");
    const message = await failure(call(edit(), { file_path: "a.ts", old_string: "x;", new_string: "x;" }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("old_string and new_string are the same");
  });

  it("fails for a missing file, a folder, and a binary file", async () => {
    await project.current.write("dir/a.txt", "");
    await project.current.write("bin.dat", new Uint8Array([1, 0, 2, 0]));
    const input = { old_string: "a", new_string: "b" };
    expect(await failure(call(edit(), { file_path: "nope.ts", ...input }), "JUNE_BUILTIN_FAILED")).toContain("nope.ts: it does not exist");
    expect(await failure(call(edit(), { file_path: "dir", ...input }), "JUNE_BUILTIN_FAILED")).toContain("dir: it is a folder");
    expect(await failure(call(edit(), { file_path: "bin.dat", ...input }), "JUNE_BUILTIN_FAILED")).toContain("bin.dat: it looks like a binary file");
  });

  it("refuses a file that is not UTF-8, which a rewrite would corrupt", async () => {
    await project.current.write("latin1.txt", new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const message = await failure(call(edit(), { file_path: "latin1.txt", old_string: "caf", new_string: "tea" }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("latin1.txt: it is not UTF-8 text");
  });

  it("refuses an empty old_string on a file that has content", async () => {
    await project.current.write("a.ts", "x");
    const message = await failure(call(edit(), { file_path: "a.ts", old_string: "", new_string: "y" }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("old_string is empty, which creates a new file, but a.ts already exists");
    expect(await contents("a.ts")).toBe("x");
  });

  it("refuses paths outside the project folder, directly or through a symlink", async () => {
    const { root, outside, write } = project.current;
    await write("../outside/conf.ini", "a=1\n");
    await symlink(path.join(outside, "conf.ini"), path.join(root, "conf.ini"));
    const input = { old_string: "a=1", new_string: "a=2" };
    await failure(call(edit(), { file_path: "../outside/conf.ini", ...input }), "JUNE_PATH_OUTSIDE_ROOT");
    await failure(call(edit(), { file_path: "conf.ini", ...input }), "JUNE_PATH_OUTSIDE_ROOT");
    await failure(call(edit(), { file_path: "/etc/passwd", ...input }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(await readFile(path.join(outside, "conf.ini"), "utf8")).toBe("a=1\n");
  });

  it("refuses a hard link, which may be another name for a file outside, leaving it unchanged", async () => {
    const { root, outside, write } = project.current;
    await write("../outside/conf.ini", "a=1\n");
    await link(path.join(outside, "conf.ini"), path.join(root, "conf.ini"));
    const message = await failure(call(edit(), { file_path: "conf.ini", old_string: "a=1", new_string: "a=2" }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(message).toContain("could not edit conf.ini");
    expect(message).toContain("2 hard links");
    await failure(call(edit(), { file_path: "conf.ini", old_string: "", new_string: "a=2" }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(await readFile(path.join(outside, "conf.ini"), "utf8")).toBe("a=1\n");
  });
});
