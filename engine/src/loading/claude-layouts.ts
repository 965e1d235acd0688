// Where a folder set up for Claude Code keeps its agents and skills: the project's own
// `.claude/agents/` and `agents/`, Claude Code plugins (a folder with `.claude-plugin/plugin.json`
// and its `agents/`, `skills/`, `commands/`, or the custom paths plugin.json names), a marketplace
// (`.claude-plugin/marketplace.json` naming plugin folders by relative `source`), and, when the
// user opts in, their own `~/.claude/agents/`. Only JSON is read and folders listed: nothing runs,
// and the look is bounded (the folder itself, its children, and `plugins/*`, plus what the
// marketplace names). What is wrong with a manifest is a warning; the rest still loads.
import { existsSync, statSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, isAbsolute, join, relative, resolve } from "node:path";
import type { Problem } from "./problem.ts";
import { isWithin } from "../paths/index.ts";

/** A folder (or one .md file) of markdown agents, and whose agents they are. */
export interface AgentSource {
  dir: string;
  /** The Claude Code plugin the agents belong to: they are named `<plugin>:<agent>`. */
  plugin?: string;
  /** `user`: the user's own `~/.claude/agents/` (LoadOptions.userAgents); a project agent of the same name wins. */
  scope?: "user";
}

/** A folder of skills (`<name>/SKILL.md`), and the plugin it belongs to (its skills are `<plugin>:<skill>`). */
export interface SkillDir {
  dir: string;
  plugin?: string;
}

/** A Claude Code plugin found in the folder. */
export interface ClaudePlugin {
  name: string;
  root: string;
  /** Its `.claude-plugin/plugin.json`, when it has one (a marketplace entry may stand for it). */
  manifest?: string;
}

export interface ClaudeLayout {
  /** Project folders first (in the order asked), then the user's, then each plugin's. */
  agentSources: AgentSource[];
  /** `.claude/skills` when it exists, then each plugin's skill folders. */
  skillDirs: SkillDir[];
  plugins: ClaudePlugin[];
  /** Folders that hold Claude Code files but no agents (plugins' `commands/`, `hooks/`): never agents, never strays. */
  otherDirs: string[];
  /** Folders and files whose change means the layout itself may have changed (every `.claude-plugin/`). */
  manifests: string[];
  problems: Problem[];
}

export interface LayoutOptions {
  /** The project's agent folders, relative to it (june.config.ts `agents`, default `.claude/agents` and `agents`). */
  agentDirs: readonly string[];
  /** The user's agents folder (`~/.claude/agents`), only when the user opted in (`--user-agents`). */
  userAgents?: string;
}

const PLUGIN_MANIFEST = join(".claude-plugin", "plugin.json");
const MARKETPLACE = join(".claude-plugin", "marketplace.json");
/** A manifest is a few KB; a bigger one is not a manifest (and is not read whole). */
const MAX_MANIFEST_BYTES = 256_000;
/** Folders looked into for plugins at most (the folder's children and `plugins/*`). */
const MAX_PLUGIN_CANDIDATES = 500;
/** Claude Code's plugin names: kebab-case, no `:` or `/` (those would break `<plugin>:<agent>`). */
const PLUGIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The Claude Code layout of `folder`: every agent source, skill folder and plugin, in a stable
 * order, with a warning for each manifest that can't be used and each remote marketplace plugin
 * (skipped: June installs nothing).
 *
 * @example
 * const layout = await findClaudeLayout("my-project", { agentDirs: [".claude/agents", "agents"] });
 * layout.agentSources; // [{ dir: ".../.claude/agents" }, { dir: ".../plugins/review/agents", plugin: "review" }]
 */
export async function findClaudeLayout(folder: string, options: LayoutOptions): Promise<ClaudeLayout> {
  const problems: Problem[] = [];
  const plugins = await findPlugins(folder, problems);
  const claimed = new Set(plugins.flatMap((p) => p.agentPaths));
  // A project agents folder a plugin claims (the folder itself is a plugin) is that plugin's.
  const project: AgentSource[] = options.agentDirs
    .map((dir) => resolve(folder, dir))
    .filter((dir) => existsSync(dir) && !claimed.has(dir))
    .map((dir) => ({ dir }));
  const user: AgentSource[] = options.userAgents !== undefined && isFolder(options.userAgents) ? [{ dir: resolve(options.userAgents), scope: "user" }] : [];
  const projectSkills = join(folder, ".claude", "skills");
  const manifests = [join(folder, ".claude-plugin"), ...plugins.map((p) => join(p.root, ".claude-plugin"))];
  return {
    agentSources: [...project, ...user, ...plugins.flatMap((p) => p.agentPaths.map((dir) => ({ dir, plugin: p.name })))],
    skillDirs: [...(isFolder(projectSkills) ? [{ dir: projectSkills }] : []), ...plugins.flatMap((p) => p.skillPaths.map((dir) => ({ dir, plugin: p.name })))],
    plugins: plugins.map(({ name, root, manifest }) => ({ name, root, ...(manifest ? { manifest } : {}) })),
    otherDirs: plugins.flatMap((p) => p.otherPaths),
    manifests: [...new Set(manifests)],
    problems,
  };
}

