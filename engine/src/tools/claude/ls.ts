// Claude Code's LS: the files and folders under a folder, as the indented tree Claude Code
// printed ("- src/" with its entries two spaces further in). The folder is listed breadth first,
// so when the listing is cut at LS_MAX_ENTRIES the shallow levels are whole; as with Glob,
// node_modules and .git are named but not entered, the studio's run records are left out and
// symlinks are listed but not followed, so the listing never leaves the project folder.
import { readdir } from "node:fs/promises";
import type { Dirent } from "node:fs";
import path from "node:path";
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { markBuiltin } from "../builtin.ts";
import { DEFAULT_STUDIO_DATA } from "./confine.ts";
import { fileError } from "./file-errors.ts";
import { compileGlob } from "./glob-pattern.ts";
import type { GlobMatcher } from "./glob-pattern.ts";
import { ENTRY_COST, paced } from "./pace.ts";
import type { Pace } from "./pace.ts";
import { searchStart } from "./search-root.ts";
import { SKIPPED_FOLDERS } from "./walk.ts";

/** What the model sends to LS. */
export interface LsInput {
  path: string;
  ignore?: string[];
}

/** The LS tool. */
export type LsTool = ExecutableTool<Tool<LsInput, string>>;

/** Files and folders one LS lists at most, as in Claude Code. */
export const LS_MAX_ENTRIES = 1000;

const lsInputSchema = z.object({
  path: z.string().min(1).describe("The folder to list: an absolute path, or a path relative to the project folder."),
  ignore: z.array(z.string().min(1)).optional().describe('Glob patterns of names or paths to leave out, e.g. ["*.log", "dist"].'),
});

/** One listed entry: its path below the listed folder ("/"-separated) and what it is. */
interface Entry {
  relative: string;
  kind: "folder" | "file" | "skipped-folder" | "unreadable-folder";
}

/**
 * LS, confined to `root`; the `studioData` folders (absolute, or relative to `root`) are not listed.
 *
 * @example
 * await lsTool("/work/app", false).execute({ path: "/work/app/src", ignore: ["*.test.ts"] }, options);
 * // "- src/\n  - index.ts\n  - lib/\n    - util.ts"
 */
export function lsTool(root: string, needsApproval: boolean, studioData: readonly string[] = DEFAULT_STUDIO_DATA): LsTool {
  const ls = tool({
    description: LS_DESCRIPTION,
    inputSchema: lsInputSchema,
    needsApproval,
    execute: async ({ path: folderPath, ignore }, { abortSignal }) => {
      const folder = await searchStart(root, folderPath, { tool: "LS", allowFile: false, studioData });
      const ignored = (ignore ?? []).map(compileGlob);
      const { entries, more } = await listBreadthFirst(folder.real, folder.display, { ignored, skip: new Set(folder.studioData), pace: paced(abortSignal) });
      const tree = renderTree(folder.display, entries);
      if (!more) return tree;
      const where = folder.display === "." ? "the project folder" : folder.display;
      return (
        `There are more than ${LS_MAX_ENTRIES} files and folders in ${where}. Use LS with a more specific path, ` +
        `or Glob and Grep, to explore nested folders. The first ${LS_MAX_ENTRIES} are included below:\n\n${tree}`
      );
    },
  });
  return markBuiltin(ls, "LS");
}

