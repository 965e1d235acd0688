// Spec: a project's memory is its CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md, in that order,
// each introduced by its path and kind as Claude Code does, with `@path` imports followed (relative
// to the importing file, 5 deep, each file once); what is left out is a warning on the import's
// line; nothing outside the project folder is read unless the user opts in; the memory has a cap.
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claudeMdBlocks, readProjectMemory } from "./index.ts";

let base: string;
let folder: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), "june-claude-md-"));
  folder = join(base, "project");
  await mkdir(folder);
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function write(path: string, text: string | Buffer): Promise<string> {
  const file = path.startsWith("/") ? path : join(folder, path);
  await mkdir(join(file, ".."), { recursive: true });
  await writeFile(file, text);
  return file;
}

const PROJECT = "project instructions, checked into the codebase";
const section = (rel: string, body: string, kind = PROJECT) => `Contents of ${join(folder, rel)} (${kind}):\n\n${body}`;

describe("the memory files Claude Code reads", () => {
  it("a project without them has no memory and no problems", async () => {
    expect(await readProjectMemory(folder)).toEqual({ text: "", files: [], problems: [] });
  });

  it("CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md, in that order, each saying where it came from", async () => {
    await write("CLAUDE.local.md", "My sandbox is sbx-7.\n");
    await write(".claude/CLAUDE.md", "Use pnpm.\n");
    await write("CLAUDE.md", "# Conventions\n\nTabs, not spaces.\n");
    const memory = await readProjectMemory(folder);
    expect(memory.files).toEqual([join(folder, "CLAUDE.md"), join(folder, ".claude/CLAUDE.md"), join(folder, "CLAUDE.local.md")]);
    expect(memory.problems).toEqual([]);
    const [preamble, ...sections] = memory.text.split(/\n\n(?=Contents of )/);
    expect(preamble).toContain("CLAUDE.md");
    expect(sections).toEqual([
      section("CLAUDE.md", "# Conventions\n\nTabs, not spaces."),
      section(".claude/CLAUDE.md", "Use pnpm."),
      section("CLAUDE.local.md", "My sandbox is sbx-7.", "user's private project instructions, not checked in"),
    ]);
  });

  it("becomes one inject block, claudeMd; an empty memory none", async () => {
    await write("CLAUDE.md", "Be brief.\n");
    const memory = await readProjectMemory(folder);
    expect(claudeMdBlocks(memory)).toEqual({ claudeMd: { mode: "inject", value: memory.text } });
    expect(claudeMdBlocks({ text: "", files: [], problems: [] })).toBeUndefined();
  });
});

