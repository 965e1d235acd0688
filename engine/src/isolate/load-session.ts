// Loading a project's code in a worker, one file at a time, each bounded in time: the host sends
// the config first, then each workflow (import, then render), then the markdown agents. A file
// that ends the worker (process.exit, out of memory) or overruns its limit (the worker is then
// terminated) becomes a Problem naming it; the next request gets a fresh worker, which loads the
// config again, or skips it when it was the config that ended the last one.
import type { Problem } from "../loading/index.ts";
import type { WorkflowBundle } from "../loading/index.ts";
import { isolateLimits, type IsolateLimits, type IsolateOptions } from "./limits.ts";
import type { ConfigSummary, HostMessage, LoadedMarkdownReply, LoadedWorkflowReply, ProjectSpec, WorkerMessage } from "./protocol.ts";
import { WorkerChannel, type WorkerEnd } from "./worker-channel.ts";

/** An idle load worker is let go after this long; the next load starts another. */
const IDLE_MS = 20_000;

export interface ConfigLoad {
  problems: Problem[];
  summary?: ConfigSummary;
  /** Loading the config ended its worker: the project loads without it. */
  skipped: boolean;
}

export class LoadSession {
  readonly #spec: ProjectSpec;
  readonly #limits: IsolateLimits;
  #channel: WorkerChannel | undefined;
  /** Whether a worker has loaded the config yet: only the first one's problems are the project's. */
  #configReported = false;
  #queue: Promise<unknown> = Promise.resolve();
  #nextId = 1;
  #idle: ReturnType<typeof setTimeout> | undefined;
  #strays: Problem[] = [];
  #closed = false;

  constructor(spec: ProjectSpec, options: IsolateOptions = {}) {
    this.#spec = { ...spec };
    this.#limits = isolateLimits(options);
  }

  get limits(): IsolateLimits {
    return this.#limits;
  }

