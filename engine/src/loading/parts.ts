// A project folder's parts, built in this process: its config, every workflow file and every
// markdown agent, each inspected so the studio can draw it before a run, and the Project they
// make. A broken file is a problem with its file and line, and everything else still loads.
// Opening a folder (project/) builds these here or, isolated, in workers (isolate/); the isolate's
// worker builds its own project from them, so nothing here knows of workers.
import { relative, resolve } from "node:path";
import type { LanguageModel } from "ai";
import type { ToolPolicy } from "../capabilities/index.ts";
import { JuneError } from "../errors/index.ts";
import { inspect, collectErrors } from "../inspect/index.ts";
import { createElement, type JuneElement, type JuneNode } from "../jsx/index.ts";
import type { Blocks } from "../blocks/index.ts";
import { markdownBlocks, markdownProject, type MarkdownProject } from "./markdown-blocks.ts";
import { markdownContext, withDefaultTools } from "./markdown-context.ts";
import { projectAgentsContext } from "./project-agents.ts";
import { jsx } from "../jsx/jsx-runtime.ts";
import {
  loadAgentDefinitions,
  markdownWorkflow,
  modelReference,
  resolveAgent,
  resolveModelRef,
  type AgentDefinition,
  type MarkdownContext,
} from "../markdown/index.ts";
import { mcpServer, type McpServerConfig, type McpToolSource } from "../mcp/index.ts";
import { defaultPrices, type PriceTable } from "../pricing/index.ts";
import type { TraceNode } from "../trace/index.ts";
import type { SandboxSettings } from "../sandbox/index.ts";
import { loadConfigFile, type JuneConfig } from "./config.ts";
import { projectMcpServers, readMcpJson, type McpJson } from "./mcp-json.ts";
import { DEFAULT_AGENT_DIRS, discoverProject, findConfigFile, type Discovery } from "./discover.ts";
import type { AgentSource, SkillDir } from "./claude-layouts.ts";
import { loadWorkflow, type LoadedWorkflow } from "./load-workflow.ts";
import { startEntry, type StartOptions } from "./start-entry.ts";
import type { RunHandle } from "../run/index.ts";
import { place, problemFromError, type Problem } from "./problem.ts";
import { markdownModelProblems, modelCheckOf, workflowModelProblems, type ModelCheck } from "./model-problems.ts";
import type { ProjectEntry } from "./project-entry.ts";
import { configSyntaxProblems, listedWorkflow, restrictedMarkdownProblems } from "./restricted.ts";

export interface Project {
  folder: string;
  configFile: string | undefined;
  config: JuneConfig | undefined;
  entries: ProjectEntry[];
  problems: Problem[];
  /** What a run of this project gets: its default model, tool policy and price table (June's, with the config's `prices` over it). */
  runDefaults: { model?: LanguageModel; policies: ToolPolicy[]; sandbox?: SandboxSettings; prices: PriceTable };
  /** The absolute folder where the studio records runs: the config's `runs`, default `<folder>/.june/runs`. */
  runsFolder: string;
  /** False in restricted mode: none of the folder's code ran (see LoadOptions.trusted) and its entries can't run. */
  trusted: boolean;
  /** Its MCP servers (june.config.ts's `mcp` and .mcp.json), to browse outside a run; none in restricted mode. */
  mcpServers: Record<string, ProjectMcpServer>;
  /**
   * The element to run for an entry: a workflow with `input` as props, a markdown agent with
   * `input` as its prompt. An isolated project has none in this process (they live in workers): use start().
   */
  element(entryId: string, input?: unknown): JuneNode;
  /**
   * Starts a run of an entry with the project's defaults: in this process, or, when the project is
   * isolated, in a worker of its own (its code can't take the host down, and abort always ends it).
   *
   * @example
   * const handle = project.start("workflow:release.tsx", { input: { env: "staging" } });
   */
  start(entryId: string, options?: StartOptions): RunHandle;
  /** Throws what model(ref) would for a reference that names no model (isolated: what can be known without the config's code). */
  checkModel(ref: string): void;
  /**
   * A model from a reference, as a markdown agent's `model:` resolves it: an alias (`sonnet`),
   * `anthropic:…`/`openai:…`, or whatever the config's `models` makes of it. Throws a JuneError
   * (JUNE_UNKNOWN_MODEL_PROVIDER, JUNE_AGENT_FIELD_INVALID) naming the reference.
   *
   * @example
   * run(project.element("workflow:release.tsx"), { ...project.runDefaults, modelOverride: project.model("openai:gpt-5-mini") });
   */
  model(ref: string): LanguageModel;
}

