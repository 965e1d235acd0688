// Spec "Agent blocks", the skills() builder: markdown skills from a file or a folder mixing flat
// `<name>.md` files and `<name>/SKILL.md` folders, as a group of blocks.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { isJuneError, type JuneError } from "../errors/index.ts";
import { resolveBlocks, skills, type BlockBody, type SkillsOptions } from "./index.ts";

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A temp folder holding `files` (relative path → content). */
async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "june-skills-test-"));
  temps.push(dir);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

/** The JuneError `skills(options)` rejects with (fails the test if it resolves). */
async function refusal(options: SkillsOptions): Promise<JuneError> {
  try {
    await skills(options);
  } catch (error) {
    if (isJuneError(error)) return error;
    throw error;
  }
  throw new Error("skills() accepted the source");
}

const signal = new AbortController().signal;

describe("skills() loads a folder where <name>.md and <name>/SKILL.md coexist", () => {
  it("makes a progressive block per skill, in name order, with description and body without frontmatter", async () => {
    const dir = await folder({
      "onboarding.md": "---\nname: onboarding\ndescription: How to greet a new customer.\n---\n\nWelcome them by name.\n",
      "billing/SKILL.md": "---\ndescription: Billing questions\n---\n# Billing\n\nInvoices go out monthly.\n",
      "refunds.md": "Refund within 30 days.\n",
    });
    expect(await skills({ source: dir })).toEqual({
      billing: { mode: "progressive", value: "# Billing\n\nInvoices go out monthly.", description: "Billing questions" },
      onboarding: { mode: "progressive", value: "Welcome them by name.", description: "How to greet a new customer." },
      refunds: { mode: "progressive", value: "Refund within 30 days." },
    });
  });

  it("skips hidden files, files that are not markdown and folders without SKILL.md", async () => {
    const dir = await folder({
      ".draft.md": "x",
      "notes.txt": "x",
      "assets/logo.md.txt": "x",
      "scripts/run.sh": "x",
      "tone.md": "Be terse.",
    });
    expect(Object.keys(await skills({ source: dir }))).toEqual(["tone"]);
  });

  it("names a skill by its frontmatter name over its file or folder name", async () => {
    const dir = await folder({ "a.md": "---\nname: alpha\n---\nA", "b/SKILL.md": "---\nname: beta\n---\nB" });
    expect(Object.keys(await skills({ source: dir }))).toEqual(["alpha", "beta"]);
  });

  it("takes mode inject when asked, and the group resolves into system-prompt sections", async () => {
    const dir = await folder({ "tone.md": "Be terse.", "voice/SKILL.md": "Speak plainly." });
    const group = await skills({ source: dir, mode: "inject" });
    expect((group.tone as BlockBody).mode).toBe("inject");
    const { instructions, loaders } = await resolveBlocks({ skills: group }, { signal });
    expect(instructions).toBe("## skills__tone\nBe terse.\n\n## skills__voice\nSpeak plainly.");
    expect(loaders).toEqual({});
  });

  it("gives progressive skills loader tools under the group's name", async () => {
    const dir = await folder({ "onboarding.md": "Hi." });
    const { loaders } = await resolveBlocks({ skills: await skills({ source: dir }) }, { signal });
    expect(Object.keys(loaders)).toEqual(["_block__load__skills__onboarding"]);
  });

  it("accepts a file: URL", async () => {
    const dir = await folder({ "tone.md": "Be terse." });
    expect(Object.keys(await skills({ source: pathToFileURL(dir) }))).toEqual(["tone"]);
  });

  it("gives an empty group for an empty folder", async () => {
    expect(await skills({ source: await folder({}) })).toEqual({});
  });
});

describe("skills() loads a single markdown file", () => {
  it("names a <name>.md file after the file", async () => {
    const dir = await folder({ "tone.md": "---\ndescription: Voice\n---\nBe terse." });
    expect(await skills({ source: join(dir, "tone.md") })).toEqual({
      tone: { mode: "progressive", value: "Be terse.", description: "Voice" },
    });
  });

  it("names a SKILL.md file after its folder", async () => {
    const dir = await folder({ "billing/SKILL.md": "Invoices." });
    expect(Object.keys(await skills({ source: join(dir, "billing", "SKILL.md") }))).toEqual(["billing"]);
  });

  it("refuses a file that is not markdown, naming it", async () => {
    const dir = await folder({ "tone.txt": "x" });
    const error = await refusal({ source: join(dir, "tone.txt") });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain(join(dir, "tone.txt"));
  });
});

