// The rows of Agents, as plain data: every entry of the project, plus every agent file that failed
// to load (the loader lists no entry for it, only its problems, which name the file). Each row
// carries its problem counts, its first error and the lower-cased text the filter searches, so
// nothing is recomputed per keystroke.
import type { Problem, ProjectEntry, ProjectSnapshot } from "../contract/index.ts";
import { projectPath } from "../ui/format.ts";

export interface AgentRow {
  /** The entry's id; a file that failed to load is `broken:<file>`. */
  id: string;
  kind: ProjectEntry["kind"];
  /** As the loader names it (a plugin's agent: `<plugin>:<agent>`); a broken file: its file's name. */
  name: string;
  plugin?: string;
  file: string;
  /** The file relative to the project folder. */
  path: string;
  /** The folder the agent lives in, relative to the project ("" for the project itself); a bundle (AGENT.md) counts as its parent folder's. */
  folder: string;
  description?: string;
  tools: readonly string[];
  errors: number;
  warnings: number;
  /** The first error of the agent: the row shows it. */
  error?: Problem;
  /** No entry: the file failed to load, so it can't be selected or run; its error says why. */
  broken: boolean;
  /** Where the loader listed it (sorting by path keeps ties in this order). */
  order: number;
  /** Name, description, path and tools, lower-cased: what the filter searches. */
  haystack: string;
}

/**
 * The rows of a project, loaded entries first (in the loader's order), then the files that failed.
 *
 * @example
 * agentRows(project).filter((row) => row.broken).map((row) => row.path); // [".claude/agents/broken.md"]
 */
export function agentRows(project: Pick<ProjectSnapshot, "folder" | "entries" | "problems">): AgentRow[] {
  const { folder, entries, problems } = project;
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const byFile = new Map(entries.map((entry) => [entry.file, entry]));
  const ofEntry = new Map<string, Problem[]>();
  const ofBrokenFile = new Map<string, Problem[]>();
  for (const problem of problems) {
    const entry = (problem.entryId !== undefined ? byId.get(problem.entryId) : undefined) ?? (problem.file !== undefined ? byFile.get(problem.file) : undefined);
    // A workflow's problem may sit in a module it imports; only another agent file (a duplicate
    // of the agent's name) is not the entry's own.
    const another = problem.file !== undefined && problem.file !== entry?.file && markdownAgentFile(projectPath(problem.file, folder));
    if (entry && !another) {
      push(ofEntry, entry.id, problem);
      continue;
    }
    const file = failedFile(problem, folder);
    if (file !== undefined && !byFile.has(file)) push(ofBrokenFile, file, problem);
  }

  const rows = entries.map((entry, order) => row(entry, folder, ofEntry.get(entry.id) ?? [], false, order));
  let order = entries.length;
  for (const [file, fileProblems] of ofBrokenFile) {
    if (!fileProblems.some((p) => p.severity === "error")) continue;
    rows.push(row(brokenEntry(file, folder, entries), folder, fileProblems, true, order++));
  }
  return rows;
}

function row(entry: ProjectEntry, folder: string, problems: readonly Problem[], broken: boolean, order: number): AgentRow {
  const path = projectPath(entry.file, folder);
  const errors = problems.filter((p) => p.severity === "error");
  const haystack = [entry.name, entry.description ?? "", path, ...entry.tools].join("\n").toLowerCase();
  return {
    id: entry.id,
    kind: entry.kind,
    name: entry.name,
    ...(entry.plugin !== undefined ? { plugin: entry.plugin } : {}),
    file: entry.file,
    path,
    folder: agentFolder(path),
    ...(entry.description !== undefined ? { description: entry.description } : {}),
    tools: entry.tools,
    errors: errors.length,
    warnings: problems.length - errors.length,
    ...(errors[0] ? { error: errors[0] } : {}),
    broken,
    order,
    haystack,
  };
}

/**
 * The agent file a problem says failed to load: the workflow its id names (its problem may sit in
 * a module it imports), or the markdown agent file it is in (a file whose frontmatter is broken
 * has no id yet). A config file's or .mcp.json's problem names none.
 */
function failedFile(problem: Problem, folder: string): string | undefined {
  if (problem.entryId?.startsWith("workflow:")) return joinPath(folder, problem.entryId.slice("workflow:".length));
  if (problem.file === undefined) return undefined;
  if (problem.entryId?.startsWith("markdown:") || markdownAgentFile(projectPath(problem.file, folder))) return problem.file;
  return undefined;
}

/** A markdown file inside an agents folder (`.claude/agents/`, `agents/`, a plugin's `agents/`). */
function markdownAgentFile(path: string): boolean {
  return path.endsWith(".md") && path.split("/").slice(0, -1).includes("agents");
}

function joinPath(folder: string, relative: string): string {
  if (relative.startsWith("/")) return relative;
  return folder.endsWith("/") ? `${folder}${relative}` : `${folder}/${relative}`;
}

/** A failed file as an entry: named by its file (a bundle by its folder), in the plugin its neighbours belong to. */
function brokenEntry(file: string, folder: string, entries: readonly ProjectEntry[]): ProjectEntry {
  const path = projectPath(file, folder);
  const parts = path.split("/");
  const base = parts.at(-1) ?? path;
  const markdown = base.endsWith(".md");
  const own = base === "AGENT.md" && parts.length > 1 ? parts.at(-2)! : base.replace(/\.(md|[cm]?[jt]sx?)$/, "");
  const dir = dirname(file);
  const plugin = markdown ? entries.find((e) => e.plugin !== undefined && dirname(e.file) === dir)?.plugin : undefined;
  return {
    id: `broken:${file}`,
    kind: markdown ? "markdown" : "workflow",
    name: plugin !== undefined ? `${plugin}:${own}` : own,
    ...(plugin !== undefined ? { plugin } : {}),
    file,
    models: [],
    tools: [],
  };
}

/** The folder an agent belongs to: its file's, or for a bundle's AGENT.md the folder holding the bundle. */
function agentFolder(path: string): string {
  const parts = path.split("/");
  parts.pop();
  if (path.endsWith("/AGENT.md") || path === "AGENT.md") parts.pop();
  return parts.join("/");
}

function dirname(file: string): string {
  const at = Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\"));
  return at < 0 ? "" : file.slice(0, at);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