/** One of a project's MCP servers: the source runs use, its config as written, and where it is written. */
export interface ProjectMcpServer {
  source: McpToolSource;
  config: McpServerConfig;
  file?: string;
  line?: number;
}

/** Where runs are recorded when the config doesn't say, relative to the project. */
export const DEFAULT_RUNS_FOLDER = ".june/runs";

/** How a folder's parts are loaded (project/'s OpenOptions adds running its code in workers). */
export interface LoadOptions {
  /** Resolve every agent's capabilities (connects MCP servers); default true. */
  inspect?: boolean;
  /**
   * Whether the folder's code may run; default true. False opens it in restricted mode: no
   * workflow or config code is imported (workflows are listed by file name, the config is only
   * parsed), markdown agents load without the config, and every entry's element throws
   * JUNE_FOLDER_RESTRICTED.
   */
  trusted?: boolean;
  /**
   * The user's own agents folder (`~/.claude/agents`), loaded beside the project's only when the
   * user asks (`june run --user-agents`, `june studio --user-agents`); never read otherwise. Its
   * entries are `scope: "user"`, and a project agent of the same name wins, as in Claude Code.
   */
  userAgents?: string;
  /**
   * Honour Claude Code's `bypassPermissions` mode (an agent's `permissionMode`, or settings.json's
   * `permissions.defaultMode`): only when the user opts in (`--allow-bypass-permissions`), never
   * because a folder asks. Without it such agents run in the default mode, with a warning.
   */
  allowBypassPermissions?: boolean;
}

/** What a project is built from; a reload replaces only the parts a change touched. */
export interface ProjectParts {
  folder: string;
  options: LoadOptions;
  configFile: string | undefined;
  config: JuneConfig | undefined;
  configProblems: Problem[];
  /** What every agent's tools are held to: june.config.ts `toolPolicy` and `sandbox`. */
  toolRules: ToolRules;
  context: MarkdownContext;
  /** The config's and .mcp.json's MCP servers (none in restricted mode). */
  mcpServers: Record<string, ProjectMcpServer>;
  /** The agent folders as configured, relative to the project (june.config.ts `agents`, default `.claude/agents` and `agents`). */
  agentFolders: string[];
  /** Where the markdown agents are (claude-layouts.ts): the project's folders, the user's when opted in, each plugin's. */
  agentSources: AgentSource[];
  /** The skill folders skills are found in by name: `.claude/skills` and each plugin's. */
  skillDirs: SkillDir[];
  /** Every `.claude-plugin/` folder: a change there re-reads the layout. */
  manifests: string[];
  /** june.config.ts `modelAliases`, applied wherever a model reference is read. */
  modelAliases: Record<string, string>;
  workflows: Map<string, LoadedEntry>;
  markdown: {
    entries: { entry: ProjectEntry; definition: AgentDefinition; blocks: Blocks | undefined }[];
    problems: Problem[];
    /** What its agents run against at the top: the others to hand tasks to, the project's permissions and hooks. */
    context?: MarkdownContext;
    /** The files the project's memory was read from (CLAUDE.md and its imports, absolute): a change to one reloads the agents. */
    memoryFiles?: string[];
  };
  /** What the walk skipped or cut short (unreadable folders, too many entries). */
  discoveryProblems: Problem[];
}

