// A project that stays current: it watches its folder and reloads what changed — one workflow
// file, the markdown agents (their folders, plugins, marketplace.json, and the Claude Code files
// agents depend on: CLAUDE.md, .claude/skills, .claude/settings*.json), or everything when
// june.config.ts changes — typically well within a second. Runs already started hold their own elements, so a reload never touches them. The
// watcher (folder-watcher.ts) is bounded and never throws: what it can't watch is a problem.
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { CONFIG_FILES, type Problem, type Project } from "../loading/index.ts";
import { FolderWatcher } from "./folder-watcher.ts";
import { assemble, loadParts, reloadMarkdown, reloadWorkflows, type OpenOptions, type OpenParts } from "./open-project.ts";

/** Gathers a burst of file events (an editor saving writes several) into one reload. */
const SETTLE_MS = 80;
const SCRIPT = /\.(tsx|jsx|ts|mts|js|mjs)$/;
const MARKDOWN = /\.md$/i;
/** Claude Code's own files markdown agents are made with (memory, settings), relative to the project. */
const CLAUDE_FILES = new Set(["CLAUDE.md", "CLAUDE.local.md", join(".claude", "CLAUDE.md"), join(".claude", "settings.json"), join(".claude", "settings.local.json")]);
const CLAUDE_SKILLS = join(".claude", "skills");
const LAYOUT_FOLDER = ".claude-plugin";

/** Folders never watched, by name: dependencies, git's data, June's own `.june/` and other dot folders (`.claude` and plugins' `.claude-plugin` are watched). */
function unwatchedName(name: string): boolean {
  return name === "node_modules" || (name.startsWith(".") && name !== ".claude" && name !== LAYOUT_FOLDER);
}

/** `path` is `dir` or inside it. */
function within(dir: string, path: string): boolean {
  return path === dir || path.startsWith(dir + sep);
}

export interface WatchOptions {
  /** Folders watched at most; default MAX_WATCHED_FOLDERS. */
  maxFolders?: number;
}

export interface ProjectChange {
  project: Project;
  /** Absolute paths that changed. */
  changed: string[];
}

export class LiveProject {
  #parts: OpenParts;
  #project: Project;
  #watcher: FolderWatcher | undefined;
  /** What the watcher couldn't watch, shown with the project's problems. */
  #watchProblems: Problem[] = [];
  #pending = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #reloading: Promise<void> = Promise.resolve();
  #started: Promise<void> = Promise.resolve();

  private constructor(parts: OpenParts) {
    this.#parts = parts;
    this.#project = this.#assemble();
  }

  #assemble(): Project {
    const project = assemble(this.#parts);
    return this.#watchProblems.length ? { ...project, problems: [...project.problems, ...this.#watchProblems] } : project;
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
      // A manifest, or an agents folder that wasn't there: where the agents are may have changed.
      const relayout = paths.some((p) => this.#changesLayout(p));
      const markdown = paths.filter((p) => this.#touchesMarkdown(p));
      const scripts = paths.filter((p) => !this.#touchesMarkdown(p) && SCRIPT.test(p));
      // An .md elsewhere may be (or have stopped being) an agent outside the layouts: discovery says.
      const strays = paths.some((p) => !this.#touchesMarkdown(p) && MARKDOWN.test(p));
      if (scripts.length || relayout || strays) await reloadWorkflows(this.#parts, scripts);
      if (markdown.length || relayout) this.#parts.markdown = await reloadMarkdown(this.#parts);
    }
    this.#project = this.#assemble();
    return this.#project;
  }

  /**
   * Watches the folder; `onChange` gets each reloaded project (and the project again when part of
   * the folder can't be watched, with a problem saying so). Returns a function that stops it.
   */
  watch(onChange: (change: ProjectChange) => void, options: WatchOptions = {}): () => void {
    const folder = this.#parts.folder;
    this.#watcher?.close();
    const changed = (path: string) => {
      this.#pending.add(path);
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => {
        const paths = [...this.#pending];
        this.#pending.clear();
        this.reload(paths).then((project) => onChange({ project, changed: paths }), () => {});
      }, SETTLE_MS);
    };
    const watcher = new FolderWatcher({
      root: folder,
      ...(options.maxFolders !== undefined ? { maxFolders: options.maxFolders } : {}),
      // The runs folder wherever the config puts it: a busy one must cost the watcher nothing.
      skipFolder: (path, name) => unwatchedName(name) || this.#inRunsFolder(path),
      onChange: (path) => {
        const rel = relative(folder, path);
        if (rel.split(sep).some(unwatchedName) || this.#inRunsFolder(path)) return;
        changed(path);
      },
      onProblem: (problem) => {
        this.#watchProblems = [...this.#watchProblems, problem];
        this.#project = this.#assemble();
        onChange({ project: this.#project, changed: [] });
      },
    });
    this.#watcher = watcher;
    // The agent folders are watched before watch() returns: an edit right after it is seen.
    // The user's own agents (outside the project) are read at open, not watched.
    this.#started = watcher.start(this.#parts.agentSources.filter((s) => s.scope !== "user").map((s) => s.dir)).catch(() => {});
    return () => this.close();
  }

  /** Resolves once the watcher set up its watches (tests wait for it before changing files). */
  whenWatching(): Promise<void> {
    return this.#started;
  }

  /** Whether a change at `path` re-reads the markdown agents: their sources, skills, plugins, and Claude Code's files. */
  #touchesMarkdown(path: string): boolean {
    const parts = this.#parts;
    if (parts.agentSources.some((s) => within(s.dir, path)) || parts.skillDirs.some((s) => within(s.dir, path))) return true;
    // Everything in a plugin's folder is the plugin's (agents, skills, hooks, its .mcp.json); the
    // project folder may be a plugin itself, whose other files are the project's.
    if (parts.manifests.some((m) => dirname(m) !== parts.folder && within(dirname(m), path))) return true;
    if (this.#changesLayout(path)) return true;
    // CLAUDE.md's imports are wherever it points: the files it was read from, as the last load found them.
    if (parts.markdown.memoryFiles?.includes(path)) return true;
    const rel = relative(parts.folder, path);
    return CLAUDE_FILES.has(rel) || within(CLAUDE_SKILLS, rel);
  }

  /** A change in a `.claude-plugin/` folder, or in a configured agents folder June isn't reading yet. */
  #changesLayout(path: string): boolean {
    const parts = this.#parts;
    if (relative(parts.folder, path).split(sep).includes(LAYOUT_FOLDER)) return true;
    const configured = parts.agentFolders.map((dir) => resolve(parts.folder, dir));
    return configured.some((dir) => within(dir, path)) && !parts.agentSources.some((s) => within(s.dir, path));
  }

  #inRunsFolder(path: string): boolean {
    const runs = resolve(this.#project.runsFolder);
    return path === runs || path.startsWith(runs + sep);
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#watcher?.close();
    this.#watcher = undefined;
  }
}
