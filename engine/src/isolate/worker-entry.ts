// The worker that runs a user's code for the host: it imports the bundles the host built (the
// config, workflow files), renders them (inspect) or runs one entry, and answers in the protocol's
// messages. A run worker hosts many runs at once, each by its id. Whatever the user's code does
// here — process.exit, an endless loop, a throw in a timer, a rejection nobody handles — ends or
// stalls this worker only (and so every run on it); the last two become a Problem of the file being
// loaded, or fail the run whose bundle threw (every run here when it can't be told whose).
import { parentPort } from "node:worker_threads";
import { componentName } from "../jsx/index.ts";
import {
  assembleLocal,
  checkConfig,
  importBundle,
  loadWorkflowEntry,
  modelCheckOf,
  partsWithConfig,
  problemFromError,
  readMcpJson,
  reloadLocalMarkdown,
  type JuneConfig,
  type Problem,
  type ProjectMcpServer,
  type ProjectParts,
} from "../loading/index.ts";
import type { RunHandle } from "../run/index.ts";
import { lowerThreadPriority } from "./background-priority.ts";
import { DeltaCoalescer, type RecordedExchange } from "../trace/index.ts";
import type { ConfigSummary, HostMessage, ProjectSpec, RunControl, RunEnd, RunSpec, WorkerMessage } from "./protocol.ts";

const port = parentPort;
if (!port) throw new Error("june: worker-entry.ts runs in a worker thread the isolate starts.");
lowerThreadPriority();

type Control = Exclude<RunControl, { kind: "run" }>;

interface Loading {
  file: string;
  entryId?: string;
  problems: Problem[];
}

/** A run on this worker. */
interface LiveRun {
  id: string;
  handle: RunHandle | undefined;
  failure: { code: string; message: string } | undefined;
  /** Its config being imported: what its code throws meanwhile is a problem of the config (a warning). */
  loading: Loading | undefined;
  /** Controls that came before the run started (an abort while its bundles import); applied once it has. */
  early: Control[];
}

let parts: ProjectParts | undefined;
/** The load being done (a load worker's requests come one at a time): what user code throws outside any await is its file's problem. */
let loading: Loading | undefined;
/** Bundle URL → the user's file, and the run that imported it, to say whose code threw later. */
const files = new Map<string, { file: string; runId?: string }>();
const runs = new Map<string, LiveRun>();
// A run's streamed text crosses to the host a frame at a time (one message per node per ~16 ms, not
// one per token): every message is cloned, checked and recorded by the host's one thread, which also
// answers the windows. Should the worker die with a delta waiting, that frame's text is lost with it.
const deltas = new DeltaCoalescer((runId, event) => post({ kind: "event", runId, event }));

process.on("uncaughtException", (error) => escaped(error, "threw outside any await"));
process.on("unhandledRejection", (reason) => escaped(reason, "rejected a promise nobody handled"));

port.on("message", (message: HostMessage) => {
  void handle(message).catch((error: unknown) => {
    const id = "id" in message ? message.id : -1;
    post({ kind: "request-failed", id, code: "JUNE_INTERNAL", message: `june: the isolate's worker failed (a bug in June): ${detail(error)}` });
  });
});
post({ kind: "ready" });

