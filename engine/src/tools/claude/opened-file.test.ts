// Opening checks the file that was opened, not the path that was checked: a path that changed
// after confine() (stood in for here by a ConfinedPath whose `real` no longer matches what the
// check saw), a final symlink, a hard link, a FIFO: each is caught on the open descriptor.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { link, mkdir, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { confine } from "./confine.ts";
import type { ConfinedPath } from "./confine.ts";
import { createFile, openVerified } from "./opened-file.ts";
import { failure, useTempProject } from "./project.test-support.ts";

const project = useTempProject();

// What confine() returned for `shown` before the file system changed under it, now pointing at `real`.
async function swapped(shown: string, real: string): Promise<ConfinedPath> {
  return { ...(await confine(project.current.root, shown)), real };
}

describe("what opening finds", () => {
  it("opens a regular file with one link inside the project folder", async () => {
    await project.current.write("a.txt", "a");
    const opened = await openVerified(await confine(project.current.root, "a.txt"), "read", "read");
    expect(opened.kind).toBe("file");
    if (opened.kind === "file") {
      expect((await opened.handle.readFile()).toString()).toBe("a");
      await opened.handle.close();
    }
  });

  it("tells a missing file and a folder apart", async () => {
    await mkdir(path.join(project.current.root, "dir"));
    expect((await openVerified(await confine(project.current.root, "nope.txt"), "read", "read")).kind).toBe("missing");
    expect((await openVerified(await confine(project.current.root, "dir"), "read", "read")).kind).toBe("folder");
    expect((await openVerified(await confine(project.current.root, "dir"), "write", "write")).kind).toBe("folder");
  });

  it("counts the links of a hard-linked file", async () => {
    const { root, outside, write } = project.current;
    await write("../outside/secret.txt", "secret");
    await link(path.join(outside, "secret.txt"), path.join(root, "linked.txt"));
    expect(await openVerified(await confine(root, "linked.txt"), "read", "read")).toEqual({ kind: "hard-linked", links: 2 });
  });

  it("does not block on a FIFO, and calls it special", async () => {
    const fifo = path.join(project.current.root, "pipe");
    try {
      execFileSync("mkfifo", [fifo]);
    } catch {
      return expect.fail("mkfifo is needed to make a FIFO for this test");
    }
    const file = await confine(project.current.root, "pipe");
    expect((await openVerified(file, "read", "read")).kind).toBe("special");
    expect((await openVerified(file, "write", "write")).kind).toBe("special");
  });
});

describe("a path that changed after it was checked", () => {
  it("is refused when the file opened is outside the project folder", async () => {
    const { outside, write } = project.current;
    await write("../outside/secret.txt", "secret");
    const verdict = await openVerified(await swapped("a.txt", path.join(outside, "secret.txt")), "read", "read");
    expect(verdict).toEqual({ kind: "elsewhere", location: path.join(outside, "secret.txt"), studioData: false });
  });

  it("is refused when it became a symlink (O_NOFOLLOW)", async () => {
    const { root, outside, write } = project.current;
    await write("../outside/secret.txt", "secret");
    await symlink(path.join(outside, "secret.txt"), path.join(root, "now-a-link"));
    const verdict = await openVerified(await swapped("a.txt", path.join(root, "now-a-link")), "read", "read");
    expect(verdict.kind).toBe("elsewhere");
  });

  it("is refused when the file opened is in the studio's run records", async () => {
    const { root, write } = project.current;
    await write(".june/runs/x.jsonl", "{}");
    const verdict = await openVerified(await swapped("a.txt", path.join(root, ".june/runs/x.jsonl")), "read", "read");
    expect(verdict).toMatchObject({ kind: "elsewhere", studioData: true });
  });

  it("creating a file that lands outside is refused, and the file is removed again", async () => {
    const { outside } = project.current;
    const message = await failure(createFile(await swapped("new.txt", path.join(outside, "new.txt")), "write"), "JUNE_PATH_OUTSIDE_ROOT");
    expect(message).toContain("could not write new.txt");
    expect(existsSync(path.join(outside, "new.txt"))).toBe(false);
  });

  it("creating never opens what is already there (O_EXCL), leaving it to the caller to check", async () => {
    const { outside, write } = project.current;
    await write("../outside/kept.txt", "kept");
    expect(await createFile(await swapped("new.txt", path.join(outside, "kept.txt")), "write")).toBeUndefined();
    expect(await readFile(path.join(outside, "kept.txt"), "utf8")).toBe("kept");
  });
});