/** Loads a folder's parts in this process (the caller has checked the folder may be opened). */
export async function loadLocalParts(folder: string, options: LoadOptions): Promise<ProjectParts> {
  const configProblems: Problem[] = [];
  const trusted = options.trusted ?? true;
  const { config, configFile } = trusted ? await loadConfig(folder, configProblems) : await parseConfig(folder, configProblems);
  const agentFolders = config?.agents === undefined ? DEFAULT_AGENT_DIRS : [config.agents].flat();
  const found = await discoverProject(folder, agentFolders, options.userAgents !== undefined ? { userAgents: options.userAgents } : {});
  // Restricted: .mcp.json's stdio servers are commands, so it waits for trust like the config.
  const mcpJson = trusted ? readMcpJson(folder) : undefined;
  const parts: ProjectParts = { ...partsWithConfig(folder, options, configFile, config, configProblems, layoutOf(agentFolders, found), mcpJson), discoveryProblems: found.problems };
  const loaded = await Promise.all(found.workflowFiles.map((file) => workflowEntryOf(parts, file)));
  found.workflowFiles.forEach((file, i) => parts.workflows.set(file, loaded[i]!));
  parts.markdown = await reloadLocalMarkdown(parts);
  return parts;
}

/** The layout parts of a discovery: where the agents and skills are. */
export function layoutOf(agentFolders: string[], found: Discovery): Pick<ProjectParts, "agentFolders" | "agentSources" | "skillDirs" | "manifests"> {
  return { agentFolders, agentSources: found.agentSources, skillDirs: found.skillDirs, manifests: found.manifests };
}

/** Discovers the folder again (as the parts were loaded), taking its new layout; returns what it found. */
export async function rediscover(parts: ProjectParts): Promise<Discovery> {
  const found = await discoverProject(parts.folder, parts.agentFolders, parts.options.userAgents !== undefined ? { userAgents: parts.options.userAgents } : {});
  Object.assign(parts, layoutOf(parts.agentFolders, found));
  parts.discoveryProblems = found.problems;
  return found;
}

/**
 * Re-reads the workflow files given (added, changed or removed); the rest is kept. The folder is
 * discovered again, so the agent layout (plugins, marketplace) and its problems are current too.
 */
export async function reloadLocalWorkflows(parts: ProjectParts, files: readonly string[]): Promise<void> {
  const found = await rediscover(parts);
  const present = new Set(found.workflowFiles);
  for (const file of [...parts.workflows.keys()]) if (!present.has(file)) parts.workflows.delete(file);
  const todo = found.workflowFiles.filter((file) => files.includes(file) || !parts.workflows.has(file));
  const loaded = await Promise.all(todo.map((file) => workflowEntryOf(parts, file)));
  todo.forEach((file, i) => parts.workflows.set(file, loaded[i]!));
}

/** A workflow file's entry: imported and inspected, or in restricted mode only listed. */
function workflowEntryOf(parts: ProjectParts, file: string): Promise<LoadedEntry> {
  if (parts.options.trusted === false) return Promise.resolve(listedWorkflow(parts.folder, file));
  return loadWorkflowEntry(parts.folder, file, parts.toolRules, parts.options.inspect ?? true, loadWorkflow, modelCheckOf(parts));
}

export async function reloadLocalMarkdown(parts: ProjectParts): Promise<ProjectParts["markdown"]> {
  const markdown = await loadMarkdown(parts, await markdownProject(parts));
  const configFile = parts.configFile;
  if (parts.options.trusted !== false || !configFile) return markdown;
  // Restricted with a config: what the config would answer waits for trust, and says so.
  const ids = new Set(markdown.entries.map(({ entry }) => entry.id));
  const problems = markdown.problems.filter((p) => !p.entryId || !ids.has(p.entryId));
  for (const { entry, definition } of markdown.entries) {
    problems.push(...restrictedMarkdownProblems(markdown.problems.filter((p) => p.entryId === entry.id), definition, configFile, entry.id));
  }
  return { ...markdown, problems };
}

