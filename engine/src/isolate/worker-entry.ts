// The worker that runs a user's code for the host: it imports the bundles the host built (the
// config, workflow files), renders them (inspect) or runs one entry, and answers in the protocol's
// messages. Whatever the user's code does here — process.exit, an endless loop, a throw in a timer,
// a rejection nobody handles — ends or stalls this worker only; the last two become a Problem of
// the file being loaded, or fail the run.
import { parentPort } from "node:worker_threads";
import { componentName } from "../jsx/index.ts";
import {
  assemble,
  checkConfig,
  importBundle,
  loadWorkflowEntry,
  partsWithConfig,
  problemFromError,
  reloadMarkdown,
  type JuneConfig,
  type Problem,
  type ProjectParts,
} from "../project/index.ts";
import type { RunHandle } from "../run/index.ts";
import type { ConfigSummary, HostMessage, ProjectSpec, RunEnd, RunSpec, WorkerMessage } from "./protocol.ts";

const port = parentPort;
if (!port) throw new Error("june: worker-entry.ts runs in a worker thread the isolate starts.");

let parts: ProjectParts | undefined;
/** The load being done: what user code throws outside any await is its file's problem. */
let loading: { file: string; entryId?: string; problems: Problem[] } | undefined;
/** Bundle URL → the user's file, to say whose code threw later. */
const files = new Map<string, string>();
let running: { handle: RunHandle | undefined; failure: { code: string; message: string } | undefined } | undefined;

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
      post({ kind: "config-loaded", id: message.id, problems, ...(parts.config ? { summary: summarize(parts.config) } : {}) });
      return;
    }
    case "load-workflow": {
      const project = parts!;
      loading = { file: message.file, entryId: message.entryId, problems: [] };
      const loaded = await loadWorkflowEntry(project.folder, message.file, project.policies, project.options.inspect ?? true, async () => {
        const workflow = await importBundle(message.bundle, (url) => importing(url, message.file));
        post({ kind: "imported", id: message.id, name: nameOf(workflow.default) });
        return workflow;
      });
      await settle();
      const problems = [...loaded.problems, ...loading.problems];
      loading = undefined;
      post({ kind: "workflow-loaded", id: message.id, reply: { ...(loaded.entry ? { entry: plain(loaded.entry) } : {}), problems: plain(problems) } });
      return;
    }
    case "load-markdown": {
      const project = parts!;
      loading = { file: project.configFile ?? project.folder, problems: [] };
      project.agentDirs = message.agentDirs;
      project.markdown = await reloadMarkdown(project);
      await settle();
      const problems = [...project.markdown.problems, ...loading.problems];
      loading = undefined;
      post({ kind: "markdown-loaded", id: message.id, reply: { entries: plain(project.markdown.entries.map((e) => e.entry)), problems: plain(problems) } });
      return;
    }
    case "run":
      return runEntry(message.spec);
    case "approve":
      return running?.handle?.approve(message.approvalId);
    case "deny":
      return running?.handle?.deny(message.approvalId, message.reason);
    case "abort":
      return running?.handle?.abort(message.reason);
    case "pause":
      return running?.handle?.pause();
    case "step":
      return running?.handle?.step();
    case "continue":
      return running?.handle?.continue();
    case "set-breakpoints":
      return running?.handle?.setBreakpoints(message.breakpoints);
  }
}

/** The project's parts with its config loaded from the host's bundle (a config that fails is a problem). */
async function configure(spec: ProjectSpec): Promise<{ parts: ProjectParts; problems: Problem[] }> {
  const problems: Problem[] = [];
  let config: JuneConfig | undefined;
  if (spec.configFile && spec.configBundle) {
    loading = { file: spec.configFile, problems: [] };
    try {
      const module = await importBundle(spec.configBundle, (url) => importing(url, spec.configFile!));
      config = checkConfig(module.default, relativeTo(spec.folder, spec.configFile));
    } catch (error) {
      problems.push(problemFromError(error, spec.configFile));
    }
    await settle();
    problems.push(...loading.problems);
    loading = undefined;
  }
  const configured = partsWithConfig(spec.folder, { inspect: spec.inspect }, spec.configFile, config, problems, spec.agentDirs);
  return { parts: configured, problems: plain(problems) };
}

