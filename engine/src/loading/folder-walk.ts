// A bounded walk of a project folder, shared by discovery and the watcher: it never follows a
// symbolic link (so a link loop is never entered) and never enters a folder twice (bind mounts:
// by device and inode), skips a folder it can't read with a problem naming it, stops at a cap on
// entries and at a time budget with a problem saying what was left out, and yields to the event
// loop as it goes, so opening any folder answers within seconds.
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Problem } from "./problem.ts";

/** Entries (files and folders) one walk reads at most. */
export const MAX_WALK_ENTRIES = 50_000;
/** How long one walk may take, in ms. */
export const WALK_BUDGET_MS = 5_000;
/** Entries read between yields to the event loop. */
const YIELD_EVERY = 256;

export interface WalkOptions {
  /** Whether to leave out the folder at `path` (named `name`); the root is never asked. */
  skipFolder(path: string, name: string): boolean;
  /** Called with each regular file (never a link). */
  onFile?(path: string, name: string): void | Promise<void>;
  maxEntries?: number;
  budgetMs?: number;
  /** Clock for the budget; default performance.now. */
  now?: () => number;
}

export interface WalkResult {
  /** Every folder walked, the root first, parents before children. */
  folders: string[];
  problems: Problem[];
  /** True when the cap or the budget stopped the walk: the listing is partial. */
  partial: boolean;
}

/**
 * Walks `root` breadth first.
 *
 * @example
 * const { folders, problems } = await walkFolder("samples", { skipFolder: (_path, name) => name === "node_modules" });
 */
export async function walkFolder(root: string, options: WalkOptions): Promise<WalkResult> {
  const maxEntries = options.maxEntries ?? MAX_WALK_ENTRIES;
  const budgetMs = options.budgetMs ?? WALK_BUDGET_MS;
  const now = options.now ?? (() => performance.now());
  const started = now();
  const folders: string[] = [];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const queue = [root];
  let entries = 0;
  let stop: "entries" | "time" | undefined;
  while (queue.length && !stop) {
    const dir = queue.shift()!;
    const list = await readFolder(dir, seen, problems);
    if (!list) continue;
    folders.push(dir);
    for (const entry of list) {
      if (++entries > maxEntries) {
        stop = "entries";
        break;
      }
      if (entries % YIELD_EVERY === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (now() - started > budgetMs) {
          stop = "time";
          break;
        }
      }
      const path = join(dir, entry.name);
      // Dirent types come from lstat: a link to a folder is neither a folder nor a file here.
      if (entry.isDirectory()) {
        if (!options.skipFolder(path, entry.name)) queue.push(path);
      } else if (entry.isFile()) {
        await options.onFile?.(path, entry.name);
      }
    }
  }
  if (stop) {
    const why = stop === "entries" ? `holds more than ${maxEntries} files and folders` : `took more than ${budgetMs / 1000} s to read`;
    problems.push({
      severity: "warning",
      code: "JUNE_FOLDER_TOO_LARGE",
      message: `june: ${root} ${why}; only part of it was read (${folders.length} folders), so some workflows may be missing. Open a smaller folder (the project's own), or move large data and dependencies out of it.`,
      file: root,
    });
  }
  return { folders, problems, partial: stop !== undefined };
}

async function readFolder(dir: string, seen: Set<string>, problems: Problem[]): Promise<Dirent[] | undefined> {
  try {
    const info = await stat(dir);
    const key = `${info.dev}:${info.ino}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Gone between listing and reading: nothing to report.
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    problems.push({
      severity: "warning",
      code: "JUNE_FOLDER_UNREADABLE",
      message: `june: the folder ${dir} can't be read (${code ?? (error instanceof Error ? error.message : String(error))}), so it was skipped. Fix its permissions, or move it out of the project.`,
      file: dir,
    });
    return undefined;
  }
}
