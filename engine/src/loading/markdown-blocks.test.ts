// Spec: a markdown agent of a project runs with the project's CLAUDE.md memory in its system
// prompt (as the `claudeMd` block, saying which file each part came from) and with the skills its
// `skills:` names: by name from .claude/skills or a plugin (`<plugin>:<skill>`), injected whole as
// Claude Code preloads them; or by path, as loader tools, as before. Observed on a scripted model.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run } from "../run/index.ts";
import { scripted } from "../sdk/scripted.ts";
import { markdownBlocks, markdownProject } from "./markdown-blocks.ts";
import { assembleLocal, loadLocalParts } from "./parts.ts";
import { apartFromModels } from "./model-problems.test-support.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-markdown-blocks-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function write(rel: string, text: string): Promise<string> {
  const file = join(folder, rel);
  await mkdir(join(file, ".."), { recursive: true });
  await writeFile(file, text);
  return file;
}

const agent = (name: string, extra = "") => write(`.claude/agents/${name}.md`, `---\nname: ${name}\ndescription: Does ${name} things.\ntools: Read\n${extra}---\nYou are ${name}.\n`);
const skill = (dir: string, name: string, body: string) => write(`${dir}/${name}/SKILL.md`, `---\nname: ${name}\ndescription: About ${name}\n---\n${body}\n`);

/** What the agents share when the plugins acme and other each have a skills folder. */
const twoPlugins = () =>
  markdownProject({
    folder,
    skillDirs: [
      { dir: join(folder, "plugins/acme/skills"), plugin: "acme" },
      { dir: join(folder, "plugins/other/skills"), plugin: "other" },
    ],
  });

async function open() {
  const parts = await loadLocalParts(folder, {});
  return { parts, project: assembleLocal(parts) };
}

/** The system prompt the model got when the project's agent `name` ran once. */
async function systemPromptOf(project: Awaited<ReturnType<typeof open>>["project"], name: string): Promise<string> {
  const model = scripted([{ text: "done" }]);
  const result = await run(project.element(`markdown:${name}`, "go"), { ...project.runDefaults, model }).result;
  expect(result.status).toBe("succeeded");
  const system = model.calls[0]!.prompt[0]!;
  expect(system.role).toBe("system");
  return system.content as string;
}

describe("CLAUDE.md reaches every markdown agent of the project", () => {
  it("after the agent's own body, as the claudeMd block naming the file it came from", async () => {
    await write("CLAUDE.md", "Use tabs.\n");
    await agent("writer");
    await agent("reviewer");
    const { project } = await open();
    expect(apartFromModels(project.problems)).toEqual([]);
    for (const name of ["writer", "reviewer"]) {
      const system = await systemPromptOf(project, name);
      expect(system.startsWith(`You are ${name}.\n\n## claudeMd\n`)).toBe(true);
      expect(system.endsWith(`\n\nContents of ${join(folder, "CLAUDE.md")} (project instructions, checked into the codebase):\n\nUse tabs.`)).toBe(true);
    }
  });

  it(".claude/CLAUDE.md and what it imports are there too; a missing import is a project problem on its line", async () => {
    const memory = await write(".claude/CLAUDE.md", "Read @../docs/style.md\nand @../docs/gone.md\n");
    await write("docs/style.md", "Short sentences.\n");
    await agent("writer");
    const { project } = await open();
    const system = await systemPromptOf(project, "writer");
    expect(system).toContain(`Contents of ${memory} (project instructions, checked into the codebase):\n\nRead @../docs/style.md`);
    expect(system).toContain(`Contents of ${join(folder, "docs/style.md")} (project instructions, checked into the codebase):\n\nShort sentences.`);
    expect(apartFromModels(project.problems)).toEqual([expect.objectContaining({ severity: "warning", code: "JUNE_CLAUDE_MD_SKIPPED", file: memory, line: 2 })]);
    expect(project.problems[0]!.entryId).toBeUndefined();
  });

  it("a project without CLAUDE.md gives its agents no claudeMd block", async () => {
    await agent("writer");
    const { project } = await open();
    expect(await systemPromptOf(project, "writer")).toBe("You are writer.");
  });

  it("the config's default blocks follow it, and `claudeMd: false` among them leaves it out", async () => {
    await write("CLAUDE.md", "Use tabs.\n");
    await agent("writer");
    await write("june.config.ts", `export default { blocks: { tone: { mode: "inject", value: "Be warm." } } };\n`);
    let system = await systemPromptOf((await open()).project, "writer");
    expect(system.indexOf("## claudeMd")).toBeGreaterThan(0);
    expect(system.indexOf("## tone\nBe warm.")).toBeGreaterThan(system.indexOf("## claudeMd"));
    await write("june.config.ts", `export default { blocks: { claudeMd: false } };\n`);
    system = await systemPromptOf((await open()).project, "writer");
    expect(system).toBe("You are writer.");
  });
});

