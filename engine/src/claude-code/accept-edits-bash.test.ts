// Which Bash commands acceptEdits runs unasked: mkdir, touch, mv and cp on paths inside the
// project, nothing the shell could turn into something else, nothing through a link that leaves.
import { mkdir, mkdtemp, realpath, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acceptedFileCommand } from "./accept-edits-bash.ts";

let root = "";
let outside = "";
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "june-accept-")));
  outside = await realpath(await mkdtemp(join(tmpdir(), "june-outside-")));
  await mkdir(join(root, "src"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const accepted = (command: string, folders = [root]) => acceptedFileCommand(command, folders, root);

describe("acceptedFileCommand", () => {
  it("accepts mkdir, touch, mv and cp on project paths, compound and with plain flags", () => {
    expect(accepted("mkdir -p build/out")).toBe(true);
    expect(accepted("touch src/a.ts && cp -r src lib && mv lib/a.ts lib/b.ts")).toBe(true);
    expect(accepted(`touch ${join(root, "abs.txt")}`)).toBe(true);
    expect(accepted("mkdir -- x")).toBe(true);
  });

  it("refuses other commands, and any one of a compound's", () => {
    expect(accepted("rm -rf build")).toBe(false);
    expect(accepted("touch a && npm install")).toBe(false);
    expect(accepted("cp a b | sh")).toBe(false);
    expect(accepted("FOO=1 touch a")).toBe(false);
    expect(accepted("mkdir")).toBe(false);
  });

  it("refuses paths outside the project, protected ones, and flags that carry a path", () => {
    expect(accepted("cp /etc/passwd stolen")).toBe(false);
    expect(accepted("mv a ../a")).toBe(false);
    expect(accepted(`touch ${join(outside, "x")}`)).toBe(false);
    expect(accepted("touch .git/hooks/pre-commit")).toBe(false);
    expect(accepted("cp evil .claude/settings.json")).toBe(false);
    expect(accepted("cp a --target-directory=/etc")).toBe(false);
    expect(accepted("cp -t /etc a")).toBe(false);
  });

  it("refuses what the shell would expand or redirect", () => {
    for (const command of ["touch $HOME/x", "touch ~/x", "cp * /tmp", "touch 'a b'", "touch a\\ b", "touch a > /etc/x", "touch $(whoami)", "touch `id`", "mkdir {a,b}"]) {
      expect(accepted(command), command).toBe(false);
    }
  });

  it("follows links: one inside that leads outside, or nowhere, is refused", async () => {
    await symlink(outside, join(root, "out"));
    await symlink(join(outside, "missing"), join(root, "dangling"));
    await symlink(join(root, "src"), join(root, "alias"));
    expect(accepted("touch out/x")).toBe(false);
    expect(accepted("touch dangling")).toBe(false);
    expect(accepted("touch alias/x")).toBe(true);
  });

  it("takes the project's additional folders as inside", () => {
    expect(accepted(`touch ${join(outside, "x")}`, [root, outside])).toBe(true);
  });
});