/** A plugin with the paths of its parts, as found. */
interface FoundPlugin extends ClaudePlugin {
  agentPaths: string[];
  skillPaths: string[];
  otherPaths: string[];
}

/** One plugin a marketplace names, before its folder is read. */
interface MarketplaceEntry {
  name: string;
  root: string;
  /** The entry's own component paths (Claude Code lets an entry carry them in place of plugin.json). */
  fields: Record<string, unknown>;
}

async function findPlugins(folder: string, problems: Problem[]): Promise<FoundPlugin[]> {
  const fromMarketplace = await readMarketplace(folder, problems);
  const candidates = new Map<string, MarketplaceEntry | undefined>();
  for (const entry of fromMarketplace) candidates.set(entry.root, entry);
  for (const root of await pluginCandidates(folder)) if (!candidates.has(root) && existsSync(join(root, PLUGIN_MANIFEST))) candidates.set(root, undefined);
  const found: FoundPlugin[] = [];
  const names = new Map<string, string>();
  for (const [root, entry] of [...candidates].sort(([a], [b]) => a.localeCompare(b, "en"))) {
    const plugin = await readPlugin(root, entry, problems);
    if (!plugin) continue;
    const earlier = names.get(plugin.name);
    if (earlier !== undefined) {
      problems.push(warning(plugin.manifest ?? root, `june: two plugins are named ${JSON.stringify(plugin.name)}: ${earlier} and ${root}; the second is left out. Rename one in its .claude-plugin/plugin.json.`, "JUNE_PLUGIN_INVALID"));
      continue;
    }
    names.set(plugin.name, root);
    found.push(plugin);
  }
  return found;
}

/** The folder itself, its child folders and `plugins/*` (never node_modules or dot folders). */
async function pluginCandidates(folder: string): Promise<string[]> {
  const children = async (dir: string) => {
    try {
      const entries = await readdir(dir, { withFileTypes: true });
      return entries.filter((e) => e.isDirectory() && e.name !== "node_modules" && !e.name.startsWith(".")).map((e) => join(dir, e.name));
    } catch {
      // Unreadable or absent: discovery's walk reports unreadable folders; nothing here to add.
      return [];
    }
  };
  const top = await children(folder);
  const nested = isFolder(join(folder, "plugins")) ? await children(join(folder, "plugins")) : [];
  return [folder, ...top, ...nested].slice(0, MAX_PLUGIN_CANDIDATES);
}

async function readMarketplace(folder: string, problems: Problem[]): Promise<MarketplaceEntry[]> {
  const file = join(folder, MARKETPLACE);
  const json = await readJson(file, problems);
  if (json === undefined) return [];
  if (!isRecord(json) || !Array.isArray(json.plugins)) {
    problems.push(warning(file, `june: ${file} has no \`plugins\` list, so it names no plugins. Write { "name": …, "owner": …, "plugins": [{ "name": "my-plugin", "source": "./plugins/my-plugin" }] }.`));
    return [];
  }
  const metadata = isRecord(json.metadata) ? json.metadata : {};
  const pluginRoot = typeof metadata.pluginRoot === "string" ? metadata.pluginRoot : undefined;
  const entries: MarketplaceEntry[] = [];
  // A checkout holding some of a marketplace's plugins is common: its missing folders are one word, not one each.
  const missing: { name: string; root: string }[] = [];
  json.plugins.forEach((raw: unknown, index: number) => {
    const where = `${file}: \`plugins[${index}]\``;
    if (!isRecord(raw) || typeof raw.name !== "string" || raw.name.trim() === "") {
      problems.push(warning(file, `june: ${where} has no \`name\`; it is left out. Give each plugin entry a name and a source.`));
      return;
    }
    const name = raw.name;
    if (typeof raw.source !== "string") {
      // github, url, git-subdir, npm … : fetched by Claude Code at install time; June installs nothing.
      const kind = isRecord(raw.source) && typeof raw.source.source === "string" ? ` (a ${raw.source.source} source)` : "";
      problems.push(
        warning(file, `june: ${where}: the plugin ${JSON.stringify(name)} comes from elsewhere${kind}, which June doesn't fetch; its agents are left out. Put the plugin's folder in the project and name it by a relative source ("./plugins/${name}").`, "JUNE_PLUGIN_SKIPPED"),
      );
      return;
    }
    // A bare name sits under metadata.pluginRoot; "./…" is relative to the marketplace root.
    const relativeSource = raw.source.startsWith("./") || raw.source.startsWith("../") || raw.source === "." ? raw.source : join(pluginRoot ?? ".", raw.source);
    const root = resolve(folder, relativeSource);
    if (isAbsolute(raw.source) || !isWithin(folder, root)) {
      problems.push(warning(file, `june: ${where}: the source ${JSON.stringify(raw.source)} of ${JSON.stringify(name)} is outside the project folder; June reads plugins inside it only, so it is left out.`, "JUNE_PLUGIN_SKIPPED"));
      return;
    }
    if (!isFolder(root)) {
      missing.push({ name, root });
      return;
    }
    entries.push({ name, root, fields: raw });
  });
  if (missing.length > 0) problems.push(missingPlugins(file, folder, missing));
  return entries;
}