async function runEntry(spec: RunSpec): Promise<void> {
  running = { handle: undefined, failure: undefined };
  const configured = await configure(spec.project);
  for (const problem of configured.problems) post({ kind: "warn", message: `${spec.project.configFile ?? "the config"} was not used: ${problem.message}` });
  const project = configured.parts;
  if (spec.entry.kind === "workflow") {
    const bundle = spec.entry.bundle;
    if (!bundle) return loadFailed("JUNE_INTERNAL", `june: no bundle was sent for ${spec.entry.file} (a bug in June).`);
    let found: string | undefined;
    const loaded = await loadWorkflowEntry(project.folder, spec.entry.file, project.policies, false, async () => {
      const workflow = await importBundle(bundle, (url) => importing(url, spec.entry.file));
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
    project.markdown = await reloadMarkdown(project);
  }
  let handle: RunHandle;
  try {
    handle = assemble(project).start(spec.entry.id, {
      runId: spec.runId,
      ...(spec.input !== undefined ? { input: spec.input } : {}),
      ...(spec.startPaused ? { startPaused: true } : {}),
      ...(spec.breakpoints ? { breakpoints: spec.breakpoints } : {}),
      ...(spec.replay ? { replay: spec.replay } : {}),
      ...(spec.scriptedResponses ? { scriptedResponses: spec.scriptedResponses as never[] } : {}),
      ...(spec.stream !== undefined ? { stream: spec.stream } : {}),
      onEvent: (event) => post({ kind: "event", event }),
      warn: (message) => post({ kind: "warn", message }),
    });
  } catch (error) {
    const problem = problemFromError(error, spec.entry.file);
    return loadFailed(problem.code, problem.message);
  }
  running.handle = handle;
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
  running = undefined;
  post({ kind: "run-ended", result: end });
}

/** Remembers whose bundle `url` is, and tells the host (which deletes the temp file should this worker die importing it). */
function importing(url: string, file: string): void {
  files.set(url, file);
  post({ kind: "importing", url });
}

function loadFailed(code: string, message: string, found?: string): void {
  post({ kind: "run-load-failed", code, message, ...(found ? { found } : {}) });
}

/** User code threw (or rejected) where nothing awaited it: a problem of the file loading, or the run fails. */
function escaped(thrown: unknown, how: string): void {
  const file = loading?.file ?? fileOf(thrown);
  const message = `june: ${file ?? "the project's code"} ${how}: ${detail(thrown)}`;
  const code = "JUNE_USER_CODE_UNCAUGHT";
  if (loading) loading.problems.push({ severity: "error", code, message, file: loading.file, ...(loading.entryId ? { entryId: loading.entryId } : {}) });
  else if (running) {
    running.failure ??= { code, message };
    running.handle?.abort(message);
  } else post({ kind: "uncaught", code, message, ...(file ? { file } : {}) });
}

/** Lets a timer the module set for "right after" fire (and its rejection be reported) before the load answers. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setImmediate(resolve));
}

function post(message: WorkerMessage): void {
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

function summarize(config: JuneConfig): ConfigSummary {
  return plain({
    ...(config.agents !== undefined ? { agents: [config.agents].flat() } : {}),
    ...(config.runs !== undefined ? { runs: config.runs } : {}),
    ...(config.prices ? { prices: config.prices } : {}),
    resolvesModels: typeof config.models === "function",
  });
}

function nameOf(component: unknown): string {
  try {
    return typeof component === "function" ? componentName(component as () => never) : "";
  } catch {
    return "";
  }
}

function fileOf(thrown: unknown): string | undefined {
  let stack = "";
  try {
    stack = thrown instanceof Error && typeof thrown.stack === "string" ? thrown.stack : "";
  } catch {
    return undefined;
  }
  for (const [url, file] of files) if (stack.includes(url)) return file;
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
