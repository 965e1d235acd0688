// Choosing the editor and spelling "file at line:column" for it.
import { chmod, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEditor, commandArgs, editorArgs, splitCommand } from "./editor-command.ts";
import { editorEnv } from "./editor-env.ts";

let bin: string;
beforeAll(async () => {
  bin = await mkdtemp(join(tmpdir(), "june-editors-"));
  for (const name of ["code", "vim", "subl", "zed", "nano"]) {
    await writeFile(join(bin, name), "#!/bin/sh\n");
    await chmod(join(bin, name), 0o755);
  }
  await symlink(join(bin, "nano"), join(bin, "editor"));
  await writeFile(join(bin, "not-executable"), "");
});
afterAll(() => rm(bin, { recursive: true, force: true }));

describe("chooseEditor", () => {
  it("prefers JUNE_EDITOR, then VISUAL, then EDITOR, then `code` on PATH, keeping the variable's own arguments", () => {
    expect(chooseEditor({ PATH: bin, JUNE_EDITOR: "zed", VISUAL: "subl -n", EDITOR: "code" })).toEqual({ found: { executable: join(bin, "zed"), baseArgs: [], source: "JUNE_EDITOR" } });
    expect(chooseEditor({ PATH: bin, VISUAL: "subl -n", EDITOR: "zed" })).toEqual({ found: { executable: join(bin, "subl"), baseArgs: ["-n"], source: "VISUAL" } });
    expect(chooseEditor({ PATH: bin, EDITOR: "zed" })).toEqual({ found: { executable: join(bin, "zed"), baseArgs: [], source: "EDITOR" } });
    expect(chooseEditor({ PATH: bin })).toEqual({ found: { executable: join(bin, "code"), baseArgs: [], source: "PATH" } });
  });

  it("passes over a terminal editor in VISUAL or EDITOR, and reports it when nothing else is found", () => {
    expect(chooseEditor({ PATH: bin, VISUAL: "vim", EDITOR: "vim" })).toMatchObject({ found: { executable: join(bin, "code"), source: "PATH" } });
    expect(chooseEditor({ PATH: join(bin, "empty"), EDITOR: "vi" })).toEqual({
      tried: ["EDITOR=vi is a terminal editor", "none of `code`, `cursor`, `codium`, `subl`, `zed` is on PATH"],
      terminal: { source: "EDITOR", value: "vi", why: expect.stringContaining("terminal") },
    });
  });

  it("takes JUNE_EDITOR at its word: a terminal editor or a missing command there is the answer, not a reason to look further", () => {
    expect(chooseEditor({ PATH: bin, JUNE_EDITOR: "vim" })).toMatchObject({ tried: ["JUNE_EDITOR=vim is a terminal editor"], terminal: { source: "JUNE_EDITOR", value: "vim" } });
    expect(chooseEditor({ PATH: bin, JUNE_EDITOR: "nope", VISUAL: "subl" })).toEqual({ tried: ["JUNE_EDITOR=nope is not on PATH"] });
  });

  it("skips what isn't there or can't run, and says what it tried", () => {
    expect(chooseEditor({ PATH: bin, VISUAL: "nope", EDITOR: join(bin, "not-executable") })).toMatchObject({ found: { source: "PATH" } });
    expect(chooseEditor({ PATH: join(bin, "empty"), VISUAL: "nope" })).toEqual({ tried: ["VISUAL=nope is not on PATH", "none of `code`, `cursor`, `codium`, `subl`, `zed` is on PATH"] });
  });

  it("judges a command by what its link points to when its own name is unknown (Debian's /usr/bin/editor → nano)", () => {
    expect(chooseEditor({ PATH: join(bin, "empty"), EDITOR: join(bin, "editor") })).toMatchObject({ terminal: { source: "EDITOR", value: join(bin, "editor") } });
  });
});

describe("editorArgs", () => {
  it("speaks each editor family's line syntax, and gives an unknown editor the file alone", () => {
    expect(editorArgs("/bin/code", "/p/a.tsx", 4, 7)).toEqual(["--goto", "/p/a.tsx:4:7"]);
    expect(editorArgs("/bin/cursor", "/p/a.tsx", 4)).toEqual(["--goto", "/p/a.tsx:4"]);
    expect(editorArgs("/bin/subl", "/p/a.tsx", 4, 7)).toEqual(["/p/a.tsx:4:7"]);
    expect(editorArgs("/bin/nvim", "/p/a.tsx", 4, 7)).toEqual(["+4", "/p/a.tsx"]);
    expect(editorArgs("/bin/code", "/p/a.tsx")).toEqual(["/p/a.tsx"]);
    expect(editorArgs("/opt/fancy-editor", "/p/a.tsx", 4, 7)).toEqual(["/p/a.tsx"]);
  });

  it("reads Debian's vim.basic as vim, and versioned emacs as emacs", () => {
    expect(editorArgs("/usr/bin/vim.basic", "/p/a.tsx", 4)).toEqual(["+4", "/p/a.tsx"]);
    expect(editorArgs("/opt/bin/emacs-29.1", "/p/a.tsx", 4)).toEqual(["+4", "/p/a.tsx"]);
  });

  it("puts the variable's own arguments first, without a second --goto when they already have one", () => {
    const code = (baseArgs: string[]) => ({ executable: "/bin/code", baseArgs, source: "JUNE_EDITOR" as const });
    expect(commandArgs(code(["--goto"]), "/p/a.tsx", 4, 7)).toEqual(["--goto", "/p/a.tsx:4:7"]);
    expect(commandArgs(code(["-g"]), "/p/a.tsx", 4)).toEqual(["-g", "/p/a.tsx:4"]);
    expect(commandArgs(code(["--new-window"]), "/p/a.tsx", 4)).toEqual(["--new-window", "--goto", "/p/a.tsx:4"]);
  });

  it("splits commands honouring quotes", () => {
    expect(splitCommand(`"/Applications/My Editor/bin/ed" --wait 'two words'`)).toEqual(["/Applications/My Editor/bin/ed", "--wait", "two words"]);
    expect(splitCommand("   ")).toEqual([]);
  });
});

describe("editorEnv", () => {
  it("passes a display and a home, never credentials", () => {
    const env = editorEnv({ PATH: "/bin", HOME: "/h", DISPLAY: ":0", OPENAI_API_KEY: "sk", GITHUB_TOKEN: "ghp" });
    expect(env).toEqual({ PATH: "/bin", HOME: "/h", DISPLAY: ":0" });
  });
});