// Up to LS_MAX_ENTRIES entries, level by level, each folder's entries in name order.
async function listBreadthFirst(
  start: string,
  display: string,
  options: { ignored: readonly GlobMatcher[]; skip: ReadonlySet<string>; pace: Pace },
): Promise<{ entries: Entry[]; more: boolean }> {
  const entries: Entry[] = [];
  const queue: Array<{ absolute: string; relative: string }> = [{ absolute: start, relative: "" }];
  for (let next = 0; next < queue.length; next++) {
    const { absolute, relative } = queue[next]!;
    await options.pace.spend(ENTRY_COST);
    const listed = await listFolder(absolute, relative === "" ? display : undefined);
    if (listed === undefined) {
      const entry = entries.find((candidate) => candidate.relative === relative);
      if (entry) entry.kind = "unreadable-folder";
      continue;
    }
    for (const dirent of listed) {
      const wait = options.pace.spend(ENTRY_COST);
      if (wait) await wait;
      const child = relative === "" ? dirent.name : `${relative}/${dirent.name}`;
      const childAbsolute = path.join(absolute, dirent.name);
      if (options.skip.has(childAbsolute) || isIgnored(options.ignored, dirent.name, child)) continue;
      if (entries.length === LS_MAX_ENTRIES) return { entries, more: true };
      if (!dirent.isDirectory()) {
        entries.push({ relative: child, kind: "file" });
      } else if (SKIPPED_FOLDERS.has(dirent.name)) {
        entries.push({ relative: child, kind: "skipped-folder" });
      } else {
        entries.push({ relative: child, kind: "folder" });
        queue.push({ absolute: childAbsolute, relative: child });
      }
    }
  }
  return { entries, more: false };
}

// A folder's entries in name order; undefined for a nested folder that cannot be read (it is
// still shown), while the listed folder itself failing is the model's error.
async function listFolder(folder: string, startDisplay: string | undefined): Promise<Dirent[] | undefined> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    if (startDisplay !== undefined) throw fileError("list", startDisplay, error);
    return undefined;
  }
}

function isIgnored(ignored: readonly GlobMatcher[], name: string, relative: string): boolean {
  return ignored.some((matcher) => matcher.test(name) || matcher.test(relative));
}

/**
 * The entries as Claude Code's LS printed them: the folder first, then each entry on its own line,
 * indented two spaces per level under its folder, folders with a trailing "/".
 *
 * @example
 * renderTree("src", [{ relative: "lib", kind: "folder" }, { relative: "a.ts", kind: "file" }, { relative: "lib/b.ts", kind: "file" }]);
 * // "- src/\n  - a.ts\n  - lib/\n    - b.ts"
 */
function renderTree(display: string, entries: readonly Entry[]): string {
  const children = new Map<string, Entry[]>();
  for (const entry of entries) {
    const parent = entry.relative.includes("/") ? entry.relative.slice(0, entry.relative.lastIndexOf("/")) : "";
    const siblings = children.get(parent) ?? [];
    siblings.push(entry);
    children.set(parent, siblings);
  }
  const lines = [`- ${display === "." ? "./" : `${display}/`}`];
  // Depth first from the listed folder; an explicit stack, as a tree can be a thousand levels deep.
  const stack: Array<{ entry: Entry; depth: number }> = [];
  const pushChildren = (parent: string, depth: number) => {
    // Each folder's entries were listed in name order; reversed onto the stack to come off in it.
    for (const entry of [...(children.get(parent) ?? [])].reverse()) stack.push({ entry, depth });
  };
  pushChildren("", 1);
  while (stack.length > 0) {
    const { entry, depth } = stack.pop()!;
    lines.push(`${"  ".repeat(depth)}- ${entryLine(entry)}`);
    if (entry.kind === "folder") pushChildren(entry.relative, depth + 1);
  }
  return lines.join("\n");
}

function entryLine(entry: Entry): string {
  const name = entry.relative.slice(entry.relative.lastIndexOf("/") + 1);
  switch (entry.kind) {
    case "file":
      return name;
    case "folder":
      return `${name}/`;
    case "skipped-folder":
      return `${name}/ (not listed)`;
    case "unreadable-folder":
      return `${name}/ (could not be read)`;
  }
}

const LS_DESCRIPTION = [
  "List the files and folders in a folder of the project folder, as an indented tree.",
  "path is the folder: an absolute path or a path relative to the project folder; paths outside the project folder are refused.",
  "ignore takes glob patterns; an entry whose name or path (relative to the listed folder) matches one is left out, and so is everything in an ignored folder.",
  `At most ${LS_MAX_ENTRIES} entries are listed, level by level; the result says when there are more. ` +
    "node_modules and .git are shown but not listed, the studio's run records in .june/ are left out, and symlinks are shown but not followed.",
  "Prefer Glob and Grep when you know what you are looking for.",
].join("\n");
