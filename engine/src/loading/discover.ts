// Finding what a project folder holds: workflow files (scripts whose module syntax imports June
// and exports a default, see workflow-syntax.ts), the markdown agents and skills in Claude Code's
// layouts (`.claude/agents/`, `agents/`, plugins and marketplaces, the user's own when asked: see
// claude-layouts.ts), and `june.config.ts`; and agent-looking .md files outside every layout, told
// once. Skips node_modules, dot-folders (except .claude, whose agents are read on their own) and
// June's own `.june/`; the walk is bounded (folder-walk.ts) and refuses the root, the home folder
// and system folders (refused-folders.ts). Discovery reads files and parses them; it never runs one.
import { existsSync } from "node:fs";
import { open, readFile, realpath } from "node:fs/promises";
import { join, relative } from "node:path";
import { findClaudeLayout, type AgentSource, type ClaudePlugin, type SkillDir } from "./claude-layouts.ts";
import { walkFolder, type WalkOptions } from "./folder-walk.ts";
import type { Problem } from "./problem.ts";
import { refuseSystemFolder } from "./refused-folders.ts";
import { looksLikeWorkflow, workflowSyntax } from "./workflow-syntax.ts";

export const CONFIG_FILES = ["june.config.ts", "june.config.tsx", "june.config.mts", "june.config.js", "june.config.mjs"];
export const DEFAULT_AGENT_DIRS = [".claude/agents", "agents"];
const WORKFLOW_FILE = /\.(tsx|jsx|ts|mts|js|mjs)$/;
const NOT_A_WORKFLOW = /(\.test|\.spec|\.d)\.[cm]?[jt]sx?$|^june\.config\./;
/** A workflow is a hand-written script; a bigger file is generated or bundled code, not read. */
const MAX_WORKFLOW_BYTES = 1_000_000;
/** How much of a .md file is read to tell whether it looks like an agent (its frontmatter). */
const AGENT_SNIFF_BYTES = 4_096;
/** Stray agent files named in the warning; the rest are counted. */
const STRAYS_NAMED = 5;

export interface Discovery {
  folder: string;
  configFile: string | undefined;
  workflowFiles: string[];
  /** Every folder (or file) of markdown agents, absolute: the dirs of `agentSources`. */
  agentDirs: string[];
  /** The markdown agent folders with whose they are: the project's, the user's, each plugin's. */
  agentSources: AgentSource[];
  /** The skill folders: `.claude/skills` and each plugin's `skills/`. */
  skillDirs: SkillDir[];
  plugins: ClaudePlugin[];
  /** Every `.claude-plugin/` folder: a change in one may change the layout. */
  manifests: string[];
  /** Folders skipped (unreadable), a walk cut short (too many entries, too slow), plugin manifests that can't be used, stray agent files. */
  problems: Problem[];
}

export type DiscoverOptions = Pick<WalkOptions, "maxEntries" | "budgetMs"> & {
  /** The user's agents folder (`~/.claude/agents`), read only when the user opted in. */
  userAgents?: string;
};

/**
 * Lists a folder's workflow files, agent folders and config file, in a stable order. Throws
 * JUNE_FOLDER_REFUSED for the root, the home folder itself and system folders.
 */