describe("skills() lifetime: when a skill's body is read", () => {
  it("reads bodies once by default (lifetime load)", async () => {
    const dir = await folder({ "tone.md": "Be terse." });
    const group = await skills({ source: dir });
    await writeFile(join(dir, "tone.md"), "Be warm.");
    expect((group.tone as BlockBody).value).toBe("Be terse.");
  });

  it("re-reads a body each time the blocks resolve with lifetime run", async () => {
    const dir = await folder({ "tone.md": "---\ndescription: Voice\n---\nBe terse." });
    const group = await skills({ source: dir, mode: "inject", lifetime: "run" });
    expect(typeof (group.tone as BlockBody).value).toBe("function");
    expect((group.tone as BlockBody).description).toBe("Voice");
    expect((await resolveBlocks(group, { signal })).instructions).toBe("## tone\nBe terse.");
    await writeFile(join(dir, "tone.md"), "---\ndescription: Voice\n---\nBe warm.");
    expect((await resolveBlocks(group, { signal })).instructions).toBe("## tone\nBe warm.");
  });

  it("refuses an unknown lifetime or mode", async () => {
    const dir = await folder({});
    expect((await refusal({ source: dir, lifetime: "forever" as never })).code).toBe("JUNE_INVALID_BLOCK");
    expect((await refusal({ source: dir, mode: "eager" as never })).message).toContain('mode: "eager"');
  });
});

describe("skills() refuses what it can't make blocks of, naming the file", () => {
  it("refuses two skills with one name, naming both files (flat and SKILL.md forms)", async () => {
    const dir = await folder({ "onboarding.md": "a", "onboarding/SKILL.md": "b" });
    const error = await refusal({ source: dir });
    expect(error.code).toBe("JUNE_BLOCK_COLLISION");
    expect(error.message).toContain(`${join(dir, "onboarding", "SKILL.md")} and ${join(dir, "onboarding.md")} are both named "onboarding"`);
  });

  it("refuses two skills whose frontmatter gives the same name", async () => {
    const dir = await folder({ "a.md": "---\nname: same\n---\nA", "b/SKILL.md": "---\nname: same\n---\nB" });
    const error = await refusal({ source: dir });
    expect(error.code).toBe("JUNE_BLOCK_COLLISION");
    expect(error.message).toContain(join(dir, "a.md"));
    expect(error.message).toContain(join(dir, "b", "SKILL.md"));
  });

  it("refuses a missing source, naming the path", async () => {
    const dir = await folder({});
    const error = await refusal({ source: join(dir, "nope") });
    expect(error.code).toBe("JUNE_BLOCK_FAILED");
    expect(error.message).toContain(`there is no file at ${join(dir, "nope")}`);
  });

  it("refuses frontmatter that is not valid YAML", async () => {
    const dir = await folder({ "bad.md": "---\nname: x\nname: y\n---\nx" });
    const error = await refusal({ source: dir });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain(`the frontmatter of the skill ${join(dir, "bad.md")} is not valid YAML`);
  });

  it("refuses frontmatter that is never closed", async () => {
    const dir = await folder({ "open.md": "---\nname: open\nBody" });
    const error = await refusal({ source: dir });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain("never closes it");
  });

  it("refuses a frontmatter name or description that is not text", async () => {
    const dir = await folder({ "n.md": "---\nname: 42\n---\nx" });
    const error = await refusal({ source: dir });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain(`the frontmatter field "name" of the skill ${join(dir, "n.md")} is 42`);
  });

  it("refuses a progressive skill whose name can't be part of a tool name", async () => {
    const dir = await folder({ "on boarding.md": "x" });
    const error = await refusal({ source: dir });
    expect(error.code).toBe("JUNE_BLOCK_TOOL_NAME");
    expect(error.message).toContain(`${join(dir, "on boarding.md")} is named "on boarding"`);
  });

  it("refuses a skill named in the reserved _block_ namespace", async () => {
    const dir = await folder({ "x.md": "---\nname: _block_x\n---\nx" });
    const error = await refusal({ source: dir });
    expect(error.code).toBe("JUNE_INVALID_BLOCK");
    expect(error.message).toContain('reserved "_block_" namespace');
  });
});

describe("skills() reads Claude Code style frontmatter", () => {
  it("an unquoted ': ' inside a description loads, as it does in Claude Code", async () => {
    const dir = await folder({ "tone.md": "---\nname: tone\ndescription: Use when: writing release notes\n---\nBe terse." });
    const blocks = await skills({ source: dir });
    expect(blocks.tone).toMatchObject({ mode: "progressive", description: "Use when: writing release notes" });
  });
});
