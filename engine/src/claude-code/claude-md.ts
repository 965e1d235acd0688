// A Claude Code project's memory: its CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md with their
// `@path` imports followed, as the one text Claude Code puts in every agent's context, saying
// which file each part came from. A project can't reach outside its folder on its own: imports
// (and memory files that are symlinks) leading elsewhere are followed only on the user's opt-in.
import { readFile, realpath, stat } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Blocks } from "../blocks/index.ts";
import { findImports } from "./claude-md-imports.ts";

/** Warnings of reading a project's memory: the project still loads, with the rest of its memory. */
export type ClaudeMdWarningCode =
  /** A memory file or an `@` import left out: missing, a folder, not text, unreadable, outside the project, or too deep. */
  | "JUNE_CLAUDE_MD_SKIPPED"
  /** A memory file left out because the memory would grow past its size cap. */
  | "JUNE_CLAUDE_MD_TOO_LARGE";

/** Something left out of the memory, with the file (and the import's line) it is about. */
export interface MemoryProblem {
  severity: "warning";
  code: ClaudeMdWarningCode;
  message: string;
  file: string;
  line?: number;
}

/** A project's memory as one text, the files it holds (in order), and what was left out. */
export interface ProjectMemory {
  /** "" when the project has no memory. */
  text: string;
  /** The absolute path of every file whose text is in `text`, imports after the file that imports them. */
  files: string[];
  problems: MemoryProblem[];
}

/** Options of `readProjectMemory`. */
export interface ProjectMemoryOptions {
  /**
   * The user's opt-in (never the project's own: a cloned folder could otherwise pull
   * `~/.ssh/id_ed25519` into the prompt sent to a provider) to follow imports outside the
   * project folder, with `~/` meaning `home`. Claude Code asks the same once per project.
   */
  external?: { home: string };
  /** The most characters the memory may hold (default DEFAULT_MEMORY_CHARS); a file past it is left out. */
  maxChars?: number;
}

/** The memory files Claude Code reads in a project folder, in its order, with how it labels each. */
export const MEMORY_FILES: readonly { path: string; kind: string }[] = [
  { path: "CLAUDE.md", kind: "project instructions, checked into the codebase" },
  { path: ".claude/CLAUDE.md", kind: "project instructions, checked into the codebase" },
  { path: "CLAUDE.local.md", kind: "user's private project instructions, not checked in" },
];

/** How many imports deep Claude Code follows (CLAUDE.md → a → b → c → d → e). */
export const MAX_IMPORT_HOPS = 5;

/** About 25,000 tokens: enough for any CLAUDE.md written for people, not for an imported lock file. */
export const DEFAULT_MEMORY_CHARS = 100_000;

/** The name of the block a project's memory becomes. */
export const CLAUDE_MD_BLOCK = "claudeMd";

const PREAMBLE =
  "The instructions below come from this project's CLAUDE.md memory files and what they import. " +
  "Follow them: they take precedence over your default behaviour.";

interface Reading {
  root: string;
  external: { home: string } | undefined;
  seen: Set<string>;
  sections: string[];
  files: string[];
  problems: MemoryProblem[];
  cap: number;
  budget: number;
}

/** Where a file is imported from: the importing file, the line, and the path as written. */
interface ImportedAt {
  file: string;
  line: number;
  path: string;
}

/**
 * Reads the memory of the project in `folder`: CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md
 * (each if present), each followed by what its `@path` imports bring in, depth first. An import is
 * relative to the file that imports it, is not read inside code blocks or code spans, is followed
 * at most MAX_IMPORT_HOPS deep, and a file already read is not read again (so cycles end). What is
 * left out (a missing import, one outside the folder without `external`, a file past `maxChars`)
 * is a warning naming the file and line. Each file's text is introduced by its path and kind, as
 * Claude Code does: `Contents of /repo/CLAUDE.md (project instructions, checked into the codebase):`.
 *
 * @example
 * const memory = await readProjectMemory("/repo");
 * memory.files; // ["/repo/CLAUDE.md", "/repo/docs/style.md"]
 * for (const p of memory.problems) console.warn(p.message);
 */
export async function readProjectMemory(folder: string, options: ProjectMemoryOptions = {}): Promise<ProjectMemory> {
  const base = resolve(folder);
  const reading: Reading = {
    root: await realpath(base).catch(() => base),
    external: options.external,
    seen: new Set(),
    sections: [],
    files: [],
    problems: [],
    cap: options.maxChars ?? DEFAULT_MEMORY_CHARS,
    budget: options.maxChars ?? DEFAULT_MEMORY_CHARS,
  };
  for (const { path, kind } of MEMORY_FILES) await include(reading, join(base, path), kind, 0, undefined);
  const text = reading.sections.length ? [PREAMBLE, ...reading.sections].join("\n\n") : "";
  return { text, files: reading.files, problems: reading.problems };
}

