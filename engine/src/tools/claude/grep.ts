// Claude Code's Grep: a regular-expression search over the files under a path, answering with
// matching files (default), matching lines or counts. RE2 (re2js) stands in for ripgrep's regex
// engine: the same syntax family and the same linear-time guarantee. Each file is opened and
// checked before it is read (opened-file.ts); hard links are skipped and counted.
import path from "node:path";
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { markBuiltin } from "../builtin.ts";
import { looksBinary } from "./binary.ts";
import { DEFAULT_STUDIO_DATA, displayPath } from "./confine.ts";
import type { ConfinedPath } from "./confine.ts";
import { errnoCode } from "./file-errors.ts";
import { grepFileFilter } from "./grep-filter.ts";
import { contentLines, GREP_MAX_ENTRIES, pagedResult, pageOf } from "./grep-output.ts";
import type { Page } from "./grep-output.ts";
import { compileGrepPattern, findMatches, hasMatch } from "./grep-search.ts";
import type { GrepMatcher } from "./grep-search.ts";
import { modifiedAt, sortNewestFirst } from "./newest-first.ts";
import type { DatedFile } from "./newest-first.ts";
import { openVerified, refusal } from "./opened-file.ts";
import { paced } from "./pace.ts";
import type { Pace } from "./pace.ts";
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
  pattern: z
    .string()
    .min(1)
    .describe('The regular expression to search for, in RE2 syntax as ripgrep takes it, e.g. "log.*Error" or "function\\s+\\w+".'),
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
 * Grep, confined to `root`; the `studioData` folders (absolute, or relative to `root`) are not searched.
 *
 * @example
 * await grepTool("/work/app", false).execute({ pattern: "TODO", output_mode: "content", "-C": 1 }, options);
 * // "src/a.ts-3-...\nsrc/a.ts:4:// TODO tidy\nsrc/a.ts-5-..."
 */
export function grepTool(root: string, needsApproval: boolean, studioData: readonly string[] = DEFAULT_STUDIO_DATA): GrepTool {
  const grep = tool({
    description: GREP_DESCRIPTION,
    inputSchema: grepInputSchema,
    needsApproval,
    execute: async (input, { abortSignal }) => {
      const start = await searchStart(root, input.path, { tool: "Grep", allowFile: true, studioData });
      const matcher = compileGrepPattern(input.pattern, { ignoreCase: input["-i"] ?? false, multiline: input.multiline ?? false });
      const accepts = grepFileFilter({ glob: input.glob, type: input.type });
      const search: Search = { matcher, pace: paced(abortSignal), hardLinked: 0 };
      const files = searchedFiles(start, accepts, search);
      const page = pageOf(input.offset, input.head_limit);
      switch (input.output_mode ?? "files_with_matches") {
        case "content":
          return await contentResult(files, search, page, {
            before: input["-B"] ?? input["-C"] ?? 0,
            after: input["-A"] ?? input["-C"] ?? 0,
            numbers: input["-n"] ?? true,
          });
        case "count":
          return await countResult(files, search, page);
        case "files_with_matches":
          return await filesResult(files, search, page);
      }
    },
  });
  return markBuiltin(grep, "Grep");
}

// One Grep call's state: the pattern, the pace its work is reported to, and what it skipped.
interface Search {
  matcher: GrepMatcher;
  pace: Pace;
  hardLinked: number;
}

interface SearchedFile {
  file: ConfinedPath;
  /** The path the model gave names this one file: refusing it says more than skipping it. */
  named: boolean;
}

// The files a search covers: the one file given, or the walk's files the filter accepts.
async function* searchedFiles(start: SearchStart, accepts: (relative: string) => boolean, search: Search): AsyncGenerator<SearchedFile> {
  if (start.isFile) {
    yield { file: start, named: true };
    return;
  }
  for await (const found of walkFiles(start.real, { pace: search.pace, skip: start.studioData })) {
    if (!accepts(found.relative)) continue;
    const display = displayPath(path.relative(start.root, found.absolute));
    yield { file: { real: found.absolute, display, root: start.root, studioData: start.studioData }, named: false };
  }
}

async function contentResult(files: AsyncIterable<SearchedFile>, search: Search, page: Page, options: { before: number; after: number; numbers: boolean }): Promise<string> {
  // Entries past the page are counted, not kept, so the note can say how many there are.
  const kept: string[] = [];
  let total = 0;
  const grouped = options.before > 0 || options.after > 0;
  for await (const searched of files) {
    const text = await searchableText(searched, search);
    if (text === undefined) continue;
    const { lines, matched } = await findMatches(text, search.matcher, search.pace);
    if (matched.length === 0) continue;
    const entries = contentLines(searched.file.display, lines, matched, options);
    if (grouped && total > 0) entries.unshift("--");
    const room = page.offset + page.limit - kept.length;
    for (const entry of entries.slice(0, Math.max(room, 0))) kept.push(entry);
    total += entries.length;
  }
  if (total === 0) return withSkips("No matches found", search);
  return pagedResult(kept, page, { total, ...skipsFooter(search) });
}

