// Watching a project folder without recursive fs.watch: one non-recursive watcher per folder
// (a folder's watcher reports changes to the files in it), found by the bounded walk, capped in
// number, and kept current as folders appear and disappear. Folders the rule skips (node_modules,
// .git, June's runs) are never watched, so a busy runs folder costs nothing; links are never
// followed, so a link loop is never entered; and every failure to watch (ELOOP, EACCES, ENOSPC
// when the system's inotify limit is reached, EMFILE) is a problem, never a throw.
import { lstatSync, watch, type FSWatcher } from "node:fs";
import { lstat } from "node:fs/promises";
import { basename, join, sep } from "node:path";
import { walkFolder, type Problem } from "../loading/index.ts";

/** Folders one project watches at most. */
export const MAX_WATCHED_FOLDERS = 2_000;

export interface FolderWatcherOptions {
  root: string;
  /** Whether to leave out the folder at `path` (and everything under it). */
  skipFolder(path: string, name: string): boolean;
  /** A file or folder at `path` changed, appeared or went. */
  onChange(path: string): void;
  /** Something can't be watched; each problem is told once. */
  onProblem(problem: Problem): void;
  maxFolders?: number;
}

export class FolderWatcher {
  readonly #options: FolderWatcherOptions;
  readonly #max: number;
  readonly #watchers = new Map<string, FSWatcher>();
  readonly #told = new Set<string>();
  #closed = false;

  constructor(options: FolderWatcherOptions) {
    this.#options = options;
    this.#max = options.maxFolders ?? MAX_WATCHED_FOLDERS;
  }

  /**
   * Watches the root and `first` (folders that exist, e.g. the agent folders) at once, before it
   * returns, so a change right after start() is seen; then walks the folder and watches the rest.
   * Resolves once every watcher is set up.
   */
  async start(first: readonly string[] = []): Promise<void> {
    for (const dir of [this.#options.root, ...first]) {
      if (this.#watchers.has(dir) || !isFolder(dir)) continue;
      if (!this.#watch(dir)) break;
    }
    await this.#add(this.#options.root);
  }

  /** How many folders are watched now. */
  get watched(): number {
    return this.#watchers.size;
  }

  close(): void {
    this.#closed = true;
    for (const watcher of this.#watchers.values()) watcher.close();
    this.#watchers.clear();
  }

  /** Watches `dir` and the folders under it that aren't watched yet. */
  async #add(dir: string): Promise<void> {
    const walked = await walkFolder(dir, { skipFolder: (path, name) => this.#options.skipFolder(path, name) });
    // Discovery reports a walk cut short; unreadable folders are told here too (they may be new).
    for (const problem of walked.problems) if (problem.code !== "JUNE_FOLDER_TOO_LARGE") this.#tell(problem);
    for (const folder of walked.folders) {
      if (this.#closed) return;
      if (!this.#watchers.has(folder) && !this.#watch(folder)) return;
    }
  }

  /** False once the cap is reached (nothing more is watched). */
  #watch(dir: string): boolean {
    if (this.#watchers.size >= this.#max) {
      this.#tell({
        severity: "warning",
        code: "JUNE_WATCH_LIMIT",
        message: `june: ${this.#options.root} holds more than ${this.#max} folders; only ${this.#max} are watched, so changes elsewhere show when you open the folder again. Open a smaller folder, or move data and dependencies out of it.`,
        file: this.#options.root,
      });
      return false;
    }
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (event, name) => this.#changed(dir, event, name));
    } catch (error) {
      this.#failed(dir, error);
      return true;
    }
    watcher.on("error", (error) => {
      watcher.close();
      if (this.#watchers.get(dir) === watcher) this.#watchers.delete(dir);
      this.#failed(dir, error);
    });
    this.#watchers.set(dir, watcher);
    return true;
  }

  #changed(dir: string, event: string, name: string | Buffer | null): void {
    if (this.#closed) return;
    if (!name) return;
    const path = join(dir, name.toString());
    this.#options.onChange(path);
    // A folder appeared (watch it and what is in it) or went (forget its watchers).
    if (event === "rename") void this.#renamed(path);
  }

  async #renamed(path: string): Promise<void> {
    const info = await lstat(path).catch(() => undefined);
    if (this.#closed) return;
    if (!info) {
      for (const [dir, watcher] of this.#watchers) {
        if (dir === path || dir.startsWith(path + sep)) {
          watcher.close();
          this.#watchers.delete(dir);
        }
      }
      return;
    }
    // A link (to a folder or into a loop) is never followed.
    if (!info.isDirectory() || this.#watchers.has(path) || this.#options.skipFolder(path, basename(path))) return;
    await this.#add(path);
  }

  #failed(dir: string, error: unknown): void {
    const code = (error as NodeJS.ErrnoException).code;
    // Gone before it could be watched: nothing to tell.
    if (code === "ENOENT" || code === "ENOTDIR") return;
    const why =
      code === "ENOSPC"
        ? "the system's limit on watched folders is reached (raise fs.inotify.max_user_watches)"
        : code === "EMFILE"
          ? "the process has too many files open"
          : code === "EACCES" || code === "EPERM"
            ? "it can't be read"
            : code === "ELOOP"
              ? "it is a loop of links"
              : error instanceof Error
                ? error.message
                : String(error);
    this.#tell({
      severity: "warning",
      code: "JUNE_WATCH_FAILED",
      message: `june: ${dir} is not watched: ${why}${code ? ` (${code})` : ""}; changes in it show when you open the folder again.`,
      file: dir,
    });
  }

  #tell(problem: Problem): void {
    const key = `${problem.code}\u0000${problem.file}`;
    if (this.#told.has(key) || this.#closed) return;
    this.#told.add(key);
    this.#options.onProblem(problem);
  }
}

/** A real folder (not a link to one). */
function isFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