/** The Project a set of parts describes, its entries made and run in this process. */
export function assembleLocal(parts: ProjectParts): Project {
  const { folder, config, configFile, context, toolRules } = parts;
  const problems: Problem[] = [...parts.configProblems, ...parts.discoveryProblems];
  const entries: ProjectEntry[] = [];
  const elements = new Map<string, (input: unknown) => JuneNode>();
  for (const file of [...parts.workflows.keys()].sort()) {
    const loaded = parts.workflows.get(file)!;
    problems.push(...loaded.problems);
    if (loaded.entry) {
      entries.push(loaded.entry);
      elements.set(loaded.entry.id, loaded.element!);
    }
  }
  problems.push(...parts.markdown.problems);
  for (const { entry, definition, blocks } of parts.markdown.entries) {
    entries.push(entry);
    elements.set(entry.id, (input) => {
      // Restricted: a markdown agent's run would use tools and a model no one trusted the folder for.
      if (parts.options.trusted === false) return listedWorkflow(folder, entry.file).element();
      return withBlocks(markdownWorkflow(definition, parts.markdown.context ?? context, promptOf(input)), blocks);
    });
  }

  const project: Project = {
    folder,
    configFile,
    config,
    entries,
    problems,
    runDefaults: { ...(config?.model ? { model: config.model } : {}), ...toolRules, prices: { ...defaultPrices, ...config?.prices } },
    runsFolder: resolve(folder, config?.runs ?? DEFAULT_RUNS_FOLDER),
    trusted: parts.options.trusted !== false,
    mcpServers: parts.mcpServers,
    element(entryId, input) {
      const make = elements.get(entryId);
      if (!make) throw new Error(`june: ${folder} has no agent "${entryId}"; it has ${[...elements.keys()].join(", ") || "none"}.`);
      return make(input);
    },
    start: (entryId, options) => startEntry(project, entryId, options),
    checkModel: (ref) => void project.model(ref),
    model(ref) {
      const name = modelReference(ref, parts.modelAliases);
      if (!name.ok) throw new JuneError("JUNE_AGENT_FIELD_INVALID", `june: ${name.message}.`);
      if (name.ref === undefined) {
        throw new JuneError("JUNE_AGENT_FIELD_INVALID", `june: "${ref}" names no model here; write provider:model (e.g. "openai:gpt-5-mini") or an alias.`);
      }
      const resolved = resolveModelRef(name.ref, context);
      if (!resolved.ok) throw new JuneError(resolved.code, `june: ${resolved.message}.`);
      return resolved.model;
    },
  };
  return project;
}

async function loadConfig(folder: string, problems: Problem[]): Promise<{ config?: JuneConfig; configFile?: string }> {
  const configFile = findConfigFile(folder);
  if (!configFile) return {};
  try {
    return { config: await loadConfigFile(configFile, relative(folder, configFile) || configFile), configFile };
  } catch (error) {
    problems.push(problemFromError(error, configFile));
    return { configFile };
  }
}

/** Restricted mode: the config file is found and parsed for syntax errors, never run. */
async function parseConfig(folder: string, problems: Problem[]): Promise<{ config?: JuneConfig; configFile?: string }> {
  const configFile = findConfigFile(folder);
  if (!configFile) return {};
  problems.push(...(await configSyntaxProblems(configFile)));
  return { configFile };
}

/**
 * The project's MCP servers: the config's `mcp` and .mcp.json's, each made a source; a server
 * that can't be is a Problem on its file and line (the server left out), not a failed project.
 */
