// `june run <agent.md>`: the markdown agent file as an entry of the project it sits in — the
// nearest folder above it with a june.config.* or a .claude/ (the user's home, whose .claude/ is
// their own, never counts), else the file's folder — so the project's config, tools, MCP servers,
// plugins and other agents apply, as they would in the studio. Only the file's frontmatter is read
// here; the agent loads and runs in the run's worker, with the config.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join, sep } from "node:path";
import { readFrontmatter } from "../markdown/index.ts";
import { DEFAULT_AGENT_DIRS, discoverProject, findConfigFile } from "../project/index.ts";
import { CliError } from "./cli-error.ts";

/** Where an agent file runs: its project's folder, where its agents are, and the entry id it has there. */
export interface AgentTarget {
  folder: string;
  entryId: string;
  agentSources: { dir: string; plugin?: string; scope?: "user" }[];
  skillDirs: { dir: string; plugin?: string }[];
}

/**
 * The project `file` (an absolute .md path) belongs to and its entry there.
 *
 * @example
 * const target = await agentTarget("/repo/.claude/agents/reviewer.md");
 * target.folder; // "/repo"
 * target.entryId; // "markdown:reviewer"
 */
export async function agentTarget(file: string, options: { userAgents?: string } = {}): Promise<AgentTarget> {
  const folder = agentProject(file);
  // The config's `agents` folders are known only once it runs (in the worker): the defaults here,
  // and the file itself, which is the entry wherever it is.
  const found = await discoverProject(folder, DEFAULT_AGENT_DIRS, options.userAgents !== undefined ? { userAgents: options.userAgents } : {});
  const own = found.agentSources.find((source) => file === source.dir || file.startsWith(source.dir + sep));
  const name = await agentName(file, own?.plugin);
  const entryId = `markdown:${own?.plugin !== undefined ? `${own.plugin}:` : ""}${name}`;
  // The file first: its agent is the one run, even when another file holds the same name.
  const agentSources = own ? found.agentSources : [{ dir: file }, ...found.agentSources];
  return { folder, entryId, agentSources, skillDirs: found.skillDirs };
}

/** The nearest folder above `file` that is a project (june.config.*, .claude/), stopping at a repository's root. */
export function agentProject(file: string, home: string = homedir()): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (findConfigFile(dir) || (dir !== home && existsSync(join(dir, ".claude")))) return dir;
    if (dirname(dir) === dir || existsSync(join(dir, ".git"))) return dirname(file);
  }
}

/** The agent's name from its frontmatter (a plugin's agent may go without: its file's name). */
async function agentName(file: string, plugin: string | undefined): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CliError("JUNE_LOAD_FAILED", `june run: ${file} can't be read: ${(error as Error).message}.`, { cause: error });
  }
  const read = readFrontmatter(file, text);
  if (!read.ok) throw new CliError("JUNE_LOAD_FAILED", `${read.diagnostic.message}\nFix the agent file and run june again.`);
  const name = read.frontmatter.data.name;
  if (typeof name === "string" && name.trim() !== "") return name.trim();
  if (plugin !== undefined) return file.replace(/^.*[\\/]/, "").replace(/\.md$/i, "");
  throw new CliError(
    "JUNE_LOAD_FAILED",
    `june run: ${file} is not a markdown agent: its frontmatter has no \`name\`. An agent file starts with ---\\nname: reviewer\\ndescription: …\\n--- and then its instructions.`,
  );
}