async function countResult(files: AsyncIterable<SearchedFile>, search: Search, page: Page): Promise<string> {
  const entries: string[] = [];
  let total = 0;
  for await (const searched of files) {
    const text = await searchableText(searched, search);
    if (text === undefined) continue;
    const count = (await findMatches(text, search.matcher, search.pace)).matched.length;
    if (count === 0) continue;
    entries.push(`${searched.file.display}:${count}`);
    total += count;
  }
  if (entries.length === 0) return withSkips("No matches found", search);
  const found = `Found ${total} matching ${total === 1 ? "line" : "lines"} in ${plural(entries.length, "file")}`;
  return pagedResult(entries, page, { footer: withSkips(found, search) });
}

async function filesResult(files: AsyncIterable<SearchedFile>, search: Search, page: Page): Promise<string> {
  const found: DatedFile[] = [];
  for await (const searched of files) {
    const text = await searchableText(searched, search);
    if (text === undefined || !(await hasMatch(text, search.matcher, search.pace))) continue;
    const mtimeMs = await modifiedAt(searched.file.real);
    if (mtimeMs !== undefined) found.push({ display: searched.file.display, mtimeMs });
  }
  if (found.length === 0) return withSkips("No files found", search);
  return pagedResult(sortNewestFirst(found), page, { header: `Found ${plural(found.length, "file")}`, ...skipsFooter(search) });
}

// A file's text, or undefined for one to skip as ripgrep does: binary, too large, unreadable, not
// a regular file, or gone since the walk; and, counted, one with more than one hard link. The
// file the model named is refused instead, with the reason.
async function searchableText(searched: SearchedFile, search: Search): Promise<string | undefined> {
  const { file, named } = searched;
  let opened;
  try {
    opened = await openVerified(file, "read", "search");
  } catch (error) {
    if (!named && isUnreadable(error)) return undefined;
    throw error;
  }
  if (opened.kind === "hard-linked") search.hardLinked++;
  if (opened.kind !== "file") {
    if (named && opened.kind !== "missing") throw refusal(opened, file, "search", "it is a folder, not a file");
    return undefined;
  }
  let bytes: Buffer;
  try {
    if (opened.stats.size > MAX_TEXT_FILE_BYTES) return undefined;
    bytes = await opened.handle.readFile();
  } catch (error) {
    if (!named && isUnreadable(error)) return undefined;
    throw error;
  } finally {
    await opened.handle.close();
  }
  return looksBinary(bytes) ? undefined : bytes.toString("utf8");
}

function isUnreadable(error: unknown): boolean {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const code = errnoCode(cause);
  return code === "ENOENT" || code === "EACCES" || code === "EPERM";
}

// "(skipped 2 files with more than one hard link: ...)", after the results, when there were any.
function skipsNote(search: Search): string | undefined {
  if (search.hardLinked === 0) return undefined;
  return search.hardLinked === 1
    ? "(skipped 1 file with more than one hard link: it may be another name for a file outside the project folder)"
    : `(skipped ${search.hardLinked} files with more than one hard link: they may be other names for files outside the project folder)`;
}

function skipsFooter(search: Search): { footer?: string } {
  const note = skipsNote(search);
  return note === undefined ? {} : { footer: note };
}

function withSkips(text: string, search: Search): string {
  const note = skipsNote(search);
  return note === undefined ? text : `${text}\n\n${note}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

const GREP_DESCRIPTION = [
  "Search the contents of files in the project folder with a regular expression (RE2 syntax, as ripgrep takes it: " +
    'escape literal braces and dots, e.g. "interface\\{\\}" or "a\\.b"; inline flags like (?i) work, ' +
    "backreferences and lookaround do not).",
  "Use it instead of running grep or rg through Bash.",
  "path is a file or folder to search (absolute or relative to the project folder; default the whole project folder); " +
    "paths outside the project folder are refused. Narrow the files with glob (e.g. \"*.ts\", \"src/**/*.tsx\") or type (e.g. \"py\").",
  'output_mode: "files_with_matches" (default) lists matching files, most recently modified first; ' +
    '"content" shows matching lines as path:line:text, with -A/-B/-C context lines; "count" shows matching lines per file.',
  "-i ignores case; multiline: true lets a match span lines.",
  `Results are bounded: use head_limit and offset to page, at most ${GREP_MAX_ENTRIES} entries per call. ` +
    "node_modules and .git folders, the studio's run records in .june/, binary files, symlinks and files with more than one hard link are skipped.",
].join("\n");