async function handle(message: HostMessage): Promise<void> {
  switch (message.kind) {
    case "load-config": {
      const { parts: loaded, problems } = await configure(message.project);
      parts = loaded;
      post({ kind: "config-loaded", id: message.id, problems, ...(parts.config || Object.keys(parts.mcpServers).length > 0 ? { summary: summarize(parts.config, parts.mcpServers) } : {}) });
      return;
    }
    case "load-workflow": {
      const project = parts!;
      loading = { file: message.file, entryId: message.entryId, problems: [] };
      const loaded = await loadWorkflowEntry(project.folder, message.file, project.toolRules, project.options.inspect ?? true, async () => {
        const workflow = await importBundle(message.bundle, (url) => importing(url, message.file));
        post({ kind: "imported", id: message.id, name: nameOf(workflow.default) });
        return workflow;
      }, modelCheckOf(project));
      await settle();
      const problems = [...loaded.problems, ...loading.problems];
      loading = undefined;
      post({ kind: "workflow-loaded", id: message.id, reply: { ...(loaded.entry ? { entry: plain(loaded.entry) } : {}), problems: plain(problems) } });
      return;
    }
    case "load-markdown": {
      const project = parts!;
      loading = { file: project.configFile ?? project.folder, problems: [] };
      project.agentSources = message.agentSources;
      project.skillDirs = message.skillDirs;
      project.markdown = await reloadLocalMarkdown(project);
      await settle();
      const problems = [...project.markdown.problems, ...loading.problems];
      loading = undefined;
      post({ kind: "markdown-loaded", id: message.id, reply: { entries: plain(project.markdown.entries.map((e) => e.entry)), problems: plain(problems), memoryFiles: project.markdown.memoryFiles ?? [] } });
      return;
    }
    case "run":
      return runEntry(message.runId, message.spec);
    default:
      return control(message);
  }
}

/** Hands a control to its run: at once when it has started, else once it does. */
function control(message: Control): void {
  const run = runs.get(message.runId);
  if (!run) return;
  const handle = run.handle;
  if (!handle) {
    run.early.push(message);
    return;
  }
  switch (message.kind) {
    case "approve":
      return handle.approve(message.approvalId, message.content !== undefined ? { content: message.content } : undefined);
    case "deny":
      return handle.deny(message.approvalId, message.reason, message.cancel ? { cancel: true } : undefined);
    case "abort":
      return handle.abort(message.reason);
    case "pause":
      return handle.pause();
    case "step":
      return handle.step();
    case "continue":
      return handle.continue();
    case "set-breakpoints":
      return handle.setBreakpoints(message.breakpoints);
  }
}

/** The project's parts with its config loaded from the host's bundle (a config that fails is a problem); `run`: for that run. */
async function configure(spec: ProjectSpec, run?: LiveRun): Promise<{ parts: ProjectParts; problems: Problem[] }> {
  const problems: Problem[] = [];
  let config: JuneConfig | undefined;
  if (spec.configFile && spec.configBundle) {
    const load: Loading = { file: spec.configFile, problems: [] };
    if (run) run.loading = load;
    else loading = load;
    try {
      const module = await importBundle(spec.configBundle, (url) => importing(url, spec.configFile!, run?.id));
      config = checkConfig(module.default, relativeTo(spec.folder, spec.configFile));
    } catch (error) {
      problems.push(problemFromError(error, spec.configFile));
    }
    await settle();
    problems.push(...load.problems);
    if (run) run.loading = undefined;
    else loading = undefined;
  }
  // .mcp.json's problems are the project's, said once when it loads; a run only uses its servers.
  const mcpJson = readMcpJson(spec.folder);
  const layout = { agentFolders: [], agentSources: spec.agentSources, skillDirs: spec.skillDirs };
  const configured = partsWithConfig(spec.folder, { inspect: spec.inspect, ...(spec.allowBypassPermissions ? { allowBypassPermissions: true } : {}) }, spec.configFile, config, problems, layout, mcpJson, run ? [] : problems);
  return { parts: configured, problems: plain(problems) };
}

async function runEntry(runId: string, spec: RunSpec): Promise<void> {
  const running: LiveRun = { id: runId, handle: undefined, failure: undefined, loading: undefined, early: [] };
  runs.set(runId, running);
  try {
    await startAndAwait(running, spec);
  } catch (error) {
    // A bug in June, not the user's code: the run's host still hears that its run is over.
    post({ kind: "run-load-failed", runId, code: "JUNE_INTERNAL", message: `june: the isolate's worker failed to run ${spec.entry.id} (a bug in June): ${detail(error)}` });
  } finally {
    runs.delete(runId);
  }
}

