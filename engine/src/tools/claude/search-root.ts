// Resolves the `path` a search tool (Glob, Grep) was given: inside the project folder and outside
// the studio's run records, existing, and a folder or (for Grep) a file.
import { confine, DEFAULT_STUDIO_DATA } from "./confine.ts";
import type { ConfinedPath } from "./confine.ts";
import { builtinError } from "./file-errors.ts";
import { statFile } from "./text-file.ts";

/** Where a search starts, and whether it is a single file. */
export interface SearchStart extends ConfinedPath {
  isFile: boolean;
}

/**
 * The search start for `searchPath` (default: the project folder). Throws `JUNE_BUILTIN_FAILED`
 * when it does not exist, or is a file and `allowFile` is false; `JUNE_PATH_STUDIO_DATA` when it
 * is in one of `studioData` (default `.june`).
 *
 * @example
 * await searchStart("/work/app", "src", { tool: "Glob", allowFile: false });
 */
export async function searchStart(
  root: string,
  searchPath: string | undefined,
  options: { tool: string; allowFile: boolean; studioData?: readonly string[] },
): Promise<SearchStart> {
  const start = await confine(root, searchPath ?? ".", options.studioData ?? DEFAULT_STUDIO_DATA);
  const stats = await statFile(start, "search");
  if (stats === undefined) {
    throw builtinError(`june: ${options.tool} could not search ${start.display}: it does not exist; omit path to search the whole project folder`);
  }
  if (!stats.isDirectory() && !(options.allowFile && stats.isFile())) {
    throw builtinError(`june: ${options.tool} could not search ${start.display}: it is not a folder; give a folder as path`);
  }
  return { ...start, isFile: !stats.isDirectory() };
}
