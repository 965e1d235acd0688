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
  let stats;
  try {
    stats = await stat(pathOrDir);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "does not exist" : `can't be read (${(error as Error).message})`;
    return found([], [
      errorAt({ file: pathOrDir }, "JUNE_AGENTS_NOT_FOUND", `june: the agents path ${pathOrDir} ${reason}; pass a folder of agent .md files or one .md file.`),
    ]);
  }
  if (stats.isDirectory()) return walk(pathOrDir);
  if (stats.isFile() && isMarkdown(pathOrDir)) return found([{ file: pathOrDir }]);
  return found([], [
    errorAt({ file: pathOrDir }, "JUNE_AGENTS_NOT_FOUND", `june: ${pathOrDir} is not a .md file; pass a folder of agent .md files or one .md file.`),
  ]);
}

// Each entry reports its own files and diagnostics; they are joined in name order, so neither
// ever depends on which read finished first.
async function walk(dir: string): Promise<FoundAgentFiles> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    return found([], [errorAt({ file: dir }, "JUNE_AGENT_FILE_UNREADABLE", `june: the folder ${dir} can't be read: ${(error as Error).message}`)]);
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (entries.some((e) => e.name === BUNDLE_FILE && (e.isFile() || e.isSymbolicLink()))) {
    return found([{ file: join(dir, BUNDLE_FILE), bundle: dir }]);
  }
  const visited = await Promise.all(entries.map((entry) => visit(dir, entry)));
  return found(visited.flatMap((v) => v.files), visited.flatMap((v) => v.diagnostics));
}

async function visit(dir: string, entry: Dirent): Promise<FoundAgentFiles> {
  const path = join(dir, entry.name);
  if (entry.isDirectory()) return skipped(entry.name) ? found([]) : walk(path);
  if (entry.isFile()) return found(isMarkdown(entry.name) ? [{ file: path }] : []);
  if (!entry.isSymbolicLink()) return found([]);
  let target;
  try {
    target = await stat(path);
  } catch {
    // A dangling link is only worth a word when it looks like an agent file.
    return found([], isMarkdown(entry.name)
      ? [errorAt({ file: path }, "JUNE_AGENT_FILE_UNREADABLE", `june: ${path} is a symlink to a file that does not exist.`)]
      : []);
  }
  if (target.isDirectory()) {
    if (skipped(entry.name)) return found([]);
    return found([], [
      warningAt({ file: path }, "JUNE_SYMLINK_DIR_SKIPPED",
        `june: ${path} is a symlink to a folder, which the agents walk never follows (that keeps it loop-free); ` +
          "link the agent files themselves, or move the folder in."),
    ]);
  }
  return found(target.isFile() && isMarkdown(entry.name) ? [{ file: path }] : []);
}

function found(files: AgentFile[], diagnostics: Diagnostic[] = []): FoundAgentFiles {
  return { files, diagnostics };
}

function skipped(name: string): boolean {
  return name === "node_modules" || name.startsWith(".");
}

function isMarkdown(name: string): boolean {
  return /\.md$/i.test(name);
}
