// Read: a text file's lines numbered like `cat -n`, a window at a time; clear failures for what
// cannot be read.
import { link, symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { READ_DEFAULT_LIMIT, READ_MAX_LINE_CHARS, readTool } from "./read.ts";
import { call, failure, useTempProject } from "./project.test-support.ts";

const project = useTempProject();
const read = () => readTool(project.current.root, false);

describe("Read: what it returns", () => {
  it("numbers each line like cat -n: the number right-aligned in six columns, a tab, the text", async () => {
    await project.current.write("a.txt", "first\n  second\nthird\n");
    expect(await call(read(), { file_path: "a.txt" })).toBe("     1\tfirst\n     2\t  second\n     3\tthird");
  });

  it("reads by absolute path too", async () => {
    const file = await project.current.write("docs/b.md", "# B");
    expect(await call(read(), { file_path: file })).toBe("     1\t# B");
  });

  it("shows CRLF files without their carriage returns, and a last line without newline", async () => {
    await project.current.write("crlf.txt", "a\r\nb\r\nc");
    expect(await call(read(), { file_path: "crlf.txt" })).toBe("     1\ta\n     2\tb\n     3\tc");
  });

  it("reads `limit` lines from line `offset` (1-based) and says how to read on", async () => {
    await project.current.write("ten.txt", Array.from({ length: 10 }, (_, index) => `line ${index + 1}`).join("\n"));
    const result = await call(read(), { file_path: "ten.txt", offset: 4, limit: 2 });
    expect(result).toBe("     4\tline 4\n     5\tline 5\n\n(showing lines 4-5 of 10 in ten.txt; read on with offset: 6)");
  });

  it("treats offset 0 as the first line and shows the tail without a note", async () => {
    await project.current.write("three.txt", "a\nb\nc\n");
    expect(await call(read(), { file_path: "three.txt", offset: 0, limit: 1 })).toContain("     1\ta\n\n(showing lines 1-1 of 3");
    expect(await call(read(), { file_path: "three.txt", offset: 3 })).toBe("     3\tc");
  });

  it(`returns at most ${READ_DEFAULT_LIMIT} lines by default`, async () => {
    await project.current.write("long.txt", "x\n".repeat(READ_DEFAULT_LIMIT + 5));
    const result = await call(read(), { file_path: "long.txt" });
    expect(result.split("\n").filter((line) => line.endsWith("\tx"))).toHaveLength(READ_DEFAULT_LIMIT);
    expect(result).toContain(`read on with offset: ${READ_DEFAULT_LIMIT + 1}`);
  });

  it(`cuts lines longer than ${READ_MAX_LINE_CHARS} characters`, async () => {
    await project.current.write("min.js", "y".repeat(READ_MAX_LINE_CHARS + 50));
    const result = await call(read(), { file_path: "min.js" });
    expect(result).toBe(`     1\t${"y".repeat(READ_MAX_LINE_CHARS)}… (line cut at ${READ_MAX_LINE_CHARS} characters)`);
  });

  it("says so for an empty file, and for an offset past the end", async () => {
    await project.current.write("empty.txt", "");
    await project.current.write("two.txt", "a\nb\n");
    expect(await call(read(), { file_path: "empty.txt" })).toBe("(the file empty.txt is empty)");
    expect(await call(read(), { file_path: "two.txt", offset: 5 })).toBe(
      "(the file two.txt has 2 lines, so there is nothing from line 5; use a smaller offset)",
    );
  });
});

describe("Read: what it refuses", () => {
  it("fails for a missing file, naming it and suggesting Glob", async () => {
    const message = await failure(call(read(), { file_path: "src/nope.ts" }), "JUNE_BUILTIN_FAILED");
    expect(message).toBe("june: could not read src/nope.ts: it does not exist; use Glob to find the file's path");
  });

  it("fails for a folder", async () => {
    await project.current.write("src/a.ts", "");
    const message = await failure(call(read(), { file_path: "src" }), "JUNE_BUILTIN_FAILED");
    expect(message).toBe("june: could not read src: it is a folder, not a file; use Glob to list the files in it");
  });

  it("refuses a binary-looking file", async () => {
    await project.current.write("logo.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    const message = await failure(call(read(), { file_path: "logo.png" }), "JUNE_BUILTIN_FAILED");
    expect(message).toContain("logo.png: it looks like a binary file");
  });

  it("refuses paths outside the project folder: ../, /etc/passwd, and a symlink out", async () => {
    const { root, outside, write } = project.current;
    await write("../outside/secret.txt", "secret");
    await symlink(path.join(outside, "secret.txt"), path.join(root, "innocent.txt"));
    for (const file_path of ["../outside/secret.txt", "/etc/passwd", "innocent.txt"]) {
      const message = await failure(call(read(), { file_path }), "JUNE_PATH_OUTSIDE_ROOT");
      expect(message).toContain(file_path);
      expect(message).toContain(root);
    }
  });

  it("refuses a hard link, naming it and saying why: it may be another name for a file outside", async () => {
    const { root, outside, write } = project.current;
    await write("../outside/secret.txt", "secret");
    await link(path.join(outside, "secret.txt"), path.join(root, "notes.txt"));
    const message = await failure(call(read(), { file_path: "notes.txt" }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(message).toContain("could not read notes.txt");
    expect(message).toContain("2 hard links");
    expect(message).not.toContain("secret");
  });
});
