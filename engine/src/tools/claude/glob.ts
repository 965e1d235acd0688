// Claude Code's Glob: the files matching a glob pattern, most recently modified first. Names are
// matched in linear time (glob-pattern.ts) and the walk is paced, so abort always gets in.
import path from "node:path";
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { markBuiltin } from "../builtin.ts";
import { confine, DEFAULT_STUDIO_DATA, displayPath } from "./confine.ts";
import { compileGlob, splitGlob } from "./glob-pattern.ts";
import { modifiedAt, sortNewestFirst } from "./newest-first.ts";
import type { DatedFile } from "./newest-first.ts";
import { paced } from "./pace.ts";
import { searchStart } from "./search-root.ts";
import { statFile } from "./text-file.ts";
import { walkFiles } from "./walk.ts";

/** What the model sends to Glob. */
export interface GlobInput {
  pattern: string;
  path?: string;
}

/** The Glob tool. */
export type GlobTool = ExecutableTool<Tool<GlobInput, string>>;

/** Paths one Glob returns at most. */
export const GLOB_MAX_RESULTS = 100;

const globInputSchema = z.object({
  pattern: z.string().min(1).describe('The glob pattern to match files against, e.g. "**/*.ts" or "src/**/*.{ts,tsx}".'),
  path: z
    .string()
    .optional()
    .describe("The folder to search in: absolute or relative to the project folder. Omit it to search the whole project folder."),
});

/**
 * Glob, confined to `root`; the `studioData` folders (absolute, or relative to `root`) are not listed.
 *
 * @example
 * await globTool("/work/app", false).execute({ pattern: "src/**\/*.ts" }, options);
 * // "src/new.ts\nsrc/old.ts"
 */
export function globTool(root: string, needsApproval: boolean, studioData: readonly string[] = DEFAULT_STUDIO_DATA): GlobTool {
  const glob = tool({
    description: GLOB_DESCRIPTION,
    inputSchema: globInputSchema,
    needsApproval,
    execute: async ({ pattern, path: searchPath }, { abortSignal }) => {
      const folder = await searchStart(root, searchPath, { tool: "Glob", allowFile: false, studioData });
      const { base, rest, maxDepth } = splitGlob(pattern);
      const matcher = compileGlob(rest);
      // The literal start of the pattern may itself lead outside (`../x/*.ts`) or into studio data.
      const start = await confine(root, path.resolve(folder.real, base), studioData);
      if (!(await statFile(start, "search"))?.isDirectory()) return "No files found";
      const pace = paced(abortSignal);
      const found: DatedFile[] = [];
      for await (const file of walkFiles(start.real, { maxDepth, pace, skip: start.studioData })) {
        const wait = pace.spend(file.relative.length);
        if (wait) await wait;
        if (!matcher.test(file.relative)) continue;
        const mtimeMs = await modifiedAt(file.absolute);
        if (mtimeMs !== undefined) found.push({ display: displayPath(path.relative(folder.root, file.absolute)), mtimeMs });
      }
      return listNewestFirst(found);
    },
  });
  return markBuiltin(glob, "Glob");
}

/** Paths newest first, cut at {@link GLOB_MAX_RESULTS} with a note. */
function listNewestFirst(found: readonly DatedFile[]): string {
  if (found.length === 0) return "No files found";
  const shown = sortNewestFirst(found).slice(0, GLOB_MAX_RESULTS);
  if (found.length > GLOB_MAX_RESULTS) {
    shown.push("", `(showing the ${GLOB_MAX_RESULTS} most recently modified of ${found.length} files; use a more specific path or pattern)`);
  }
  return shown.join("\n");
}

const GLOB_DESCRIPTION = [
  "Find files in the project folder by name with a glob pattern, e.g. \"**/*.js\" or \"src/**/*.ts\".",
  "`*` and `?` match within one folder level; `**/` matches any number of folders, so \"*.ts\" only finds files " +
    "directly in the searched folder while \"**/*.ts\" finds them at any depth. `{a,b}` and `[abc]` work too.",
  "path is the folder to search (absolute or relative to the project folder; default the whole project folder); " +
    "paths outside the project folder are refused.",
  `Returns matching file paths relative to the project folder, most recently modified first, at most ${GLOB_MAX_RESULTS}. ` +
    "node_modules and .git folders and the studio's run records in .june/ are skipped, and symlinks are not followed.",
  "To search file contents, use Grep.",
].join("\n");
