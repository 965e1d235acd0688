// Finding agent files the way Claude Code lays out `.claude/agents/`: flat .md files at any depth,
// grouping folders walked, a folder holding AGENT.md is one agent (a bundle, whose other files —
// its skills/ — are never agents), node_modules and dot-directories skipped at every level, file
// symlinks followed, directory symlinks not (which keeps the walk loop-free).
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { errorAt, warningAt, type Diagnostic } from "./diagnostic.ts";

/** The file that makes a folder an agent bundle. */
export const BUNDLE_FILE = "AGENT.md";

export interface AgentFile {
  file: string;
  /** Set when the file is a bundle's AGENT.md: the bundle folder. */
  bundle?: string;
}

export interface FoundAgentFiles {
  files: AgentFile[];
  diagnostics: Diagnostic[];
}

/**
 * The agent files under `pathOrDir`, in a stable order (names sorted at each level); a path to
 * a single .md file is that one file.
 *
 * @example
 * const { files } = await findAgentFiles(".claude/agents");
 * // [{ file: ".claude/agents/aria/AGENT.md", bundle: ".claude/agents/aria" }, { file: ".claude/agents/triage.md" }]
 */
export async function findAgentFiles(pathOrDir: string): Promise<FoundAgentFiles> {
  const diagnostics: Diagnostic[] = [];
  let stats;
  try {
    stats = await stat(pathOrDir);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "does not exist" : `can't be read (${(error as Error).message})`;
    diagnostics.push(errorAt({ file: pathOrDir }, "JUNE_AGENTS_NOT_FOUND", `june: the agents path ${pathOrDir} ${reason}; pass a folder of agent .md files or one .md file.`));
    return { files: [], diagnostics };
  }
  if (stats.isFile()) {
    if (isMarkdown(pathOrDir)) return { files: [{ file: pathOrDir }], diagnostics };
    diagnostics.push(errorAt({ file: pathOrDir }, "JUNE_AGENTS_NOT_FOUND", `june: ${pathOrDir} is not a .md file; pass a folder of agent .md files or one .md file.`));
    return { files: [], diagnostics };
  }
  const files = await walk(pathOrDir, diagnostics);
  return { files, diagnostics };
}

async function walk(dir: string, diagnostics: Diagnostic[]): Promise<AgentFile[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    diagnostics.push(errorAt({ file: dir }, "JUNE_AGENT_FILE_UNREADABLE", `june: the folder ${dir} can't be read: ${(error as Error).message}`));
    return [];
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (entries.some((e) => e.name === BUNDLE_FILE && (e.isFile() || e.isSymbolicLink()))) {
    return [{ file: join(dir, BUNDLE_FILE), bundle: dir }];
  }
  // Children in parallel, concatenated in name order so the result never depends on timing.
  const found = await Promise.all(entries.map((entry) => visit(dir, entry, diagnostics)));
  return found.flat();
}

async function visit(dir: string, entry: Dirent, diagnostics: Diagnostic[]): Promise<AgentFile[]> {
  const path = join(dir, entry.name);
  if (entry.isDirectory()) return skipped(entry.name) ? [] : walk(path, diagnostics);
  if (entry.isFile()) return isMarkdown(entry.name) ? [{ file: path }] : [];
  if (!entry.isSymbolicLink()) return [];
  let target;
  try {
    target = await stat(path);
  } catch {
    // A dangling link is only worth a word when it looks like an agent file.
    if (isMarkdown(entry.name)) {
      diagnostics.push(errorAt({ file: path }, "JUNE_AGENT_FILE_UNREADABLE", `june: ${path} is a symlink to a file that does not exist.`));
    }
    return [];
  }
  if (target.isDirectory()) {
    if (skipped(entry.name)) return [];
    diagnostics.push(
      warningAt({ file: path }, "JUNE_SYMLINK_DIR_SKIPPED",
        `june: ${path} is a symlink to a folder, which the agents walk never follows (that keeps it loop-free); ` +
          "link the agent files themselves, or move the folder in."),
    );
    return [];
  }
  return target.isFile() && isMarkdown(entry.name) ? [{ file: path }] : [];
}

function skipped(name: string): boolean {
  return name === "node_modules" || name.startsWith(".");
}

function isMarkdown(name: string): boolean {
  return /\.md$/i.test(name);
}
