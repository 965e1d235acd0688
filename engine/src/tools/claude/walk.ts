// Lists the files under a folder for Glob and Grep, the way ripgrep does by default: symlinks
// are not followed (so a walk cannot leave the project folder or loop), and node_modules, .git
// and the studio's run records are not entered. The walk reports its work to a pace, so a
// folder of many thousands of files still lets the event loop (and an abort) in.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { ENTRY_COST, paced } from "./pace.ts";
import type { Pace } from "./pace.ts";

/** Folders never entered by a walk (the folder a walk starts in may still be one). */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(["node_modules", ".git"]);

/** A file found by {@link walkFiles}. */
export interface WalkedFile {
  absolute: string;
  /** Relative to the folder the walk started in, "/"-separated. */
  relative: string;
}

/** Options of {@link walkFiles}. */
export interface WalkOptions {
  /** Deepest level listed: 1 is the folder's own files. Default: all. */
  maxDepth?: number;
  /** Stops the walk with the signal's reason (checked at every entry). */
  signal?: AbortSignal;
  /** The search's pace, shared with the work done on each file; default one made from `signal`. */
  pace?: Pace;
  /** Absolute real paths of folders not to enter (the studio's run records). */
  skip?: readonly string[];
}

/**
 * The regular files under `folder` (a real path), in a stable order (entries sorted by name,
 * depth first). Folders that cannot be read are skipped, as ripgrep skips them.
 *
 * @example
 * for await (const file of walkFiles("/work/app", { maxDepth: 2 })) console.log(file.relative);
 */
export async function* walkFiles(folder: string, options: WalkOptions = {}): AsyncGenerator<WalkedFile> {
  const maxDepth = options.maxDepth ?? Infinity;
  const pace = options.pace ?? paced(options.signal);
  const skip = new Set(options.skip ?? []);
  const pending: Array<{ absolute: string; relative: string; depth: number }> = [{ absolute: folder, relative: "", depth: 1 }];
  while (pending.length > 0) {
    await pace.spend(ENTRY_COST);
    const current = pending.pop()!;
    const entries = await listFolder(current.absolute, current.relative === "");
    const subfolders: typeof pending = [];
    for (const entry of entries) {
      const wait = pace.spend(ENTRY_COST);
      if (wait) await wait;
      const relative = current.relative === "" ? entry.name : `${current.relative}/${entry.name}`;
      const absolute = path.join(current.absolute, entry.name);
      if (entry.isFile()) yield { absolute, relative };
      else if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name) && !skip.has(absolute) && current.depth < maxDepth) {
        subfolders.push({ absolute, relative, depth: current.depth + 1 });
      }
    }
    // Reversed onto the stack so subfolders are visited in name order.
    for (const subfolder of subfolders.reverse()) pending.push(subfolder);
  }
}

async function listFolder(folder: string, isStart: boolean) {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    // The starting folder was checked by the caller, so its failure is real; a nested folder we
    // may not read (permissions, removed mid-walk) is skipped like ripgrep does.
    if (isStart) throw error;
    return [];
  }
}
