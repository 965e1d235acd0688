// The blocks a markdown agent runs with in a project: the project's CLAUDE.md memory and the
// config's default blocks, merged by name with the skills its `skills:` key names. A skill is
// named as Claude Code names it (`my-skill` in .claude/skills, `<plugin>:<skill>` in a plugin's
// skills folder) and injected whole, as Claude Code preloads a subagent's skills; or it is a
// path, relative to the agent file, to a skill file or folder, offered as loader tools.
import { readdir, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { mergeBlocks, skills, type BlockBody, type Blocks } from "../blocks/index.ts";
import { claudeMdBlocks, readProjectMemory } from "../claude-code/index.ts";
import type { AgentDefinition } from "../markdown/index.ts";
import type { SkillDir } from "./claude-layouts.ts";
import { problemFromError, type Problem } from "./problem.ts";

/** A skill an agent can name: its name (`<plugin>:<skill>` for a plugin's) and its SKILL.md. */
export interface NamedSkill {
  name: string;
  file: string;
}

/** What every markdown agent of a project shares, read once per load of its agents. */
export interface MarkdownProject {
  folder: string;
  /** The project's CLAUDE.md memory as a `claudeMd` inject block; undefined when it has none. */
  memory: Blocks | undefined;
  /** The files the memory was read from (CLAUDE.md and its imports): a change to one should reload the agents. */
  memoryFiles: string[];
  /** The skills agents may name, project skills first, each name once. */
  skills: NamedSkill[];
  /** What reading them found (CLAUDE.md imports left out, …): the project's, not any agent's. */
  problems: Problem[];
}

// Claude Code's skill names; `<plugin>:<skill>` for a plugin's. Anything else is a path.
const SKILL_NAME = /^[A-Za-z0-9_-]+$/;
const PLUGIN_SKILL_NAME = /^[A-Za-z0-9._-]+:[A-Za-z0-9_-]+$/;

/**
 * Reads what a project's markdown agents share: its memory (CLAUDE.md and its imports) and the
 * skills in its `.claude/skills` and in each of `parts.skillDirs` (plugins' skills folders).
 *
 * @example
 * const project = await markdownProject({ folder: "/repo" });
 * project.skills; // [{ name: "release-notes", file: "/repo/.claude/skills/release-notes/SKILL.md" }]
 */
export async function markdownProject(parts: { folder: string; skillDirs?: readonly SkillDir[] }): Promise<MarkdownProject> {
  const memory = await readProjectMemory(parts.folder);
  // The layout's skill folders start with .claude/skills; without a layout, that folder alone.
  const dirs = parts.skillDirs ?? [{ dir: join(parts.folder, ".claude/skills") }];
  return {
    folder: parts.folder,
    memory: claudeMdBlocks(memory),
    memoryFiles: memory.files,
    skills: await namedSkills(dirs),
    problems: [...memory.problems],
  };
}

/**
 * The blocks `definition` runs with: the project's memory, then the config's `defaults` (which
 * may replace it, or remove it with `claudeMd: false`), then its `skills:` as a `skills` group.
 * What can't be loaded is a problem of the entry `entryId`, and the agent runs without it.
 *
 * @example
 * const { blocks, problems } = await markdownBlocks(definition, config.blocks, "markdown:writer", project);
 */
export async function markdownBlocks(
  definition: AgentDefinition,
  defaults: Blocks | undefined,
  entryId: string,
  project: MarkdownProject,
): Promise<{ blocks: Blocks | undefined; problems: Problem[] }> {
  const problems: Problem[] = [];
  const own: Blocks = {};
  const base = definition.bundle ?? dirname(definition.file);
  for (const ref of (definition.skills ?? []).map((entry) => entry.trim())) {
    if (ref.startsWith("npm:")) {
      problems.push({
        severity: "warning",
        code: "JUNE_SKILLS_NOT_RESOLVED",
        message: `june: ${definition.file}: \`skills\`: the package reference ${JSON.stringify(ref)} is not resolved by June yet; the agent runs without it.`,
        file: definition.file,
        entryId,
      });
      continue;
    }
    try {
      if (SKILL_NAME.test(ref) || PLUGIN_SKILL_NAME.test(ref)) {
        const found = skillNamed(ref, project.skills);
        if (found.skill) {
          own[ref] = await injectedSkill(found.skill);
          continue;
        }
        // `skills: [tone]` meaning ./tone beside the agent worked before names did, and still does.
        if (!(await exists(resolve(base, ref)))) {
          problems.push(unknownSkill(definition, ref, found.candidates, project.skills, entryId));
          continue;
        }
      }
      Object.assign(own, await skills({ source: resolve(base, ref) }));
    } catch (error) {
      problems.push(problemFromError(error, definition.file, entryId));
    }
  }
  const shared = mergeBlocks(project.memory ?? {}, defaults ?? {});
  const merged = mergeBlocks(shared, Object.keys(own).length ? { skills: own } : {});
  return { blocks: Object.keys(merged).length ? merged : undefined, problems };
}

/** The skill a name means: exact, or a bare name that exactly one plugin has; else the candidates. */
function skillNamed(ref: string, all: readonly NamedSkill[]): { skill?: NamedSkill; candidates: NamedSkill[] } {
  const exact = all.find((skill) => skill.name === ref);
  if (exact) return { skill: exact, candidates: [] };
  const candidates = ref.includes(":") ? [] : all.filter((skill) => skill.name.endsWith(`:${ref}`));
  return candidates.length === 1 ? { skill: candidates[0]!, candidates: [] } : { candidates };
}

/**
 * A named skill as Claude Code preloads it into a subagent: its whole body, injected, after the
 * folder it lives in (its other files, `reference.md` and scripts, are read from there).
 */
async function injectedSkill(skill: NamedSkill): Promise<BlockBody> {
  // A SKILL.md file is one skill: skills() gives exactly one block for it, or throws.
  const body = Object.values(await skills({ source: skill.file, mode: "inject" }))[0] as BlockBody;
  return { ...body, value: `Base directory for this skill: ${dirname(skill.file)}\n\n${body.value as string}` };
}

function unknownSkill(definition: AgentDefinition, ref: string, candidates: NamedSkill[], all: readonly NamedSkill[], entryId: string): Problem {
  const line = definition.lines.skills;
  const where = line === undefined ? definition.file : `${definition.file}:${line}`;
  const [plugin, skill] = ref.includes(":") ? ref.split(":") : [undefined, ref];
  const why =
    candidates.length > 1
      ? `more than one plugin has a skill "${ref}" (${candidates.map((c) => c.name).join(", ")}): name the one you mean`
      : plugin !== undefined
        ? `no plugin "${plugin}" with a skill "${skill}" is installed here`
        : `there is no .claude/skills/${ref}/SKILL.md`;
  const known = all.length ? `The skills here: ${all.map((s) => s.name).join(", ")}.` : "This project has no skills.";
  return {
    severity: "error",
    code: "JUNE_UNKNOWN_SKILL",
    message: `june: ${where}: \`skills\` names "${ref}", but ${why}; the agent runs without it. ${known}`,
    file: definition.file,
    ...(line !== undefined ? { line } : {}),
    entryId,
  };
}

/** Every `<name>/SKILL.md` of the folders, in folder order then name order; a name's first wins. */
async function namedSkills(dirs: readonly SkillDir[]): Promise<NamedSkill[]> {
  const found = new Map<string, NamedSkill>();
  for (const { dir, plugin } of dirs) {
    for (const entry of await folderNames(dir)) {
      const file = join(dir, entry, "SKILL.md");
      const name = plugin === undefined ? entry : `${plugin}:${entry}`;
      if (!found.has(name) && (await isFile(file))) found.set(name, { name, file });
    }
  }
  return [...found.values()];
}

// A missing skills folder is a project without skills; one that can't be read lists none, and
// naming a skill in it is then the agent's problem, which names what exists.
async function folderNames(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  // Locale-independent order, so every machine lists (and prompts) the same.
  return names.filter((name) => !name.startsWith(".")).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}
