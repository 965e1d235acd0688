// `skills`: markdown skills as a group of blocks. A source is one .md file or a folder where
// flat `<name>.md` files and `<name>/SKILL.md` folders may sit side by side.
import { readdir, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { JuneError } from "../errors/index.ts";
import { parseSkill } from "./frontmatter.ts";
import { RESERVED_PREFIX } from "./names.ts";
import { readText, unreadable } from "./read-text.ts";
import type { BlockBody, BlockMode, Blocks } from "./types.ts";

/**
 * When a skill's body is read: "load" (the default) once, when `skills()` runs; "run" each time
 * the blocks resolve (and each time a progressive skill is loaded), so edits show without
 * reloading. Names and descriptions are always read by `skills()`.
 */
export type SkillLifetime = "load" | "run";

/** Options of `skills`. */
export interface SkillsOptions {
  /** A .md file, or a folder of `<name>.md` files and `<name>/SKILL.md` folders; relative to the working directory, or a `file:` URL. */
  source: string | URL;
  /** Defaults to "progressive": each skill is a loader tool the model calls when it needs it. */
  mode?: BlockMode;
  /** Defaults to "load". */
  lifetime?: SkillLifetime;
}

/** One skill file found in the source, and the name it has when its frontmatter names none. */
interface SkillFile {
  file: string;
  fallbackName: string;
}

// Loader tool names reach the provider as they are; the group prefix is checked by flattenBlocks.
const SKILL_NAME = /^[a-zA-Z0-9_-]+$/;

/**
 * Loads markdown skills as a Blocks record keyed by skill name: the frontmatter `name`, or else
 * the file's name without `.md` (the folder's name for `<name>/SKILL.md`). The frontmatter
 * `description` becomes the block's description and the body (without frontmatter) its value.
 * Files in a folder are taken in name order; hidden ones are skipped. Two skills with one name
 * fail with JUNE_BLOCK_COLLISION naming both files; a missing source with JUNE_BLOCK_FAILED.
 *
 * @example
 * // skills/onboarding.md and skills/billing/SKILL.md
 * const blocks = {
 *   skills: await skills({ source: "./skills" }),
 * };
 * // { skills: { billing: { mode: "progressive", … }, onboarding: { mode: "progressive", … } } }
 */
export async function skills(options: SkillsOptions): Promise<Blocks> {
  const mode = options.mode ?? "progressive";
  const lifetime = options.lifetime ?? "load";
  if (mode !== "inject" && mode !== "progressive") {
    throw new JuneError("JUNE_INVALID_BLOCK", `june: skills({ mode: ${JSON.stringify(mode)} }) is not a mode: use "progressive" (the default) or "inject".`);
  }
  if (lifetime !== "load" && lifetime !== "run") {
    throw new JuneError("JUNE_INVALID_BLOCK", `june: skills({ lifetime: ${JSON.stringify(lifetime)} }) is not a lifetime: use "load" (the default) or "run".`);
  }
  const source = typeof options.source === "string" ? resolve(options.source) : fileURLToPath(options.source);
  const blocks: Blocks = {};
  const fileOf = new Map<string, string>();
  for (const { file, fallbackName } of await skillFiles(source)) {
    const skill = parseSkill(await readText(file), file);
    const name = skill.name ?? fallbackName;
    checkSkillName(name, file, mode);
    const other = fileOf.get(name);
    if (other !== undefined) {
      throw new JuneError(
        "JUNE_BLOCK_COLLISION",
        `june: the skills ${other} and ${file} are both named ${JSON.stringify(name)}: rename one (its frontmatter "name", or its file or folder).`,
      );
    }
    fileOf.set(name, file);
    const body: BlockBody = {
      mode,
      value: lifetime === "load" ? skill.body : async ({ signal }) => parseSkill(await readText(file, signal), file).body,
    };
    if (skill.description !== undefined) body.description = skill.description;
    blocks[name] = body;
  }
  return blocks;
}

async function skillFiles(source: string): Promise<SkillFile[]> {
  const info = await stat(source).catch((error: unknown) => {
    throw new JuneError("JUNE_BLOCK_FAILED", `june: skills() found no source: ${unreadable(source, error)}`, { cause: error });
  });
  if (info.isFile()) {
    if (!source.toLowerCase().endsWith(".md")) {
      throw new JuneError(
        "JUNE_INVALID_BLOCK",
        `june: skills({ source: ${JSON.stringify(source)} }) is not a markdown file: point at a .md file or a folder of skills.`,
      );
    }
    const name = basename(source);
    return [{ file: source, fallbackName: name === "SKILL.md" ? basename(dirname(source)) : name.slice(0, -".md".length) }];
  }
  const names = (await readdir(source)).filter((name) => !name.startsWith(".")).sort(byCodePoint);
  const found: SkillFile[] = [];
  for (const name of names) {
    const path = join(source, name);
    const entry = await stat(path);
    if (entry.isFile() && name.toLowerCase().endsWith(".md")) {
      found.push({ file: path, fallbackName: name.slice(0, -".md".length) });
    } else if (entry.isDirectory()) {
      const nested = join(path, "SKILL.md");
      if (await isFile(nested)) found.push({ file: nested, fallbackName: name });
    }
  }
  return found;
}

function checkSkillName(name: string, file: string, mode: BlockMode): void {
  if (name.startsWith(RESERVED_PREFIX)) {
    throw new JuneError(
      "JUNE_INVALID_BLOCK",
      `june: the skill ${file} is named ${JSON.stringify(name)}, in the reserved "${RESERVED_PREFIX}" namespace June keeps for its loader tools: rename it.`,
    );
  }
  if (mode === "progressive" && !SKILL_NAME.test(name)) {
    throw new JuneError(
      "JUNE_BLOCK_TOOL_NAME",
      `june: the skill ${file} is named ${JSON.stringify(name)}, which can't be part of a tool name: use only letters, digits, "_" and "-" in its frontmatter "name" (or its file or folder name).`,
    );
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return false;
    throw new JuneError("JUNE_BLOCK_FAILED", `june: ${unreadable(path, error)}`, { cause: error });
  }
}

// Locale-independent, so the same folder gives the same order (and prompt) on every machine.
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
