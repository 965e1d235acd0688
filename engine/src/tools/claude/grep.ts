// Claude Code's Grep: a regular-expression search over the files under a path, answering with
// matching files (default), matching lines or counts. JavaScript RegExp stands in for ripgrep.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { markBuiltin } from "../builtin.ts";
import { looksBinary } from "./binary.ts";
import { displayPath } from "./confine.ts";
import { errnoCode } from "./file-errors.ts";
import { grepFileFilter } from "./grep-filter.ts";
import { contentLines, GREP_MAX_ENTRIES, pagedResult, pageOf } from "./grep-output.ts";
import type { Page } from "./grep-output.ts";
import { compileGrepPattern, findMatches, hasMatch } from "./grep-search.ts";
import type { GrepMatcher } from "./grep-search.ts";
import { modifiedAt, sortNewestFirst } from "./newest-first.ts";
import type { DatedFile } from "./newest-first.ts";
import { searchStart } from "./search-root.ts";
import type { SearchStart } from "./search-root.ts";
import { MAX_TEXT_FILE_BYTES } from "./text-file.ts";
import { walkFiles } from "./walk.ts";

/** What the model sends to Grep (Claude Code's field names, flags included). */
export interface GrepInput {
  pattern: string;
  path?: string;
  glob?: string;
  type?: string;
  output_mode?: "content" | "files_with_matches" | "count";
  "-i"?: boolean;
  "-n"?: boolean;
  "-A"?: number;
  "-B"?: number;
  "-C"?: number;
  multiline?: boolean;
  head_limit?: number;
  offset?: number;
}

/** The Grep tool. */
export type GrepTool = ExecutableTool<Tool<GrepInput, string>>;

const lines = z.number().int().min(0).optional();

const grepInputSchema = z.object({
  pattern: z.string().min(1).describe('The regular expression to search for, in JavaScript RegExp syntax, e.g. "log.*Error" or "function\\s+\\w+".'),
  path: z
    .string()
    .optional()
    .describe("The file or folder to search: absolute or relative to the project folder. Omit it to search the whole project folder."),
  glob: z
    .string()
    .optional()
    .describe('Only search files matching this glob, e.g. "*.js" or "src/**/*.{ts,tsx}"; a glob without "/" matches file names at any depth.'),
  type: z.string().optional().describe('Only search files of this type, e.g. "js", "ts", "py", "rust", "go", "java", "md".'),
  output_mode: z
    .enum(["content", "files_with_matches", "count"])
    .optional()
    .describe('"files_with_matches" (default) lists the files that match; "content" shows the matching lines; "count" shows matching lines per file.'),
  "-i": z.boolean().optional().describe("Ignore case."),
  "-n": z.boolean().optional().describe('Show line numbers (content mode only; default true).'),
  "-A": lines.describe("Lines to show after each match (content mode only)."),
  "-B": lines.describe("Lines to show before each match (content mode only)."),
  "-C": lines.describe("Lines to show before and after each match (content mode only)."),
  multiline: z.boolean().optional().describe("Let a match span lines: `.` matches newlines too (default false)."),
  head_limit: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(`Show only the first N entries (lines, files or counts); at most ${GREP_MAX_ENTRIES} are ever shown.`),
  offset: z.number().int().min(0).optional().describe("Skip the first N entries, to page through long results with head_limit."),
});

/**
 * Grep, confined to `root`.
 *
 * @example
 * await grepTool("/work/app", false).execute({ pattern: "TODO", output_mode: "content", "-C": 1 }, options);
 * // "src/a.ts-3-...\nsrc/a.ts:4:// TODO tidy\nsrc/a.ts-5-..."
 */
export function grepTool(root: string, needsApproval: boolean): GrepTool {
  const grep = tool({
    description: GREP_DESCRIPTION,
    inputSchema: grepInputSchema,
    needsApproval,
    execute: async (input, { abortSignal }) => {
      const start = await searchStart(root, input.path, { tool: "Grep", allowFile: true });
      const matcher = compileGrepPattern(input.pattern, { ignoreCase: input["-i"] ?? false, multiline: input.multiline ?? false });
      const accepts = grepFileFilter({ glob: input.glob, type: input.type });
      const files = searchedFiles(start, accepts, abortSignal);
      const page = pageOf(input.offset, input.head_limit);
      switch (input.output_mode ?? "files_with_matches") {
        case "content":
          return await contentResult(files, matcher, page, {
            before: input["-B"] ?? input["-C"] ?? 0,
            after: input["-A"] ?? input["-C"] ?? 0,
            numbers: input["-n"] ?? true,
          });
        case "count":
          return await countResult(files, matcher, page);
        case "files_with_matches":
          return await filesResult(files, matcher, page);
      }
    },
  });
  return markBuiltin(grep, "Grep");
}