export async function discoverProject(folder: string, agentDirs: readonly string[] = DEFAULT_AGENT_DIRS, options: DiscoverOptions = {}): Promise<Discovery> {
  refuseSystemFolder(await realpath(folder).catch(() => folder));
  const configFile = findConfigFile(folder);
  const layout = await findClaudeLayout(folder, { agentDirs, ...(options.userAgents !== undefined ? { userAgents: options.userAgents } : {}) });
  const known = new Set([...layout.agentSources.map((s) => s.dir), ...layout.skillDirs.map((s) => s.dir), ...layout.otherDirs]);
  const workflowFiles: string[] = [];
  const strays: string[] = [];
  const problems: Problem[] = [];
  const walked = await walkFolder(folder, {
    ...(options.maxEntries !== undefined ? { maxEntries: options.maxEntries } : {}),
    ...(options.budgetMs !== undefined ? { budgetMs: options.budgetMs } : {}),
    skipFolder: (path, name) => name === "node_modules" || name.startsWith(".") || known.has(path),
    onFile: async (path, name) => {
      if (/\.md$/i.test(name)) {
        // A source may be one file (a plugin.json `agents` path): it is read, so it is no stray.
        if (name !== "SKILL.md" && !known.has(path) && (await looksLikeAgent(path))) strays.push(path);
        return;
      }
      if (!WORKFLOW_FILE.test(name) || NOT_A_WORKFLOW.test(name)) return;
      if (await isWorkflowFile(path, problems)) workflowFiles.push(path);
    },
  });
  workflowFiles.sort((a, b) => relative(folder, a).localeCompare(relative(folder, b), "en"));
  if (strays.length > 0) problems.push(strayAgents(folder, strays));
  return {
    folder,
    configFile,
    workflowFiles,
    agentDirs: layout.agentSources.map((s) => s.dir),
    agentSources: layout.agentSources,
    skillDirs: layout.skillDirs,
    plugins: layout.plugins,
    manifests: layout.manifests,
    problems: [...layout.problems, ...walked.problems, ...problems],
  };
}

/** Frontmatter (at the very top) with both `name:` and `description:`: what Claude Code takes for an agent. */
async function looksLikeAgent(path: string): Promise<boolean> {
  let head: string;
  try {
    const handle = await open(path, "r");
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(AGENT_SNIFF_BYTES), 0, AGENT_SNIFF_BYTES, 0);
      head = buffer.subarray(0, bytesRead).toString("utf8");
    } finally {
      await handle.close();
    }
  } catch {
    // Unreadable: not an agent June could load anyway.
    return false;
  }
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(head);
  return match !== null && /^name\s*:/m.test(match[1]!) && /^description\s*:/m.test(match[1]!);
}

/** One warning for every agent-looking file outside the layouts: where a few are, and what to do. */
function strayAgents(folder: string, strays: string[]): Problem {
  const sorted = strays.map((path) => relative(folder, path)).sort((a, b) => a.localeCompare(b, "en"));
  const named = sorted.slice(0, STRAYS_NAMED).join(", ");
  const more = sorted.length > STRAYS_NAMED ? ` and ${sorted.length - STRAYS_NAMED} more` : "";
  const count = sorted.length === 1 ? "1 file looks" : `${sorted.length} files look`;
  return {
    severity: "warning",
    code: "JUNE_AGENTS_OUTSIDE_LAYOUT",
    message:
      `june: ${count} like a Claude Code agent (frontmatter with name: and description:) but ${sorted.length === 1 ? "sits" : "sit"} outside every agents folder June reads, so ${sorted.length === 1 ? "it is" : "they are"} not loaded: ${named}${more}. ` +
      "Move them to .claude/agents/ (or a plugin's agents/), or set `agents:` in june.config.ts to the folders they are in.",
    file: join(folder, sorted[0]!),
  };
}

/** The folder's own june.config.* (no walk: it only ever sits at the top). */
export function findConfigFile(folder: string): string | undefined {
  return CONFIG_FILES.map((name) => join(folder, name)).find((path) => existsSync(path));
}

async function isWorkflowFile(path: string, problems: Problem[]): Promise<boolean> {
  let text: Buffer;
  try {
    text = await readFile(path);
  } catch {
    // Unreadable or gone: not listed; a workflow that can't be read couldn't be loaded either.
    return false;
  }
  if (text.length > MAX_WORKFLOW_BYTES) {
    if (text.includes("june")) {
      problems.push({ severity: "warning", code: "JUNE_FILE_TOO_LARGE", message: `june: ${path} is over ${MAX_WORKFLOW_BYTES / 1_000_000} MB, so it is not read as a workflow.`, file: path });
    }
    return false;
  }
  const source = text.toString("utf8");
  const syntax = await workflowSyntax(source, path);
  return syntax === "workflow" || (syntax === "unparsed" && looksLikeWorkflow(source));
}
