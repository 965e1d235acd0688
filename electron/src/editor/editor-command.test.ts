// Choosing the editor and spelling "file at line:column" for it.
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEditor, editorArgs, splitCommand } from "./editor-command.ts";
import { editorEnv } from "./editor-env.ts";

let bin: string;
beforeAll(async () => {
  bin = await mkdtemp(join(tmpdir(), "june-editors-"));
  for (const name of ["code", "vim", "subl"]) {
    await writeFile(join(bin, name), "#!/bin/sh\n");
    await chmod(join(bin, name), 0o755);
  }
  await writeFile(join(bin, "not-executable"), "");
});
afterAll(() => rm(bin, { recursive: true, force: true }));

describe("chooseEditor", () => {
  it("prefers VISUAL, then EDITOR, then `code` on PATH, keeping the variable's own arguments", () => {
    expect(chooseEditor({ PATH: bin, VISUAL: "subl -n", EDITOR: "vim" })).toEqual({ found: { executable: join(bin, "subl"), baseArgs: ["-n"], source: "VISUAL" } });
    expect(chooseEditor({ PATH: bin, EDITOR: "vim" })).toEqual({ found: { executable: join(bin, "vim"), baseArgs: [], source: "EDITOR" } });
    expect(chooseEditor({ PATH: bin })).toEqual({ found: { executable: join(bin, "code"), baseArgs: [], source: "PATH" } });
  });

  it("skips what isn't there or can't run, and says what it tried", () => {
    expect(chooseEditor({ PATH: bin, VISUAL: "nope", EDITOR: join(bin, "not-executable") })).toMatchObject({ found: { source: "PATH" } });
    expect(chooseEditor({ PATH: join(bin, "empty"), VISUAL: "nope" })).toEqual({ tried: ["VISUAL=nope is not on PATH", "`code` is not on PATH"] });
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