async function startAndAwait(running: LiveRun, spec: RunSpec): Promise<void> {
  const runId = running.id;
  const loadFailed = (code: string, message: string, found?: string) => post({ kind: "run-load-failed", runId, code, message, ...(found ? { found } : {}) });
  const configured = await configure(spec.project, running);
  for (const problem of configured.problems) post({ kind: "warn", runId, message: `${spec.project.configFile ?? "the config"} was not used: ${problem.message}` });
  const project = configured.parts;
  if (spec.entry.kind === "workflow") {
    const bundle = spec.entry.bundle;
    if (!bundle) return loadFailed("JUNE_INTERNAL", `june: no bundle was sent for ${spec.entry.file} (a bug in June).`);
    let found: string | undefined;
    const loaded = await loadWorkflowEntry(project.folder, spec.entry.file, project.toolRules, false, async () => {
      const workflow = await importBundle(bundle, (url) => importing(url, spec.entry.file, runId));
      const component = workflow.default;
      if (typeof component !== "function") found = component === undefined ? "has no default export" : `exports ${typeof component} as its default`;
      return workflow;
    });
    project.workflows.set(spec.entry.file, loaded);
    if (!loaded.entry) {
      const first = loaded.problems[0];
      return loadFailed(first?.code ?? "JUNE_LOAD_FAILED", first?.message ?? `june: ${spec.entry.file} could not be loaded.`, found);
    }
    // The host names the entry by its id; a file loaded on its own (june run) has its own.
    spec = { ...spec, entry: { ...spec.entry, id: loaded.entry.id } };
  } else {
    project.markdown = await reloadLocalMarkdown(project);
    // An agent file run on its own (june run agent.md): what is wrong with it is the run's to say.
    if (!project.markdown.entries.some(({ entry }) => entry.id === spec.entry.id)) {
      const errors = project.markdown.problems.filter((p) => p.file === spec.entry.file && p.severity === "error");
      if (errors.length > 0) return loadFailed("JUNE_LOAD_FAILED", errors.map((p) => p.message).join("\n"));
    }
  }
  let handle: RunHandle;
  try {
    handle = assembleLocal(project).start(spec.entry.id, {
      runId: spec.runId,
      ...(spec.input !== undefined ? { input: spec.input } : {}),
      ...(spec.startPaused ? { startPaused: true } : {}),
      ...(spec.breakpoints ? { breakpoints: spec.breakpoints } : {}),
      ...(spec.replay ? { replay: spec.replay } : {}),
      ...(spec.scriptedResponses ? { scriptedResponses: spec.scriptedResponses as never[] } : {}),
      ...(spec.stream !== undefined ? { stream: spec.stream } : {}),
      onEvent: (event) => deltas.push(runId, event),
      ...(spec.keepExchanges ? { onModelExchange: (exchange: RecordedExchange) => post({ kind: "exchange", runId, exchange }) } : {}),
      warn: (message) => post({ kind: "warn", runId, message }),
    });
  } catch (error) {
    const problem = problemFromError(error, spec.entry.file);
    return loadFailed(problem.code, problem.message);
  }
  running.handle = handle;
  for (const early of running.early.splice(0)) {
    try {
      control(early);
    } catch {
      // An approval that was no longer pending: the run goes on as the host's own check would have it.
    }
  }
  const result = await handle.result;
  const failure = running.failure;
  const end: RunEnd = {
    status: failure ? "failed" : result.status,
    steps: result.steps,
    output: result.output,
    usage: { ...result.usage },
    blocksLoaded: result.blocksLoaded,
    ...(failure ? { error: failure } : result.error ? { error: result.error } : {}),
  };
  runs.delete(runId);
  post({ kind: "run-ended", runId, result: end });
}

/** Remembers whose bundle `url` is (and for which run), and tells the host (which deletes the temp file should this worker die importing it). */
function importing(url: string, file: string, runId?: string): void {
  files.set(url, { file, ...(runId ? { runId } : {}) });
  post({ kind: "importing", url });
}