describe("@path imports", () => {
  it("are followed depth first, each relative to the file that imports it, and keep their parent's kind", async () => {
    await write("CLAUDE.md", "See @docs/style.md for style.\n");
    await write("docs/style.md", "Style. Also @./naming.md\n");
    await write("docs/naming.md", "Names are nouns.\n");
    await write("CLAUDE.local.md", "Mine: @notes/me.md\n");
    await write("notes/me.md", "I like tea.\n");
    const memory = await readProjectMemory(folder);
    expect(memory.problems).toEqual([]);
    expect(memory.files).toEqual(["CLAUDE.md", "docs/style.md", "docs/naming.md", "CLAUDE.local.md", "notes/me.md"].map((f) => join(folder, f)));
    expect(memory.text).toContain(section("docs/naming.md", "Names are nouns."));
    expect(memory.text).toContain(section("notes/me.md", "I like tea.", "user's private project instructions, not checked in"));
  });

  it("a cycle ends: each file is read once", async () => {
    await write("CLAUDE.md", "@a.md\n");
    await write("a.md", "A, then @b.md\n");
    await write("b.md", "B, then @a.md and @CLAUDE.md\n");
    const memory = await readProjectMemory(folder);
    expect(memory.files).toEqual(["CLAUDE.md", "a.md", "b.md"].map((f) => join(folder, f)));
    expect(memory.problems).toEqual([]);
  });

  it("a missing import is a warning on its file and line, and the rest is read", async () => {
    const file = await write("CLAUDE.md", "# Notes\nAsk @alice, or read @docs/missing.md\n@here.md\n");
    await write("here.md", "Here.\n");
    const memory = await readProjectMemory(folder);
    expect(memory.files).toEqual([file, join(folder, "here.md")]);
    expect(memory.problems).toEqual([
      expect.objectContaining({ severity: "warning", code: "JUNE_CLAUDE_MD_SKIPPED", file, line: 2 }),
      expect.objectContaining({ severity: "warning", code: "JUNE_CLAUDE_MD_SKIPPED", file, line: 2 }),
    ]);
    expect(memory.problems[1]!.message).toBe(
      `june: ${file}:2: the import @docs/missing.md (${join(folder, "docs/missing.md")}) is left out of the project's memory: there is no such file. Fix the path, or put it in backticks if it isn't an import.`,
    );
  });

  it("is not read inside fenced code or inline code", async () => {
    await write("CLAUDE.md", "Run `npm i @scope/tool`.\n```\n@docs/in-code.md\n```\n");
    await write("docs/in-code.md", "never read\n");
    await write("scope/tool", "never read\n");
    const memory = await readProjectMemory(folder);
    expect(memory.files).toEqual([join(folder, "CLAUDE.md")]);
    expect(memory.problems).toEqual([]);
  });

  it("goes 5 imports deep, as Claude Code does; the sixth is a warning", async () => {
    await write("CLAUDE.md", "@1.md\n");
    for (let i = 1; i <= 6; i++) await write(`${i}.md`, `level ${i} @${i + 1}.md\n`);
    const memory = await readProjectMemory(folder);
    expect(memory.files.map((f) => f.slice(folder.length + 1))).toEqual(["CLAUDE.md", "1.md", "2.md", "3.md", "4.md", "5.md"]);
    expect(memory.problems).toEqual([expect.objectContaining({ code: "JUNE_CLAUDE_MD_SKIPPED", file: join(folder, "5.md"), line: 1 })]);
    expect(memory.problems[0]!.message).toContain("more than 5 imports deep");
  });

  it("a folder or a binary file is left out with a warning", async () => {
    await write("CLAUDE.md", "@docs\n@logo.png\n");
    await mkdir(join(folder, "docs"));
    await write("logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    const memory = await readProjectMemory(folder);
    expect(memory.problems.map((p) => [p.line, p.message.split(": ").at(-1)])).toEqual([
      [1, "it is a folder, not a file. Fix the path, or put it in backticks if it isn't an import."],
      [2, "it is not a text file. Fix the path, or put it in backticks if it isn't an import."],
    ]);
  });
});

describe("nothing outside the project folder without the user's opt-in", () => {
  it("an import that leaves the folder (../, an absolute path, a symlink) is a warning, and nothing of it is read", async () => {
    const secret = await write(join(base, "secret.md"), "TOKEN=hunter2\n");
    await symlink(secret, join(folder, "innocent.md"));
    const file = await write("CLAUDE.md", `@../secret.md\n@${secret}\n@innocent.md\n`);
    const memory = await readProjectMemory(folder);
    expect(memory.text).not.toContain("hunter2");
    expect(memory.files).toEqual([file]);
    expect(memory.problems.map((p) => [p.code, p.line])).toEqual([
      ["JUNE_CLAUDE_MD_SKIPPED", 1],
      ["JUNE_CLAUDE_MD_SKIPPED", 2],
      ["JUNE_CLAUDE_MD_SKIPPED", 3],
    ]);
    expect(memory.problems[2]!.message).toContain(`it is outside the project folder (it leads to ${secret})`);
  });

  it("a CLAUDE.md that is a symlink out of the folder is left out too", async () => {
    const secret = await write(join(base, "elsewhere.md"), "TOKEN=hunter2\n");
    await symlink(secret, join(folder, "CLAUDE.md"));
    const memory = await readProjectMemory(folder);
    expect(memory.text).toBe("");
    expect(memory.problems).toEqual([expect.objectContaining({ code: "JUNE_CLAUDE_MD_SKIPPED", file: join(folder, "CLAUDE.md") })]);
  });

  it("a ~/ import is a warning without the opt-in, and with it is read from the home it names", async () => {
    const home = join(base, "home");
    await write(join(home, ".claude/mine.md"), "Call me Sam.\n");
    await write("CLAUDE.md", "@~/.claude/mine.md\n@../shared.md\n");
    await write(join(base, "shared.md"), "Shared notes.\n");
    const without = await readProjectMemory(folder);
    expect(without.problems.map((p) => p.line)).toEqual([1, 2]);
    expect(without.problems[0]!.message).toContain("a `~/` import reaches your home folder");
    const opted = await readProjectMemory(folder, { external: { home } });
    expect(opted.problems).toEqual([]);
    expect(opted.files).toEqual([join(folder, "CLAUDE.md"), join(home, ".claude/mine.md"), join(base, "shared.md")]);
    expect(opted.text).toContain("Call me Sam.");
  });
});

describe("the size cap", () => {
  it("a file that would take the memory past the cap is left out with a warning; what fits stays", async () => {
    await write("CLAUDE.md", "Short. @big.md @small.md\n");
    await write("big.md", "x".repeat(500));
    await write("small.md", "Small.\n");
    const memory = await readProjectMemory(folder, { maxChars: 400 });
    expect(memory.files).toEqual([join(folder, "CLAUDE.md"), join(folder, "small.md")]);
    expect(memory.text).not.toContain("xxxx");
    expect(memory.problems).toEqual([expect.objectContaining({ code: "JUNE_CLAUDE_MD_TOO_LARGE", file: join(folder, "CLAUDE.md"), line: 1 })]);
    expect(memory.problems[0]!.message).toContain("past its cap of 400 characters");
  });
});
