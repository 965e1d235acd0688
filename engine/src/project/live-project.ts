// A project that stays current: it watches its folder and reloads what changed — one workflow
// file, the markdown agents, or everything when june.config.ts changes — typically well within a
// second. Runs already started hold their own elements, so a reload never touches them.
import { watch, type FSWatcher } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { CONFIG_FILES } from "./discover.ts";
import { assemble, loadParts, reloadMarkdown, reloadWorkflows, type OpenOptions, type Project, type ProjectParts } from "./open-project.ts";

/** Gathers a burst of file events (an editor saving writes several) into one reload. */
const SETTLE_MS = 80;
const SCRIPT = /\.(tsx|jsx|ts|mts|js|mjs)$/;

export interface ProjectChange {
  project: Project;
  /** Absolute paths that changed. */
  changed: string[];
}

export class LiveProject {
  #parts: ProjectParts;
  #project: Project;
  #watcher: FSWatcher | undefined;
  #pending = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #reloading: Promise<void> = Promise.resolve();

  private constructor(parts: ProjectParts) {
    this.#parts = parts;
    this.#project = assemble(parts);
  }

  /**
   * Opens and loads a folder.
   *
   * @example
   * const live = await LiveProject.open("samples");
   * const stop = live.watch(({ project, changed }) => console.log(changed, project.problems));
   */
  static async open(folder: string, options: OpenOptions = {}): Promise<LiveProject> {
    return new LiveProject(await loadParts(folder, options));
  }

  get project(): Project {
    return this.#project;
  }

  /** Reloads what `paths` touch and returns the new project. */
  reload(paths: readonly string[]): Promise<Project> {
    const next = this.#reloading.then(() => this.#reload(paths));
    this.#reloading = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  async #reload(paths: readonly string[]): Promise<Project> {
    const folder = this.#parts.folder;
    const touchesConfig = paths.some((p) => relative(folder, p).split(sep).length === 1 && CONFIG_FILES.includes(basename(p)));
    if (touchesConfig) {
      this.#parts = await loadParts(folder, this.#parts.options);
    } else {
      const inAgentDirs = (p: string) => this.#parts.agentDirs.some((dir) => p === dir || p.startsWith(dir + sep));
      const markdown = paths.filter((p) => inAgentDirs(p));
      const scripts = paths.filter((p) => !inAgentDirs(p) && SCRIPT.test(p));
      if (scripts.length) await reloadWorkflows(this.#parts, scripts);
      if (markdown.length) this.#parts.markdown = await reloadMarkdown(this.#parts);
    }
    this.#project = assemble(this.#parts);
    return this.#project;
  }

  /** Watches the folder; `onChange` gets each reloaded project. Returns a function that stops it. */
  watch(onChange: (change: ProjectChange) => void): () => void {
    const folder = this.#parts.folder;
    this.#watcher?.close();
    this.#watcher = watch(folder, { recursive: true }, (_event, name) => {
      if (!name) return;
      const path = join(folder, name.toString());
      const rel = relative(folder, path);
      if (rel.split(sep).some((part) => part === "node_modules" || (part.startsWith(".") && part !== ".claude"))) return;
      this.#pending.add(path);
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => {
        const changed = [...this.#pending];
        this.#pending.clear();
        this.reload(changed).then((project) => onChange({ project, changed }), () => {});
      }, SETTLE_MS);
    });
    return () => this.close();
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#watcher?.close();
    this.#watcher = undefined;
  }
}