function projectMcp(folder: string, config: JuneConfig | undefined, configFile: string | undefined, mcpJson: McpJson | undefined, problems: Problem[], mcpJsonProblems: Problem[]): Record<string, ProjectMcpServer> {
  const servers: Record<string, ProjectMcpServer> = {};
  for (const [name, { server, file, line }] of Object.entries(projectMcpServers(config?.mcp, configFile, mcpJson, mcpJsonProblems))) {
    try {
      // A stdio server runs in the project folder unless its config says where (as .mcp.json's do):
      // its relative arguments ("./docs") mean the project's, and its roots are told so.
      const placed = "command" in server && server.cwd === undefined ? { ...server, cwd: folder } : server;
      servers[name] = { source: mcpServer(name, placed), config: placed, ...(file !== undefined ? { file } : {}), ...(line !== undefined ? { line } : {}) };
    } catch (error) {
      // A server of .mcp.json: its file and line, and the server named as the file names it.
      if (line === undefined) problems.push(problemFromError(error, file));
      else mcpJsonProblems.push({ ...problemFromError(error, file), message: `june: ${file}:${line}: server ${JSON.stringify(name)}: ${(error as Error).message}`, line });
    }
  }
  return servers;
}

export interface LoadedEntry {
  entry?: ProjectEntry;
  element?: (input: unknown) => JuneNode;
  problems: Problem[];
}

/**
 * A workflow file's entry: imported, and inspected when `inspectIt`. With `models` (modelCheckOf
 * the project), its agents' models are checked too: a missing model, a key not set.
 */
export async function loadWorkflowEntry(
  folder: string,
  file: string,
  toolRules: ToolRules,
  inspectIt: boolean,
  load: (file: string) => Promise<LoadedWorkflow> = loadWorkflow,
  models?: ModelCheck,
): Promise<LoadedEntry> {
  const id = `workflow:${relative(folder, file)}`;
  let loaded;
  try {
    loaded = await load(file);
  } catch (error) {
    return { problems: [problemFromError(error, file, id)] };
  }
  try {
    return await workflowEntry(folder, file, id, loaded.default, toolRules, inspectIt, models);
  } catch (error) {
    // inspect() puts what a render throws on its node; what still escapes (a default export that
    // throws when it is read, a Proxy) is this file's problem, and the project opens without it.
    const problem = problemFromError(error, file, id);
    return { problems: [{ ...problem, message: `june: ${file} could not be inspected: ${problem.message}` }] };
  }
}

async function workflowEntry(folder: string, file: string, id: string, component: unknown, toolRules: ToolRules, inspectIt: boolean, check: ModelCheck | undefined): Promise<LoadedEntry> {
  if (typeof component !== "function") {
    return {
      problems: [
        {
          severity: "error",
          code: "JUNE_LOAD_FAILED",
          message: `june: ${file} has no component as its default export; export default function MyWorkflow() { return <Agent>…</Agent>; }`,
          file,
          entryId: id,
        },
      ],
    };
  }
  const element = (input: unknown) => jsx(component as (props: object) => JuneNode, (input ?? {}) as Record<string, unknown>);
  const name = component.name;
  const entry: ProjectEntry = { id, kind: "workflow", name: typeof name === "string" && name !== "" ? name : relative(folder, file), file, models: [], tools: [] };
  const problems: Problem[] = [];
  if (inspectIt) {
    const models = new Map<TraceNode, unknown>();
    const tree = await inspect(element({}), { ...toolRules, onModel: (node, model) => models.set(node, model) });
    describeTree(entry, tree);
    problems.push(...treeProblems(tree, file, id));
    if (check) problems.push(...workflowModelProblems(tree, models, file, id, check));
  }
  return { entry, element, problems };
}

