// The project loader with OpenOptions.isolate: discovery and bundling stay in this process (they
// run no user code), while importing, rendering and running go to workers (isolate/). What the
// host keeps is plain data — entries with their inspected trees, problems, the bundles — and a
// Project whose start() runs an entry in one of the pooled run workers.
import { relative, resolve } from "node:path";
import { LoadSession, newRunId, startIsolatedRun, type ConfigSummary, type IsolateOptions, type ProjectSpec, type RunSpec } from "../isolate/index.ts";
import { mcpServer } from "../mcp/index.ts";
import { modelReference, type AgentDefinition } from "../markdown/index.ts";
import { defaultPrices } from "../pricing/index.ts";
import { bundleWorkflow, DEFAULT_AGENT_DIRS, DEFAULT_RUNS_FOLDER, discoverProject, findConfigFile, partsWithConfig, problemFromError, type LoadedEntry, type Problem, type Project, type ProjectMcpServer, type WorkflowBundle } from "../loading/index.ts";
import type { OpenOptions, OpenParts } from "./open-project.ts";
import { JuneError } from "../errors/index.ts";

/** What an isolated project keeps in the host: plain data and bundles, never the user's objects. */
export interface IsolatedState {
  session: LoadSession;
  options: IsolateOptions;
  resolvesModels: boolean;
  /** The config failed to load (its problems are the project's): runs go without it, as the project was inspected. */
  configFailed: boolean;
  prices?: Record<string, { input: number; output: number; cachedInput?: number }>;
  runs?: string;
  /** Each loaded workflow file's bundle: a run imports exactly what was inspected. */
  bundles: Map<string, WorkflowBundle>;
}

export async function isolatedParts(folder: string, options: OpenOptions): Promise<OpenParts> {
  const isolate = typeof options.isolate === "object" ? options.isolate : {};
  const configFile = findConfigFile(folder);
  const configProblems: Problem[] = [];
  let configBundle: WorkflowBundle | undefined;
  if (configFile) {
    try {
      configBundle = await bundleWorkflow(configFile);
    } catch (error) {
      configProblems.push(problemFromError(error, configFile));
    }
  }
  const session = new LoadSession(
    { folder, ...(configFile ? { configFile } : {}), ...(configBundle ? { configBundle } : {}), agentSources: [], skillDirs: [], inspect: options.inspect ?? true,
      ...(options.allowBypassPermissions ? { allowBypassPermissions: true as const } : {}) },
    isolate,
  );
  const config = await session.loadConfig();
  configProblems.push(...config.problems);
  const agentFolders = config.summary?.agents ?? DEFAULT_AGENT_DIRS;
  const found = await discoverProject(folder, agentFolders, options.userAgents !== undefined ? { userAgents: options.userAgents } : {});
  const layout = { agentFolders, agentSources: found.agentSources, skillDirs: found.skillDirs, manifests: found.manifests };
  const parts: OpenParts = { ...partsWithConfig(folder, options, configFile, undefined, configProblems, layout), options };
  parts.discoveryProblems = found.problems;
  // The config stays in the worker; its aliases (plain strings) resolve model references here too.
  parts.modelAliases = { ...config.summary?.modelAliases };
  parts.mcpServers = mcpServersOf(config.summary?.mcp);
  parts.isolated = {
    session,
    options: isolate,
    resolvesModels: config.summary?.resolvesModels ?? false,
    configFailed: config.skipped || config.problems.some((p) => p.severity === "error") || (configFile !== undefined && !configBundle),
    ...(config.summary?.prices ? { prices: config.summary.prices } : {}),
    ...(config.summary?.runs ? { runs: config.summary.runs } : {}),
    bundles: new Map(),
  };
  const loaded = await Promise.all(found.workflowFiles.map((file) => isolatedWorkflow(parts, file)));
  found.workflowFiles.forEach((file, i) => parts.workflows.set(file, loaded[i]!));
  parts.markdown = await reloadIsolatedMarkdown(parts);
  return parts;
}

/**
 * The project's MCP servers from what the worker read of them (plain configs): made sources here,
 * to browse; a config the worker reported as wrong made no entry there, and makes none here.
 */
function mcpServersOf(summary: ConfigSummary["mcp"]): Record<string, ProjectMcpServer> {
  const servers: Record<string, ProjectMcpServer> = {};
  for (const [name, { config, file, line }] of Object.entries(summary ?? {})) {
    try {
      servers[name] = { source: mcpServer(name, config), config, ...(file !== undefined ? { file } : {}), ...(line !== undefined ? { line } : {}) };
    } catch {
      // Already a Problem of the project (the worker said it when it loaded the config).
    }
  }
  return servers;
}

/** Re-reads the workflow files given (added, changed or removed) in the project's workers; the layout is discovered again too. */
export async function reloadIsolatedWorkflows(parts: OpenParts, files: readonly string[]): Promise<void> {
  const found = await discoverProject(parts.folder, parts.agentFolders, parts.options.userAgents !== undefined ? { userAgents: parts.options.userAgents } : {});
  Object.assign(parts, { agentSources: found.agentSources, skillDirs: found.skillDirs, manifests: found.manifests, discoveryProblems: found.problems });
  const present = new Set(found.workflowFiles);
  for (const file of [...parts.workflows.keys()]) {
    if (present.has(file)) continue;
    parts.workflows.delete(file);
    parts.isolated!.bundles.delete(file);
  }
  const todo = found.workflowFiles.filter((file) => files.includes(file) || !parts.workflows.has(file));
  const loaded = await Promise.all(todo.map((file) => isolatedWorkflow(parts, file)));
  todo.forEach((file, i) => parts.workflows.set(file, loaded[i]!));
}

