// Resolves the `path` a search tool (Glob, Grep) was given: inside the project folder, existing,
// and a folder or (for Grep) a file.
import { confine } from "./confine.ts";
import type { ConfinedPath } from "./confine.ts";
import { builtinError } from "./file-errors.ts";
import { statFile } from "./text-file.ts";

/** Where a search starts, and whether it is a single file. */
export interface SearchStart extends ConfinedPath {
  isFile: boolean;
}

/**
 * The search start for `searchPath` (default: the project folder). Throws `JUNE_BUILTIN_FAILED`
 * when it does not exist, or is a file and `allowFile` is false.
 *
 * @example
 * await searchStart("/work/app", "src", { tool: "Glob", allowFile: false });
 */
export async function searchStart(root: string, searchPath: string | undefined, options: { tool: string; allowFile: boolean }): Promise<SearchStart> {
  const start = await confine(root, searchPath ?? ".");
  const stats = await statFile(start, "search");
  if (stats === undefined) {
    throw builtinError(`june: ${options.tool} could not search ${start.display}: it does not exist; omit path to search the whole project folder`);
  }
  if (!stats.isDirectory() && !(options.allowFile && stats.isFile())) {
    throw builtinError(`june: ${options.tool} could not search ${start.display}: it is not a folder; give a folder as path`);
  }
  return { ...start, isFile: !stats.isDirectory() };
}