  /** The project as a run's worker should load it (without the config when loading it ended a worker). */
  get spec(): ProjectSpec {
    return { ...this.#spec };
  }

  /** Loads the config in the first worker (what it found); later workers load it again and their problems aren't repeated. */
  loadConfig(): Promise<ConfigLoad> {
    return this.#serial(() => this.#ensure());
  }

  loadWorkflow(file: string, entryId: string, bundle: WorkflowBundle): Promise<LoadedWorkflowReply> {
    return this.#serial(async () => {
      await this.#ensure();
      return this.#request<LoadedWorkflowReply>(
        (id) => ({ kind: "load-workflow", id, file, entryId, bundle }),
        { file, entryId, what: `the workflow ${file}` },
        (message) => (message.kind === "workflow-loaded" ? message.reply : undefined),
        (problem) => ({ problems: [problem] }),
      );
    });
  }

  loadMarkdown(agentSources: ProjectSpec["agentSources"], skillDirs: ProjectSpec["skillDirs"]): Promise<LoadedMarkdownReply> {
    return this.#serial(async () => {
      await this.#ensure();
      this.#spec.agentSources = agentSources;
      this.#spec.skillDirs = skillDirs;
      const file = this.#spec.configFile ?? agentSources[0]?.dir ?? this.#spec.folder;
      return this.#request<LoadedMarkdownReply>(
        (id) => ({ kind: "load-markdown", id, agentSources, skillDirs }),
        { file, what: "the markdown agents (with the config's tools and models)", renderOnly: true },
        (message) => (message.kind === "markdown-loaded" ? message.reply : undefined),
        (problem) => ({ entries: [], problems: [problem] }),
      );
    });
  }

  /** Problems from user code that threw outside any load (a timer firing later); each is given once. */
  takeStrays(): Problem[] {
    const strays = this.#strays;
    this.#strays = [];
    return strays;
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#idle);
    void this.#channel?.terminate({ code: "JUNE_ISOLATE_CLOSED", message: "was closed" });
    this.#channel = undefined;
  }

  /** A live worker with the config loaded; what loading the config found, the first time. */
  async #ensure(): Promise<ConfigLoad> {
    const skippedBefore = this.#spec.configSkipped === true;
    const loaded = await this.#worker();
    if (!this.#configReported) {
      this.#configReported = true;
      return loaded;
    }
    // A later worker that the config ended: that is news, reported with the next problems.
    if (loaded.skipped && !skippedBefore) this.#strays.push(...loaded.problems);
    return { problems: [], skipped: loaded.skipped, ...(loaded.summary ? { summary: loaded.summary } : {}) };
  }

  /** Runs loads one after another: a hang is then always the file being loaded. */
  #serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(task);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** A live worker with the config loaded, starting one when there is none; what loading the config found. */
  async #worker(): Promise<ConfigLoad> {
    clearTimeout(this.#idle);
    if (this.#channel && !this.#channel.ended) return { problems: [], skipped: this.#spec.configSkipped === true };
    if (this.#closed) throw new Error("june: the project's load session was closed.");
    const channel = new WorkerChannel({ heapMb: this.#limits.heapMb, name: `june load ${this.#spec.folder}` });
    this.#channel = channel;
    channel.onMessage((message) => this.#onStray(message));
    await channel.ready;
    const configFile = this.#spec.configFile;
    const loaded = await this.#request<ConfigLoad>(
      (id) => ({ kind: "load-config", id, project: this.#spec }),
      { file: configFile ?? this.#spec.folder, what: `the config ${configFile ?? ""}`.trim() },
      (message) => (message.kind === "config-loaded" ? { problems: message.problems, ...(message.summary ? { summary: message.summary } : {}), skipped: false } : undefined),
      (problem) => ({ problems: [problem], skipped: true }),
    );
    if (!loaded.skipped) return loaded;
    // The config ended its worker: every later worker runs without it.
    this.#spec.configSkipped = true;
    delete this.#spec.configBundle;
    const again = await this.#worker();
    return { ...again, problems: [...loaded.problems, ...again.problems], skipped: true };
  }

  #request<T>(
    message: (id: number) => HostMessage,
    about: { file: string; entryId?: string; what: string; renderOnly?: boolean },
    reply: (message: WorkerMessage) => T | undefined,
    failed: (problem: Problem) => T,
  ): Promise<T> {
    const channel = this.#channel!;
    const id = this.#nextId++;
    const problem = (code: string, text: string): Problem => ({
      severity: "error",
      code,
      message: text,
      file: about.file,
      ...(about.entryId ? { entryId: about.entryId } : {}),
    });
    return new Promise<T>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      const settle = (value: T) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        stop();
        channel.hold(false);
        this.#idleSoon();
        resolve(value);
      };
      const limit = (ms: number, end: WorkerEnd) => {
        clearTimeout(timer);
        timer = setTimeout(() => void channel.terminate(end), ms);
      };
      const stop = channel.onMessage((received) => {
        if ("id" in received && received.id !== id) return;
        if (received.kind === "imported") {
          limit(this.#limits.renderMs, renderTimeout(about.file, received.name, this.#limits.renderMs));
          return;
        }
        if (received.kind === "request-failed") return settle(failed(problem(received.code, received.message)));
        const value = reply(received);
        if (value !== undefined) settle(value);
      });
      channel.onEnd((end) => settle(failed(problem(end.code, endMessage(about.what, end)))));
      if (about.renderOnly) limit(this.#limits.renderMs, { code: "JUNE_RENDER_TIMEOUT", message: `did not finish within ${this.#limits.renderMs} ms and was stopped` });
      else limit(this.#limits.importMs, importTimeout(about.file, this.#limits.importMs));
      channel.hold(true);
      channel.send(message(id));
    });
  }

  #onStray(message: WorkerMessage): void {
    if (message.kind !== "uncaught") return;
    this.#strays.push({ severity: "error", code: message.code, message: message.message, ...(message.file ? { file: message.file } : {}) });
  }

  #idleSoon(): void {
    clearTimeout(this.#idle);
    const channel = this.#channel;
    this.#idle = setTimeout(() => {
      if (this.#channel === channel) this.#channel = undefined;
      void channel?.terminate({ code: "JUNE_ISOLATE_CLOSED", message: "was let go while idle" });
    }, IDLE_MS);
    this.#idle.unref();
  }
}

function importTimeout(file: string, ms: number): WorkerEnd {
  return {
    code: "JUNE_LOAD_TIMEOUT",
    message:
      `did not finish loading within ${ms} ms and was stopped (an endless loop at its top level, or a top-level await that never settles?). ` +
      `Fix ${file}, or raise the import limit`,
  };
}

function renderTimeout(file: string, name: string, ms: number): WorkerEnd {
  return {
    code: "JUNE_RENDER_TIMEOUT",
    message: `loaded, but rendering ${name ? `the workflow ${name}` : "its default export"} did not finish within ${ms} ms and was stopped (an endless loop in a component, or a capability that never resolves?). Fix ${file}, or raise the render limit`,
  };
}

/** `june: <what> <how it ended>; the project opened without it.` */
function endMessage(what: string, end: WorkerEnd): string {
  return `june: ${what} ${end.message}; the project opened without it.`;
}