/**
 * The memory as blocks an agent runs with: one inject block, `claudeMd`; none when it is empty.
 *
 * @example
 * mergeBlocks(claudeMdBlocks(await readProjectMemory("/repo")) ?? {}, configBlocks);
 */
export function claudeMdBlocks(memory: ProjectMemory): Blocks | undefined {
  return memory.text ? { [CLAUDE_MD_BLOCK]: { mode: "inject", value: memory.text } } : undefined;
}

async function include(reading: Reading, file: string, kind: string, depth: number, from: ImportedAt | undefined): Promise<void> {
  const skip = (why: string) => reading.problems.push(skipped(file, from, why));
  let real: string;
  try {
    real = await realpath(file);
  } catch (error) {
    // A project without CLAUDE.local.md (or any of them) is normal; a missing import is not.
    const absent = code(error) === "ENOENT" || code(error) === "ENOTDIR";
    if (from || !absent) skip(absent ? "there is no such file" : `it can't be read (${describe(error)})`);
    return;
  }
  if (reading.seen.has(real)) return;
  if (!reading.external && !inside(reading.root, real)) {
    skip(`it is outside the project folder${real !== file ? ` (it leads to ${real})` : ""}, and June reads only the project's own files unless you allow imports from outside`);
    return;
  }
  let content: string;
  try {
    const info = await stat(real);
    if (!info.isFile()) {
      skip("it is a folder, not a file");
      return;
    }
    // A character is at least one byte, so a file of more than four bytes a character can't fit.
    if (info.size > reading.budget * 4) {
      reading.problems.push(tooLarge(file, from, reading));
      return;
    }
    content = (await readFile(real, "utf8")).replace(/^\uFEFF/, "");
  } catch (error) {
    skip(`it can't be read (${describe(error)})`);
    return;
  }
  if (content.includes("\u0000")) {
    skip("it is not a text file");
    return;
  }
  const section = `Contents of ${file} (${kind}):\n\n${content.trim()}`;
  if (section.length > reading.budget) {
    reading.problems.push(tooLarge(file, from, reading));
    return;
  }
  reading.seen.add(real);
  if (content.trim() !== "") {
    reading.sections.push(section);
    reading.files.push(file);
    reading.budget -= section.length;
  }
  for (const imported of findImports(content)) {
    const at: ImportedAt = { file, line: imported.line, path: imported.path };
    if (depth + 1 > MAX_IMPORT_HOPS) {
      reading.problems.push(skipped(file, at, `it is more than ${MAX_IMPORT_HOPS} imports deep from the project's memory file, as deep as Claude Code follows`));
      continue;
    }
    const target = importTarget(reading, dirname(file), imported.path);
    if (target === undefined) {
      reading.problems.push(
        skipped(file, at, "a `~/` import reaches your home folder, which June follows only when you allow imports from outside the project"),
      );
      continue;
    }
    await include(reading, target, kind, depth + 1, at);
  }
}

/** The absolute path an import names; undefined for a `~/` path without the user's opt-in. */
function importTarget(reading: Reading, from: string, path: string): string | undefined {
  if (path.startsWith("~/")) return reading.external ? join(reading.external.home, path.slice(2)) : undefined;
  return isAbsolute(path) ? path : resolve(from, path);
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

function skipped(file: string, from: ImportedAt | undefined, why: string): MemoryProblem {
  if (!from) {
    return { severity: "warning", code: "JUNE_CLAUDE_MD_SKIPPED", message: `june: ${file} is left out of the project's memory: ${why}.`, file };
  }
  return {
    severity: "warning",
    code: "JUNE_CLAUDE_MD_SKIPPED",
    message:
      `june: ${from.file}:${from.line}: the import @${from.path} (${file}) is left out of the project's memory: ${why}. ` +
      "Fix the path, or put it in backticks if it isn't an import.",
    file: from.file,
    line: from.line,
  };
}

function tooLarge(file: string, from: ImportedAt | undefined, reading: Reading): MemoryProblem {
  const where = from ? `${from.file}:${from.line}: the import @${from.path} (${file})` : file;
  return {
    severity: "warning",
    code: "JUNE_CLAUDE_MD_TOO_LARGE",
    message:
      `june: ${where} is left out of the project's memory: it would take the memory past its cap of ` +
      `${reading.cap} characters (${reading.budget} are left); shorten it, or import a smaller file.`,
    file: from?.file ?? file,
    ...(from ? { line: from.line } : {}),
  };
}

function code(error: unknown): unknown {
  return (error as { code?: unknown } | undefined)?.code;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