async function loadMarkdown(parts: ProjectParts, project: MarkdownProject): Promise<ProjectParts["markdown"]> {
  const { toolRules } = parts;
  const inspectIt = parts.options.inspect ?? true;
  const defaultBlocks = parts.config?.blocks as Blocks | undefined;
  const problems: Problem[] = [...project.problems];
  // First every agent of every source, so each can be offered to the others (Claude Code's Agent tool).
  const found: { definition: AgentDefinition; id: string; source: AgentSource; blocks: Blocks | undefined }[] = [];
  const seen = new Map<string, string>();
  for (const source of parts.agentSources) {
    const { definitions, diagnostics } = await loadAgentDefinitions(source.dir, {
      modelAliases: parts.modelAliases,
      ...(source.plugin !== undefined ? { plugin: source.plugin } : {}),
    });
    problems.push(...diagnostics.map(fromDiagnostic));
    for (const loaded of definitions) {
      const definition = withDefaultTools(loaded, Object.keys(parts.context.builtins ?? {}));
      const id = `markdown:${definition.name}`;
      // As in Claude Code, a project agent wins over the user's own of the same name (the user's
      // sources come after the project's), without a word: the user's is personal, not wrong.
      if (source.scope === "user" && seen.has(definition.name)) continue;
      if (seen.has(definition.name)) {
        problems.push({
          severity: "error",
          code: "JUNE_DUPLICATE_AGENT",
          message: `june: two markdown agents are named "${definition.name}": ${seen.get(definition.name)} and ${definition.file}; names are unique in a project.`,
          file: definition.file,
          entryId: id,
        });
        continue;
      }
      seen.set(definition.name, definition.file);
      const { blocks, problems: blockProblems } = await markdownBlocks(definition, defaultBlocks, id, project);
      problems.push(...blockProblems);
      found.push({ definition, id, source, blocks });
    }
  }
  const top = await projectAgentsContext(parts, project, found, problems);
  const check = modelCheckOf(parts);
  const entries: ProjectParts["markdown"]["entries"] = [];
  for (const { definition, id, source, blocks } of found) {
    const resolved = resolveAgent(definition, top.context);
    problems.push(...resolved.diagnostics.map((d) => ({ ...fromDiagnostic(d), entryId: id })));
    problems.push(...top.agentProblems(definition).map((p) => ({ ...p, entryId: id })));
    if (check && resolved.agent) problems.push(...(await markdownModelProblems(definition, resolved.agent.settings.model, id, check)));
    const entry: ProjectEntry = {
      id,
      kind: "markdown",
      name: definition.name,
      file: definition.file,
      description: definition.description,
      models: definition.model ? [definition.model] : [],
      tools: [],
      ...(source.plugin !== undefined ? { plugin: source.plugin } : {}),
      ...(source.scope !== undefined ? { scope: source.scope } : {}),
    };
    if (inspectIt && resolved.agent && !resolved.diagnostics.some((d) => d.severity === "error")) {
      const tree = await inspect(withBlocks(markdownWorkflow(definition, top.context, "{prompt}"), blocks), toolRules);
      describeTree(entry, tree);
      problems.push(...treeProblems(tree, definition.file, id));
    }
    entries.push({ entry, definition, blocks });
  }
  return { entries, problems, context: top.context, memoryFiles: project.memoryFiles };
}

function describeTree(entry: ProjectEntry, tree: TraceNode): void {
  entry.tree = tree;
  const topAgents = tree.children.filter((c) => c.kind === "agent");
  entry.tools = [...new Set(topAgents.flatMap((a) => (a.tools ?? []).map((t) => t.name)))];
  if (entry.models.length === 0) entry.models = [...new Set(agentModels(tree))];
}

function agentModels(node: TraceNode): string[] {
  const own = node.kind === "agent" ? node.input?.model : undefined;
  return [...(typeof own === "string" ? [own] : []), ...node.children.flatMap(agentModels)];
}