describe("skills by name, as Claude Code names them", () => {
  it("a bare name is .claude/skills/<name>/SKILL.md, injected whole after the folder it lives in (no loader tool)", async () => {
    await skill(".claude/skills", "release-notes", "Group changes by area.\nSee reference.md.");
    await agent("writer", "skills:\n  - release-notes\n");
    const { project } = await open();
    expect(apartFromModels(project.problems)).toEqual([]);
    expect(project.entries[0]!.tools).toEqual(["Read"]);
    const system = await systemPromptOf(project, "writer");
    expect(system).toBe(
      `You are writer.\n\n## skills__release-notes\nBase directory for this skill: ${join(folder, ".claude/skills/release-notes")}\n\nGroup changes by area.\nSee reference.md.`,
    );
  });

  it("an unknown name is an error on the skills line naming the skills that exist; the agent loads without it", async () => {
    await skill(".claude/skills", "release-notes", "Notes.");
    await skill(".claude/skills", "changelog", "Log.");
    const file = await agent("writer", "skills: [release-notes, relase-notes]\n");
    const { project } = await open();
    expect(apartFromModels(project.problems)).toEqual([
      {
        severity: "error",
        code: "JUNE_UNKNOWN_SKILL",
        message: `june: ${file}:5: \`skills\` names "relase-notes", but there is no .claude/skills/relase-notes/SKILL.md; the agent runs without it. The skills here: changelog, release-notes.`,
        file,
        line: 5,
        entryId: "markdown:writer",
      },
    ]);
    expect(await systemPromptOf(project, "writer")).toContain("## skills__release-notes\n");
  });

  it("<plugin>:<skill> is that plugin's skills/<skill>/SKILL.md; a bare name finds a skill one plugin alone has", async () => {
    await skill("plugins/acme/skills", "deploy", "Deploy with care.");
    await skill("plugins/acme/skills", "lint", "Lint first.");
    await skill("plugins/other/skills", "lint", "Other lint.");
    await agent("writer", "skills: [acme:lint, deploy]\n");
    const { parts } = await open();
    const shared = await twoPlugins();
    const { blocks, problems } = await markdownBlocks(parts.markdown.entries[0]!.definition, undefined, "markdown:writer", shared);
    expect(problems).toEqual([]);
    expect(blocks).toEqual({
      skills: {
        "acme:lint": { mode: "inject", description: "About lint", value: `Base directory for this skill: ${join(folder, "plugins/acme/skills/lint")}\n\nLint first.` },
        deploy: { mode: "inject", description: "About deploy", value: `Base directory for this skill: ${join(folder, "plugins/acme/skills/deploy")}\n\nDeploy with care.` },
      },
    });
  });

  it("a bare name two plugins have, or a plugin skill that isn't there, is JUNE_UNKNOWN_SKILL saying which", async () => {
    await skill("plugins/acme/skills", "lint", "Lint first.");
    await skill("plugins/other/skills", "lint", "Other lint.");
    await agent("writer", "skills: [lint, acme:deploy]\n");
    const { parts } = await open();
    const shared = await twoPlugins();
    const { blocks, problems } = await markdownBlocks(parts.markdown.entries[0]!.definition, undefined, "markdown:writer", shared);
    expect(blocks).toBeUndefined();
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ["JUNE_UNKNOWN_SKILL", 5],
      ["JUNE_UNKNOWN_SKILL", 5],
    ]);
    expect(problems[0]!.message).toContain('more than one plugin has a skill "lint" (acme:lint, other:lint): name the one you mean');
    expect(problems[1]!.message).toContain('no plugin "acme" with a skill "deploy" is installed here');
  });
});

describe("skills by path work as before", () => {
  it("a path relative to the agent file is a folder of skills, offered as loader tools", async () => {
    await write("skills/tone.md", "---\ndescription: House tone\n---\nBe terse.\n");
    await agent("writer", "skills:\n  - ../../skills\n");
    const { project } = await open();
    expect(apartFromModels(project.problems)).toEqual([]);
    expect(project.entries[0]!.tools).toEqual(["Read", "_block__load__skills__tone"]);
  });

  it("a bare name that is no skill but a folder beside the agent (its bundle's) is still that folder", async () => {
    await write("agents/writer/AGENT.md", "---\nname: writer\ndescription: Writes\ntools: Read\nskills: [house]\n---\nYou write.\n");
    await write("agents/writer/house/tone.md", "---\nname: tone\ndescription: House tone\n---\nBe terse.\n");
    const { project } = await open();
    expect(apartFromModels(project.problems)).toEqual([]);
    expect(project.entries[0]!.tools).toEqual(["Read", "_block__load__skills__tone"]);
  });
});
