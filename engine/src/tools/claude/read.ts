// Claude Code's Read: a text file's lines numbered like `cat -n`, a window of them at a time.
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { markBuiltin } from "../builtin.ts";
import { confine, DEFAULT_STUDIO_DATA } from "./confine.ts";
import { readTextFile, splitLines } from "./text-file.ts";

/** What the model sends to Read. */
export interface ReadInput {
  file_path: string;
  offset?: number;
  limit?: number;
}

/** The Read tool. */
export type ReadTool = ExecutableTool<Tool<ReadInput, string>>;

/** Lines shown when the model gives no limit. */
export const READ_DEFAULT_LIMIT = 2000;
/** Characters kept of one line; minified files would otherwise flood the context. */
export const READ_MAX_LINE_CHARS = 2000;
/** Characters one Read returns at most; the rest is left for the next offset. */
export const READ_MAX_CHARS = 250_000;

const readInputSchema = z.object({
  file_path: z.string().min(1).describe("The file to read: an absolute path, or a path relative to the project folder."),
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("The line number to start reading from (1 is the first line). Only provide if the file is too large to read at once."),
  limit: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(`The number of lines to read (default ${READ_DEFAULT_LIMIT}). Only provide if the file is too large to read at once.`),
});

/**
 * Read, confined to `root` and kept out of the `studioData` folders (absolute, or relative to `root`).
 *
 * @example
 * await readTool("/work/app", false).execute({ file_path: "README.md", limit: 10 }, options);
 * // "     1\t# App\n     2\t..."
 */
export function readTool(root: string, needsApproval: boolean, studioData: readonly string[] = DEFAULT_STUDIO_DATA): ReadTool {
  const read = tool({
    description: READ_DESCRIPTION,
    inputSchema: readInputSchema,
    needsApproval,
    execute: async ({ file_path, offset, limit }) => {
      const file = await confine(root, file_path, studioData);
      const { text } = await readTextFile(file, "read");
      return numberedWindow(file.display, splitLines(text), Math.max(offset ?? 1, 1), limit ?? READ_DEFAULT_LIMIT);
    },
  });
  return markBuiltin(read, "Read");
}

/**
 * Lines `first`..`first + count - 1` (1-based) of `lines` as `cat -n` prints them, with a note
 * saying how to read on when lines are left.
 *
 * @example
 * numberedWindow("a.txt", ["x", "y", "z"], 2, 1);
 * // "     2\ty\n\n(showing lines 2-2 of 3 in a.txt; read on with offset: 3)"
 */
export function numberedWindow(display: string, lines: readonly string[], first: number, count: number): string {
  if (lines.length === 0) return `(the file ${display} is empty)`;
  if (first > lines.length) {
    return `(the file ${display} has ${lines.length} lines, so there is nothing from line ${first}; use a smaller offset)`;
  }
  const out: string[] = [];
  let chars = 0;
  let last = first - 1;
  for (let number = first; number < first + count && number <= lines.length; number++) {
    const line = numberLine(number, lines[number - 1]!);
    // Always show at least one line, so a huge first line cannot stall the reader.
    if (out.length > 0 && chars + line.length + 1 > READ_MAX_CHARS) break;
    out.push(line);
    chars += line.length + 1;
    last = number;
  }
  if (last < lines.length) out.push("", `(showing lines ${first}-${last} of ${lines.length} in ${display}; read on with offset: ${last + 1})`);
  return out.join("\n");
}

function numberLine(number: number, line: string): string {
  const shown = line.length > READ_MAX_LINE_CHARS ? `${line.slice(0, READ_MAX_LINE_CHARS)}… (line cut at ${READ_MAX_LINE_CHARS} characters)` : line;
  return `${String(number).padStart(6)}\t${shown}`;
}

const READ_DESCRIPTION = [
  "Read a text file from the project folder.",
  "file_path is an absolute path or a path relative to the project folder; paths outside the project folder are refused.",
  `By default up to ${READ_DEFAULT_LIMIT} lines are returned from the start of the file; for long files, pass offset (the 1-based line to start at) and limit (how many lines).`,
  `Lines longer than ${READ_MAX_LINE_CHARS} characters are cut.`,
  "The result is numbered like `cat -n`: each line is the line number, a tab, then the line's text. " +
    "The number and tab are not part of the file: leave them out when you copy text into Edit's old_string.",
  "Reading a folder fails (use Glob to list files), and so does reading a binary file (images, archives), " +
    "a file with more than one hard link, or the studio's run records in .june/.",
  "You can read several files at once by calling Read more than once in the same response.",
].join("\n");
