// Claude Code lists found files most recently modified first (what was just worked on is most
// likely what matters); Glob and Grep share that order here.
import { stat } from "node:fs/promises";
import { errnoCode } from "./file-errors.ts";

/** A found file and when it was last modified. */
export interface DatedFile {
  display: string;
  mtimeMs: number;
}

/**
 * The files' display paths, newest first, ties by path.
 *
 * @example
 * sortNewestFirst([{ display: "a", mtimeMs: 1 }, { display: "b", mtimeMs: 2 }]); // ["b", "a"]
 */
export function sortNewestFirst(files: readonly DatedFile[]): string[] {
  return [...files]
    .sort((a, b) => b.mtimeMs - a.mtimeMs || (a.display < b.display ? -1 : a.display > b.display ? 1 : 0))
    .map((file) => file.display);
}

/** When `file` was last modified, or undefined when it was removed meanwhile. */
export async function modifiedAt(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return undefined;
    throw error;
  }
}
