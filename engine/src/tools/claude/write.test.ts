// Write: creates or replaces a whole file inside the project folder, making folders as needed.
import { link, mkdir, readFile, symlink } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeTool } from "./write.ts";
import { call, failure, useTempProject } from "./project.test-support.ts";

const project = useTempProject();
const write = () => writeTool(project.current.root, false);

describe("Write: what it does", () => {
  it("creates the file and its missing parent folders, and confirms briefly", async () => {
    const { root } = project.current;
    expect(await call(write(), { file_path: "a/b/c.txt", content: "one\ntwo\n" })).toBe("Created a/b/c.txt (2 lines)");
    expect(await readFile(path.join(root, "a/b/c.txt"), "utf8")).toBe("one\ntwo\n");
  });

  it("replaces an existing file entirely, by absolute path too", async () => {
    const file = await project.current.write("notes.md", "old content that is longer");
    expect(await call(write(), { file_path: file, content: "new" })).toBe("Updated notes.md (1 line)");
    expect(await readFile(file, "utf8")).toBe("new");
  });

  it("writes an empty file", async () => {
    expect(await call(write(), { file_path: "empty", content: "" })).toBe("Created empty (0 lines)");
  });
});

describe("Write: what it refuses", () => {
  it("fails for a folder", async () => {
    await mkdir(path.join(project.current.root, "src"));
    const message = await failure(call(write(), { file_path: "src", content: "x" }), "JUNE_BUILTIN_FAILED");
    expect(message).toBe("june: could not write src: it is a folder, not a file; give a file path");
  });

  it("refuses ../ and absolute paths outside, writing nothing", async () => {
    const { root, outside } = project.current;
    await failure(call(write(), { file_path: "../outside/x.txt", content: "x" }), "JUNE_PATH_OUTSIDE_ROOT");
    await failure(call(write(), { file_path: path.join(outside, "y.txt"), content: "x" }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(existsSync(path.join(outside, "x.txt"))).toBe(false);
    expect(existsSync(path.join(outside, "y.txt"))).toBe(false);
    expect(root).not.toBe(outside);
  });

  it("refuses to write through a symlinked folder or a dangling symlink that lead outside", async () => {
    const { root, outside } = project.current;
    await symlink(outside, path.join(root, "out"));
    await symlink(path.join(outside, "planted.sh"), path.join(root, "planted.sh"));
    const message = await failure(call(write(), { file_path: "out/new/x.txt", content: "x" }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(message).toContain("out/new/x.txt");
    await failure(call(write(), { file_path: "planted.sh", content: "x" }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(existsSync(path.join(outside, "new"))).toBe(false);
    expect(existsSync(path.join(outside, "planted.sh"))).toBe(false);
  });

  it("refuses to overwrite a hard link, which may be another name for a file outside", async () => {
    const { root, outside, write: put } = project.current;
    await put("../outside/hosts", "127.0.0.1 localhost\n");
    await link(path.join(outside, "hosts"), path.join(root, "hosts"));
    const message = await failure(call(write(), { file_path: "hosts", content: "planted\n" }), "JUNE_PATH_OUTSIDE_ROOT");
    expect(message).toContain("could not write hosts");
    expect(message).toContain("2 hard links");
    expect(await readFile(path.join(outside, "hosts"), "utf8")).toBe("127.0.0.1 localhost\n");
  });
});
