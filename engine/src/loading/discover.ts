// Finding what a project folder holds: workflow files (scripts whose module syntax imports June
// and exports a default, see workflow-syntax.ts), the markdown agent folders (Claude Code's
// `.claude/agents/` and `agents/`), and `june.config.ts`. Skips node_modules, dot-folders (except
// .claude, whose agents are read on their own) and June's own `.june/`; the walk is bounded
// (folder-walk.ts) and refuses the root, the home folder and system folders (refused-folders.ts).
// Discovery reads files and parses them; it never runs one.
import { existsSync } from "node:fs";
import { readFile, realpath } from "node:fs/promises";
import { join, relative } from "node:path";
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

export interface Discovery {
  folder: string;
  configFile: string | undefined;
  workflowFiles: string[];
  agentDirs: string[];
  /** Folders skipped (unreadable) and a walk cut short (too many entries, too slow). */
  problems: Problem[];
}

export type DiscoverOptions = Pick<WalkOptions, "maxEntries" | "budgetMs">;

/**
 * Lists a folder's workflow files, agent folders and config file, in a stable order. Throws
 * JUNE_FOLDER_REFUSED for the root, the home folder itself and system folders.
 */
export async function discoverProject(folder: string, agentDirs: readonly string[] = DEFAULT_AGENT_DIRS, options: DiscoverOptions = {}): Promise<Discovery> {
  refuseSystemFolder(await realpath(folder).catch(() => folder));
  const configFile = findConfigFile(folder);
  const dirs = agentDirs.map((dir) => join(folder, dir)).filter((path) => existsSync(path));
  const workflowFiles: string[] = [];
  const problems: Problem[] = [];
  const walked = await walkFolder(folder, {
    ...options,
    skipFolder: (path, name) => name === "node_modules" || name.startsWith(".") || dirs.includes(path),
    onFile: async (path, name) => {
      if (!WORKFLOW_FILE.test(name) || NOT_A_WORKFLOW.test(name)) return;
      if (await isWorkflowFile(path, problems)) workflowFiles.push(path);
    },
  });
  workflowFiles.sort((a, b) => relative(folder, a).localeCompare(relative(folder, b), "en"));
  return { folder, configFile, workflowFiles, agentDirs: dirs, problems: [...walked.problems, ...problems] };
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
