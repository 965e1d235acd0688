// Confinement: every path resolves inside the project folder, through `..` and symlinks, or is
// refused naming the path and the folder.
import { mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { confine } from "./confine.ts";
import { failure, useTempProject } from "./project.test-support.ts";

const project = useTempProject();

describe("paths inside the project folder", () => {
  it("resolves a relative path against the folder and shows it relative, with / separators", async () => {
    const { root, write } = project.current;
    await write("src/a.ts", "");
    expect(await confine(root, "src/a.ts")).toEqual({ real: path.join(root, "src/a.ts"), display: "src/a.ts", root, studioData: [path.join(root, ".june")] });
  });

  it("accepts an absolute path inside the folder, and the folder itself as '.'", async () => {
    const { root } = project.current;
    expect((await confine(root, path.join(root, "x.md"))).display).toBe("x.md");
    expect((await confine(root, root)).display).toBe(".");
  });

  it("accepts `..` that stays inside", async () => {
    const { root } = project.current;
    expect((await confine(root, "src/../docs/./x.md")).display).toBe("docs/x.md");
  });

  it("accepts a file not yet created, in folders not yet created", async () => {
    const { root } = project.current;
    expect(await confine(root, "new/deeper/file.txt")).toMatchObject({ real: path.join(root, "new/deeper/file.txt"), display: "new/deeper/file.txt" });
  });

  it("follows a symlink that stays inside, and shows where it leads", async () => {
    const { root, write } = project.current;
    await write("real/a.txt", "a");
    await symlink(path.join(root, "real"), path.join(root, "alias"));
    expect((await confine(root, "alias/a.txt")).display).toBe("real/a.txt");
  });

  it("works when the project folder is itself reached through a symlink", async () => {
    const { root, outside, write } = project.current;
    await write("a.txt", "a");
    const linkedRoot = path.join(outside, "linked-project");
    await symlink(root, linkedRoot);
    expect(await confine(linkedRoot, "a.txt")).toMatchObject({ real: path.join(root, "a.txt"), display: "a.txt", root });
  });
});

describe("paths outside the project folder are refused", () => {
  it("refuses ../, naming the path and the project folder", async () => {
    const { root } = project.current;
    const message = await failure(confine(root, "../outside/secret.txt"), "JUNE_PATH_OUTSIDE_ROOT");
    expect(message).toContain("../outside/secret.txt");
    expect(message).toContain(root);
  });

  it("refuses an absolute path elsewhere, e.g. /etc/passwd", async () => {
    const { root } = project.current;
    const message = await failure(confine(root, "/etc/passwd"), "JUNE_PATH_OUTSIDE_ROOT");
    expect(message).toContain("/etc/passwd");
    expect(message).toContain(`project folder ${root}`);
  });

  it("refuses a sibling folder whose name starts with the project folder's", async () => {
    const { root } = project.current;
    await mkdir(`${root}-backup`);
    await failure(confine(root, `${root}-backup/x`), "JUNE_PATH_OUTSIDE_ROOT");
  });

  it("refuses a symlink inside the folder that points outside, saying where it resolves", async () => {
    const { root, outside } = project.current;
    await symlink(outside, path.join(root, "escape"));
    const message = await failure(confine(root, "escape/secret.txt"), "JUNE_PATH_OUTSIDE_ROOT");
    expect(message).toContain("escape/secret.txt");
    expect(message).toContain(`resolves to ${path.join(outside, "secret.txt")}`);
  });

  it("refuses a symlinked file that points outside", async () => {
    const { root, outside } = project.current;
    await symlink("/etc/hostname", path.join(root, "host"));
    await failure(confine(root, "host"), "JUNE_PATH_OUTSIDE_ROOT");
    await symlink(path.join(outside, "x"), path.join(root, "x"));
    await failure(confine(root, "x"), "JUNE_PATH_OUTSIDE_ROOT");
  });

  it("refuses a dangling symlink whose target (to be created) is outside", async () => {
    const { root, outside } = project.current;
    await symlink(path.join(outside, "not-yet/file.txt"), path.join(root, "dangling"));
    await failure(confine(root, "dangling"), "JUNE_PATH_OUTSIDE_ROOT");
    await symlink(path.join(outside, "not-yet-dir"), path.join(root, "dangling-dir"));
    await failure(confine(root, "dangling-dir/new.txt"), "JUNE_PATH_OUTSIDE_ROOT");
  });
});

describe("the studio's run records are refused", () => {
  it("refuses .june/ and anything in it, naming the path", async () => {
    const { root } = project.current;
    for (const filePath of [".june", ".june/runs/x.jsonl", "src/../.june/runs", path.join(root, ".june/new.txt")]) {
      expect(await failure(confine(root, filePath), "JUNE_PATH_STUDIO_DATA")).toContain(filePath);
    }
  });

  it("refuses a symlink that leads into them, and accepts a name that only starts like them", async () => {
    const { root, write } = project.current;
    await write(".june/runs/x.jsonl", "{}");
    await symlink(path.join(root, ".june/runs"), path.join(root, "records"));
    await failure(confine(root, "records/x.jsonl"), "JUNE_PATH_STUDIO_DATA");
    expect((await confine(root, ".june-notes/a.md")).display).toBe(".june-notes/a.md");
  });

  it("takes the folders to refuse, relative or absolute; none refuses nothing", async () => {
    const { root } = project.current;
    await failure(confine(root, "runs/a.jsonl", [".june", path.join(root, "runs")]), "JUNE_PATH_STUDIO_DATA");
    expect((await confine(root, ".june/runs/a.jsonl", [])).display).toBe(".june/runs/a.jsonl");
  });
});

describe("the project folder itself", () => {
  it("must exist when a path is resolved", async () => {
    const { root } = project.current;
    const message = await failure(confine(path.join(root, "missing"), "a.txt"), "JUNE_INVALID_PROPS");
    expect(message).toContain(path.join(root, "missing"));
  });
});
