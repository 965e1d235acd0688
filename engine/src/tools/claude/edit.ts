// Claude Code's Edit: replaces an exact string in a file, once (it must be unique) or everywhere.
// Failures are thrown so the model sees them as a tool error and can Read and retry. The file is
// opened once, checked (opened-file.ts), read and rewritten through the same descriptor.
import type { FileHandle } from "node:fs/promises";
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { markBuiltin } from "../builtin.ts";
import { confine, DEFAULT_STUDIO_DATA } from "./confine.ts";
import type { ConfinedPath } from "./confine.ts";
import { builtinError, fileError } from "./file-errors.ts";
import { openForWriting, overwrite } from "./opened-file.ts";
import { lineCount, openTextFile } from "./text-file.ts";
import type { TextFile } from "./text-file.ts";

/** What the model sends to Edit. */
export interface EditInput {
  file_path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

/** The Edit tool. */
export type EditTool = ExecutableTool<Tool<EditInput, string>>;

// Line numbers listed in a confirmation, at most.
const MAX_LISTED_LINES = 10;

const editInputSchema = z.object({
  file_path: z.string().min(1).describe("The file to change: an absolute path, or a path relative to the project folder."),
  old_string: z.string().describe("The exact text to replace, including whitespace and indentation."),
  new_string: z.string().describe("The text to put in its place (must differ from old_string)."),
  replace_all: z.boolean().optional().describe("Replace every occurrence of old_string instead of exactly one (default false)."),
});

/**
 * Edit, confined to `root` and kept out of the `studioData` folders (absolute, or relative to `root`).
 *
 * @example
 * await editTool("/work/app", false).execute({ file_path: "a.ts", old_string: "let x", new_string: "const x" }, options);
 * // "Edited a.ts: replaced 1 occurrence (line 3)"
 */
export function editTool(root: string, needsApproval: boolean, studioData: readonly string[] = DEFAULT_STUDIO_DATA): EditTool {
  const edit = tool({
    description: EDIT_DESCRIPTION,
    inputSchema: editInputSchema,
    needsApproval,
    execute: async ({ file_path, old_string, new_string, replace_all }) => {
      if (old_string === new_string) {
        throw builtinError("june: old_string and new_string are the same, so there is nothing to change; give the new text in new_string");
      }
      const file = await confine(root, file_path, studioData);
      if (old_string === "") return await createWithEdit(file, new_string);
      return await replaceInFile(file, old_string, new_string, replace_all ?? false);
    },
  });
  return markBuiltin(edit, "Edit");
}

// Read, replace and write back through one descriptor, so the file changed is the file read.
async function replaceInFile(file: ConfinedPath, oldString: string, newString: string, replaceAll: boolean): Promise<string> {
  const { handle, text } = await openTextFile(file, "read-write", "edit");
  try {
    const { next, summary } = replacement(file, text, oldString, newString, replaceAll);
    await save(file, handle, next);
    return `Edited ${file.display}: ${summary}`;
  } finally {
    await handle.close();
  }
}

// The file's new text, or the error saying why old_string cannot be replaced in it.
function replacement(file: ConfinedPath, { text, validUtf8 }: TextFile, oldString: string, newString: string, replaceAll: boolean): { next: string; summary: string } {
  if (!validUtf8) {
    throw builtinError(`june: could not edit ${file.display}: it is not UTF-8 text, and editing would corrupt it; use Bash (e.g. sed) instead`);
  }
  const [from, to] = matchLineEndings(text, oldString, newString);
  const positions = occurrences(text, from);
  if (positions.length === 0) {
    throw builtinError(
      `june: could not edit ${file.display}: old_string was not found in it; Read the file and copy the text exactly, ` +
        "including whitespace and indentation, without the line-number prefix",
    );
  }
  if (positions.length > 1 && !replaceAll) {
    throw builtinError(
      `june: could not edit ${file.display}: old_string occurs ${positions.length} times in it; ` +
        "include more surrounding lines to make it unique, or set replace_all: true to replace every occurrence",
    );
  }
  const replaced = replaceAll ? positions : positions.slice(0, 1);
  const next = spliceAll(text, replaced, from.length, to);
  const summary = `replaced ${replaced.length} ${replaced.length === 1 ? "occurrence" : "occurrences"} (${linesOf(next, replaced, from.length, to)})`;
  return { next, summary };
}

// An empty old_string creates the file, as in Claude Code; an existing file with content is
// refused so a whole file is never replaced by mistake.
async function createWithEdit(file: ConfinedPath, content: string): Promise<string> {
  const exists = `old_string is empty, which creates a new file, but ${file.display} already exists; give the text to replace in old_string`;
  const { handle } = await openForWriting(file, "edit", exists);
  try {
    if ((await handle.stat()).size > 0) throw builtinError(`june: could not edit ${file.display}: ${exists}`);
    await save(file, handle, content);
  } finally {
    await handle.close();
  }
  return `Created ${file.display} (${lineCount(content)})`;
}

async function save(file: ConfinedPath, handle: FileHandle, text: string): Promise<void> {
  try {
    await overwrite(handle, text);
  } catch (error) {
    throw fileError("edit", file.display, error);
  }
}

// Read shows CRLF files without their \r, so a model's old_string has bare \n; match the file's
// line endings when only the CRLF form occurs.
function matchLineEndings(text: string, oldString: string, newString: string): [string, string] {
  if (!text.includes("\r\n") || text.includes(oldString) || oldString.includes("\r")) return [oldString, newString];
  const crlf = (value: string) => value.replace(/\r?\n/g, "\r\n");
  return [crlf(oldString), crlf(newString)];
}

/** Start offsets of the non-overlapping occurrences of `needle` in `text`. */
export function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

// Splices by offset rather than String.replace, whose `$&`-style patterns would rewrite new_string.
function spliceAll(text: string, positions: readonly number[], length: number, replacement: string): string {
  const parts: string[] = [];
  let from = 0;
  for (const at of positions) {
    parts.push(text.slice(from, at), replacement);
    from = at + length;
  }
  parts.push(text.slice(from));
  return parts.join("");
}

// "line 3" / "lines 3, 9": where each replacement starts in the new text.
function linesOf(next: string, positions: readonly number[], oldLength: number, replacement: string): string {
  const shift = replacement.length - oldLength;
  const lines = positions.slice(0, MAX_LISTED_LINES).map((at, index) => lineAt(next, at + index * shift));
  const more = positions.length > MAX_LISTED_LINES ? `, and ${positions.length - MAX_LISTED_LINES} more` : "";
  return `${lines.length === 1 ? "line" : "lines"} ${lines.join(", ")}${more}`;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) line++;
  return line;
}

const EDIT_DESCRIPTION = [
  "Replace exact text in a file in the project folder.",
  "file_path is an absolute path or a path relative to the project folder; paths outside the project folder are refused.",
  "Read the file first, then copy old_string exactly as it appears, with its indentation; " +
    "leave out Read's line-number prefix (the number and the tab before each line).",
  "The edit fails when old_string is not in the file, or when it occurs more than once and replace_all is not set: " +
    "then include more surrounding lines so it is unique, or set replace_all: true to change every occurrence (useful for renaming).",
  "new_string must differ from old_string. An empty old_string creates a new file with new_string as its content.",
].join("\n");