export async function reloadIsolatedMarkdown(parts: OpenParts): Promise<OpenParts["markdown"]> {
  const reply = await parts.isolated!.session.loadMarkdown(parts.agentSources, parts.skillDirs);
  // The definitions stay in the worker: an isolated project's element() is never called.
  const entries = reply.entries.map((entry) => ({ entry, definition: undefined as unknown as AgentDefinition, blocks: undefined }));
  return { entries, problems: [...reply.problems, ...parts.isolated!.session.takeStrays()], memoryFiles: reply.memoryFiles ?? [] };
}

/** Bundled here (esbuild runs no user code), imported and rendered in the worker. */
async function isolatedWorkflow(parts: OpenParts, file: string): Promise<LoadedEntry> {
  const id = `workflow:${relative(parts.folder, file)}`;
  let bundle: WorkflowBundle;
  try {
    bundle = await bundleWorkflow(file);
  } catch (error) {
    return { problems: [problemFromError(error, file, id)] };
  }
  const reply = await parts.isolated!.session.loadWorkflow(file, id, bundle);
  if (reply.entry) parts.isolated!.bundles.set(file, bundle);
  return { ...(reply.entry ? { entry: reply.entry } : {}), problems: reply.problems };
}

/** The Project for isolated parts: `project` (assembled from plain data) with start() and checkModel() reaching workers. */
export function isolatedProject(project: Project, parts: OpenParts): Project {
  const state = parts.isolated!;
  const { folder } = parts;
  const entryOf = (entryId: string) => {
    const entry = project.entries.find((e) => e.id === entryId);
    if (!entry) throw new Error(`june: ${folder} has no agent "${entryId}"; it has ${project.entries.map((e) => e.id).join(", ") || "none"}.`);
    return entry;
  };
  const isolated: Project = {
    ...project,
    config: undefined,
    runDefaults: { policies: [], prices: { ...defaultPrices, ...state.prices } },
    runsFolder: resolve(folder, state.runs ?? DEFAULT_RUNS_FOLDER),
    element(entryId) {
      entryOf(entryId);
      throw new Error(`june: ${folder} is open isolated: its code lives in workers, so there is no element of "${entryId}" here. Run it with project.start("${entryId}").`);
    },
    start(entryId, options = {}) {
      const entry = entryOf(entryId);
      const bundle = entry.kind === "workflow" ? state.bundles.get(entry.file) : undefined;
      const spec: RunSpec = {
        project: { ...withoutConfig(state.session.spec, state.configFailed), agentSources: parts.agentSources, skillDirs: parts.skillDirs, inspect: false },
        entry: { id: entry.id, kind: entry.kind, file: entry.file, ...(bundle ? { bundle } : {}) },
        runId: options.runId ?? newRunId(),
        ...(options.input !== undefined ? { input: options.input } : {}),
        ...(options.startPaused ? { startPaused: true } : {}),
        ...(options.breakpoints ? { breakpoints: options.breakpoints.map((b) => ({ ...b })) } : {}),
        ...(options.replay ? { replay: options.replay } : {}),
        ...(options.scriptedResponses ? { scriptedResponses: options.scriptedResponses as unknown[] } : {}),
        ...(options.stream !== undefined ? { stream: options.stream } : {}),
      };
      return startIsolatedRun(spec, {
        ...state.options,
        ...(options.onEvent ? { onEvent: options.onEvent } : {}),
        ...(options.onModelExchange ? { onModelExchange: options.onModelExchange } : {}),
        ...(options.warn ? { warn: options.warn } : {}),
      });
    },
    checkModel(ref) {
      // Without the config's `models`, June's own providers decide, as they would in the worker.
      if (!state.resolvesModels) return project.checkModel(ref);
      const name = modelReference(ref, parts.modelAliases);
      if (!name.ok) throw new JuneError("JUNE_AGENT_FIELD_INVALID", `june: ${name.message}.`);
      if (name.ref === undefined) {
        throw new JuneError("JUNE_AGENT_FIELD_INVALID", `june: "${ref}" names no model here; write provider:model (e.g. "openai:gpt-5-mini") or an alias.`);
      }
    },
    model(ref) {
      if (!state.resolvesModels) return project.model(ref);
      throw new Error(`june: ${folder} is open isolated and its config resolves models in code; "${ref}" is resolved in a run's worker (pass it as a fork's model).`);
    },
  };
  return isolated;
}

/** A config that failed at open is left out of runs: they'd only fail on it again, once per run. */
function withoutConfig(spec: ProjectSpec, failed: boolean): ProjectSpec {
  if (!failed) return spec;
  const { configBundle: _, ...rest } = spec;
  return { ...rest, configSkipped: true };
}
