// Finding what a project folder holds: workflow files (scripts that import June), the markdown
// agent folders (Claude Code's `.claude/agents/` and `agents/`), and `june.config.ts`. Skips
// node_modules, dot-folders (except .claude) and June's own `.june/`.
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { join, relative } from "node:path";

export const CONFIG_FILES = ["june.config.ts", "june.config.tsx", "june.config.mts", "june.config.js", "june.config.mjs"];
export const DEFAULT_AGENT_DIRS = [".claude/agents", "agents"];
const WORKFLOW_FILE = /\.(tsx|jsx|ts|mts|js|mjs)$/;
const NOT_A_WORKFLOW = /(\.test|\.spec|\.d)\.[cm]?[jt]sx?$|^june\.config\./;
const IMPORTS_JUNE = /from\s+["']june(\/[^"']*)?["']|import\s*\(\s*["']june["']\s*\)/;

export interface Discovery {
  folder: string;
  configFile: string | undefined;
  workflowFiles: string[];
  agentDirs: string[];
}

/** Lists a folder's workflow files, agent folders and config file, in a stable order. */
export async function discoverProject(folder: string, agentDirs: readonly string[] = DEFAULT_AGENT_DIRS): Promise<Discovery> {
  const configFile = findConfigFile(folder);
  const dirs = agentDirs.map((dir) => join(folder, dir)).filter((path) => existsSync(path));
  const workflowFiles: string[] = [];
  await walk(folder, folder, dirs, workflowFiles);
  workflowFiles.sort((a, b) => relative(folder, a).localeCompare(relative(folder, b), "en"));
  return { folder, configFile, workflowFiles, agentDirs: dirs };
}

/** The folder's own june.config.* (no walk: it only ever sits at the top). */
export function findConfigFile(folder: string): string | undefined {
  return CONFIG_FILES.map((name) => join(folder, name)).find((path) => existsSync(path));
}

async function walk(folder: string, dir: string, agentDirs: readonly string[], out: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "node_modules" || entry.name.startsWith(".") || agentDirs.includes(path)) continue;
      await walk(folder, path, agentDirs, out);
    } else if (entry.isFile() && WORKFLOW_FILE.test(entry.name) && !NOT_A_WORKFLOW.test(entry.name)) {
      // Only scripts that import June are workflows; helpers and other code are not listed.
      const text = withoutComments(await readFile(path, "utf8").catch(() => ""));
      if (IMPORTS_JUNE.test(text) && /export\s+default/.test(text)) out.push(path);
    }
  }
}

// An example in a doc comment (`export default function …`) doesn't make a file a workflow.
function withoutComments(text: string): string {
  // Line comments first: a `/*` inside one (`docs/*.md`) opens no block comment.
  return text.replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1").replace(/\/\*[\s\S]*?\*\//g, "");
}