/** One warning for every plugin the marketplace names whose folder isn't there. */
function missingPlugins(file: string, folder: string, missing: readonly { name: string; root: string }[]): Problem {
  const shown = missing.slice(0, 5).map(({ name, root }) => `"${name}" (${relative(folder, root) || "."})`);
  const more = missing.length > shown.length ? ` and ${missing.length - shown.length} more` : "";
  const what = missing.length === 1 ? "plugin whose folder does not exist" : `${missing.length} plugins whose folders do not exist`;
  return warning(
    file,
    `june: ${file} names ${what}: ${shown.join(", ")}${more}; ${missing.length === 1 ? "it is" : "they are"} left out. ` +
      "Check out the plugins' folders, or fix their `source`.",
    "JUNE_PLUGIN_SKIPPED",
  );
}

async function readPlugin(root: string, entry: MarketplaceEntry | undefined, problems: Problem[]): Promise<FoundPlugin | undefined> {
  const manifestFile = join(root, PLUGIN_MANIFEST);
  const hasManifest = existsSync(manifestFile);
  const manifest = hasManifest ? await readJson(manifestFile, problems) : undefined;
  if (hasManifest && manifest === undefined && !entry) return undefined;
  if (manifest !== undefined && !isRecord(manifest)) {
    problems.push(warning(manifestFile, `june: ${manifestFile} is not a JSON object; the plugin is left out. Write { "name": "my-plugin" }.`));
    return undefined;
  }
  const fields: Record<string, unknown> = { ...entry?.fields, ...manifest };
  const name = typeof fields.name === "string" ? fields.name : basename(root);
  if (!PLUGIN_NAME.test(name)) {
    problems.push(warning(hasManifest ? manifestFile : root, `june: the plugin name ${JSON.stringify(name)} (${root}) is not a plugin name: use letters, digits and "-" (kebab-case); the plugin is left out.`));
    return undefined;
  }
  const where = hasManifest ? manifestFile : root;
  const paths = (key: string, standard: string) => componentPaths(root, where, key, standard, [entry?.fields[key], manifest?.[key]], problems);
  return {
    name,
    root,
    ...(hasManifest ? { manifest: manifestFile } : {}),
    agentPaths: paths("agents", "agents"),
    skillPaths: paths("skills", "skills"),
    otherPaths: [...paths("commands", "commands"), ...["hooks", "output-styles"].map((d) => join(root, d)).filter(isFolder)],
  };
}

/**
 * A component's paths: its standard folder when it exists, then the custom paths the manifest
 * (or marketplace entry) gives, which supplement it as in Claude Code. Each must be `./…` inside
 * the plugin; one that is not, or is missing, is a warning and left out.
 */
function componentPaths(root: string, where: string, key: string, standard: string, values: unknown[], problems: Problem[]): string[] {
  const out = isFolder(join(root, standard)) ? [join(root, standard)] : [];
  for (const value of values) {
    if (value === undefined) continue;
    const list = typeof value === "string" ? [value] : Array.isArray(value) ? value : undefined;
    if (!list || list.some((v) => typeof v !== "string")) {
      problems.push(warning(where, `june: ${where}: \`${key}\` must be a path or a list of paths ("./${standard}/"); it is ignored.`));
      continue;
    }
    for (const path of list as string[]) {
      const full = resolve(root, path);
      if (!path.startsWith("./") || !isWithin(root, full)) {
        problems.push(warning(where, `june: ${where}: \`${key}\` path ${JSON.stringify(path)} must start with "./" and stay inside the plugin; it is ignored.`));
      } else if (!existsSync(full)) {
        problems.push(warning(where, `june: ${where}: \`${key}\` path ${JSON.stringify(path)} does not exist (${full}); it is ignored.`));
      } else if (!out.includes(full)) {
        out.push(full);
      }
    }
  }
  return out;
}

async function readJson(file: string, problems: Problem[]): Promise<unknown> {
  let text: string;
  try {
    if (!existsSync(file)) return undefined;
    if (statSync(file).size > MAX_MANIFEST_BYTES) {
      problems.push(warning(file, `june: ${file} is over ${MAX_MANIFEST_BYTES / 1000} KB, which no manifest is; it is not read.`));
      return undefined;
    }
    text = await readFile(file, "utf8");
  } catch (error) {
    problems.push(warning(file, `june: ${file} can't be read (${(error as Error).message}); its plugins are left out.`));
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    problems.push(warning(file, `june: ${file} is not valid JSON (${(error as Error).message}); its plugins are left out. Fix the file.`));
    return undefined;
  }
}

function warning(file: string, message: string, code = "JUNE_PLUGIN_INVALID"): Problem {
  return { severity: "warning", code, message, file };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Whether `path` is `root` or inside it. */