/**
 * User code threw (or rejected) where nothing awaited it: a problem of the file loading, or the
 * run whose bundle is on the stack fails; when the stack names none, every run here does (there is
 * no telling whose it was). A throw from a run that is over is the host's to judge (`uncaught`).
 */
function escaped(thrown: unknown, how: string): void {
  const source = sourceOf(thrown);
  const code = "JUNE_USER_CODE_UNCAUGHT";
  if (loading) {
    const message = `june: ${loading.file} ${how}: ${detail(thrown)}`;
    loading.problems.push({ severity: "error", code, message, file: loading.file, ...(loading.entryId ? { entryId: loading.entryId } : {}) });
    return;
  }
  const blamed = source?.runId !== undefined ? [runs.get(source.runId)].filter((run) => run !== undefined) : source ? [] : [...runs.values()];
  const file = source?.file ?? (blamed.length === 1 ? blamed[0]!.loading?.file : undefined);
  const shared = !source && blamed.length > 1 ? ` (its stack names none of the ${blamed.length} runs on this worker, so they all failed)` : "";
  const message = `june: ${file ?? "the project's code"} ${how}: ${detail(thrown)}${shared}`;
  if (blamed.length === 0) return post({ kind: "uncaught", code, message, ...(file ? { file } : {}) });
  for (const run of blamed) {
    if (run.loading) {
      run.loading.problems.push({ severity: "error", code, message, file: run.loading.file });
      continue;
    }
    run.failure ??= { code, message };
    run.handle?.abort(message);
  }
}

/** Lets a timer the module set for "right after" fire (and its rejection be reported) before the load answers. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setImmediate(resolve));
}

function post(message: WorkerMessage): void {
  // A run's last text goes before what says it ended.
  if (message.kind === "run-ended" || message.kind === "run-load-failed") deltas.end(message.runId);
  try {
    port!.postMessage(message);
  } catch {
    // A value structured clone refuses (a function in a tool's output): send what JSON keeps of it.
    port!.postMessage(plain(message));
  }
}

/** The JSON-able part of a value: what crosses to the host as data (functions and symbols left out). */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v)) ?? "null") as T;
}

function summarize(config: JuneConfig | undefined, servers: Record<string, ProjectMcpServer>): ConfigSummary {
  const mcp = Object.fromEntries(Object.entries(servers).map(([name, { config: server, file, line }]) => [name, { config: server, ...(file !== undefined ? { file } : {}), ...(line !== undefined ? { line } : {}) }]));
  return plain({
    ...(config?.agents !== undefined ? { agents: [config.agents].flat() } : {}),
    ...(config?.runs !== undefined ? { runs: config.runs } : {}),
    ...(config?.prices ? { prices: config.prices } : {}),
    resolvesModels: typeof config?.models === "function",
    ...(config?.modelAliases ? { modelAliases: config.modelAliases } : {}),
    ...(Object.keys(mcp).length > 0 ? { mcp } : {}),
  });
}

function nameOf(component: unknown): string {
  try {
    return typeof component === "function" ? componentName(component as () => never) : "";
  } catch {
    return "";
  }
}

/** Whose bundle the thrown error's stack runs through, when it names one. */
function sourceOf(thrown: unknown): { file: string; runId?: string } | undefined {
  let stack: string;
  try {
    stack = thrown instanceof Error && typeof thrown.stack === "string" ? thrown.stack : "";
  } catch {
    return undefined;
  }
  for (const [url, source] of files) if (stack.includes(url)) return source;
  return undefined;
}

function detail(thrown: unknown): string {
  try {
    return thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  } catch {
    return "a value that can't be printed";
  }
}

function relativeTo(folder: string, file: string): string {
  return file.startsWith(`${folder}/`) ? file.slice(folder.length + 1) : file;
}