function treeProblems(tree: TraceNode, file: string, entryId: string): Problem[] {
  const problems: Problem[] = collectErrors(tree).map((node) => ({
    severity: "error" as const,
    code: node.error!.code,
    message: node.error!.message,
    ...place(node.error!.source ?? node.source, file),
    entryId,
  }));
  const walk = (node: TraceNode): void => {
    for (const denial of node.denied ?? []) {
      problems.push({ severity: "warning", code: "JUNE_TOOL_DENIED", message: denial.message, ...place(node.source, file), entryId });
    }
    node.children.forEach(walk);
  };
  walk(tree);
  return problems;
}

function fromDiagnostic(d: { severity: "error" | "warning"; code: string; message: string; file: string; line?: number; column?: number }): Problem {
  return { severity: d.severity, code: d.code, message: d.message, file: d.file, ...(d.line ? { line: d.line } : {}), ...(d.column ? { column: d.column } : {}) };
}

function withBlocks(element: JuneElement, blocks: Blocks | undefined): JuneElement {
  if (!blocks) return element;
  return createElement(element.type, { ...(element.props as object), blocks }, element.key, element.source);
}

function promptOf(input: unknown): string {
  if (typeof input === "string") return input;
  if (input && typeof input === "object" && typeof (input as { prompt?: unknown }).prompt === "string") return (input as { prompt: string }).prompt;
  return JSON.stringify(input ?? "");
}

/**
 * The parts of a project whose config the caller loaded (or failed to: `configProblems`), before
 * any workflow or markdown agent: the isolate's worker builds its project from what the host sends.
 * `layout` is where the markdown agents and skills are (discoverProject's, or the host's for a worker).
 * `mcpJson` is the folder's `.mcp.json` where its servers may start; what is wrong with it goes to
 * `mcpJsonProblems` (default `configProblems`; a run's worker, which said them when the project
 * loaded, passes a list it drops).
 */
export function partsWithConfig(
  folder: string,
  options: LoadOptions,
  configFile: string | undefined,
  config: JuneConfig | undefined,
  configProblems: Problem[],
  layout: LayoutParts | string[],
  mcpJson?: McpJson,
  mcpJsonProblems: Problem[] = configProblems,
): ProjectParts {
  const mcpServers = projectMcp(folder, config, configFile, mcpJson, configProblems, mcpJsonProblems);
  return {
    folder,
    options,
    configFile,
    config,
    configProblems,
    toolRules: toolRulesOf(config),
    context: markdownContext(folder, config, mcpServers),
    mcpServers,
    ...layoutParts(layout),
    modelAliases: { ...config?.modelAliases },
    workflows: new Map(),
    markdown: { entries: [], problems: [] },
    discoveryProblems: [],
  };
}

/** Where a project's markdown agents and skills are, as partsWithConfig takes it. */
export type LayoutParts = Pick<ProjectParts, "agentFolders" | "agentSources" | "skillDirs"> & Partial<Pick<ProjectParts, "manifests">>;

/** A layout, or (as callers that predate layouts pass it) a plain list of agent folders. */
function layoutParts(layout: LayoutParts | string[]): Pick<ProjectParts, "agentFolders" | "agentSources" | "skillDirs" | "manifests"> {
  if (Array.isArray(layout)) return { agentFolders: layout, agentSources: layout.map((dir) => ({ dir })), skillDirs: [], manifests: [] };
  return { agentFolders: layout.agentFolders, agentSources: layout.agentSources, skillDirs: layout.skillDirs, manifests: layout.manifests ?? [] };
}

/** What a project holds every agent's tools to, from its june.config.ts. */
export interface ToolRules {
  policies: ToolPolicy[];
  /** The sandbox of a `<Bash />` declared without one (Claude's Bash gets it through the builtins). */
  sandbox?: SandboxSettings;
}

function toolRulesOf(config: JuneConfig | undefined): ToolRules {
  return { policies: config?.toolPolicy ? [config.toolPolicy] : [], ...(config?.sandbox ? { sandbox: config.sandbox } : {}) };
}