interface SearchedFile {
  absolute: string;
  display: string;
}

// The files a search covers: the one file given, or the walk's files the filter accepts.
async function* searchedFiles(start: SearchStart, accepts: (relative: string) => boolean, signal?: AbortSignal): AsyncGenerator<SearchedFile> {
  if (start.isFile) {
    yield { absolute: start.real, display: start.display };
    return;
  }
  for await (const file of walkFiles(start.real, { signal })) {
    if (accepts(file.relative)) yield { absolute: file.absolute, display: displayPath(path.relative(start.root, file.absolute)) };
  }
}

async function contentResult(files: AsyncIterable<SearchedFile>, matcher: GrepMatcher, page: Page, options: { before: number; after: number; numbers: boolean }): Promise<string> {
  // Entries past the page are counted, not kept, so the note can say how many there are.
  const kept: string[] = [];
  let total = 0;
  const grouped = options.before > 0 || options.after > 0;
  for await (const file of files) {
    const text = await searchableText(file.absolute);
    if (text === undefined) continue;
    const { lines, matched } = findMatches(text, matcher);
    if (matched.length === 0) continue;
    const entries = contentLines(file.display, lines, matched, options);
    if (grouped && total > 0) entries.unshift("--");
    const room = page.offset + page.limit - kept.length;
    for (const entry of entries.slice(0, Math.max(room, 0))) kept.push(entry);
    total += entries.length;
  }
  if (total === 0) return "No matches found";
  return pagedResult(kept, page, { total });
}

async function countResult(files: AsyncIterable<SearchedFile>, matcher: GrepMatcher, page: Page): Promise<string> {
  const entries: string[] = [];
  let total = 0;
  for await (const file of files) {
    const text = await searchableText(file.absolute);
    if (text === undefined) continue;
    const count = findMatches(text, matcher).matched.length;
    if (count === 0) continue;
    entries.push(`${file.display}:${count}`);
    total += count;
  }
  if (entries.length === 0) return "No matches found";
  return pagedResult(entries, page, { footer: `Found ${total} matching ${total === 1 ? "line" : "lines"} in ${plural(entries.length, "file")}` });
}

async function filesResult(files: AsyncIterable<SearchedFile>, matcher: GrepMatcher, page: Page): Promise<string> {
  const found: DatedFile[] = [];
  for await (const file of files) {
    const text = await searchableText(file.absolute);
    if (text === undefined || !hasMatch(text, matcher)) continue;
    const mtimeMs = await modifiedAt(file.absolute);
    if (mtimeMs !== undefined) found.push({ display: file.display, mtimeMs });
  }
  if (found.length === 0) return "No files found";
  return pagedResult(sortNewestFirst(found), page, { header: `Found ${plural(found.length, "file")}` });
}

// A file's text, or undefined for one to skip as ripgrep does: binary, too large, unreadable, or
// gone since the walk.
async function searchableText(file: string): Promise<string | undefined> {
  let bytes: Buffer;
  try {
    if ((await stat(file)).size > MAX_TEXT_FILE_BYTES) return undefined;
    bytes = await readFile(file);
  } catch (error) {
    if (errnoCode(error) === "ENOENT" || errnoCode(error) === "EACCES") return undefined;
    throw error;
  }
  return looksBinary(bytes) ? undefined : bytes.toString("utf8");
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

const GREP_DESCRIPTION = [
  "Search the contents of files in the project folder with a regular expression (JavaScript RegExp syntax: " +
    'escape literal braces and dots, e.g. "interface\\{\\}" or "a\\.b").',
  "Use it instead of running grep or rg through Bash.",
  "path is a file or folder to search (absolute or relative to the project folder; default the whole project folder); " +
    "paths outside the project folder are refused. Narrow the files with glob (e.g. \"*.ts\", \"src/**/*.tsx\") or type (e.g. \"py\").",
  'output_mode: "files_with_matches" (default) lists matching files, most recently modified first; ' +
    '"content" shows matching lines as path:line:text, with -A/-B/-C context lines; "count" shows matching lines per file.',
  "-i ignores case; multiline: true lets a match span lines.",
  `Results are bounded: use head_limit and offset to page, at most ${GREP_MAX_ENTRIES} entries per call. ` +
    "node_modules and .git folders, binary files and symlinks are skipped.",
].join("\n");
