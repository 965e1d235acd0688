// Claude Code's Edit: replaces an exact string in a file, once (it must be unique) or everywhere.
// Failures are thrown so the model sees them as a tool error and can Read and retry. The file is
// opened once, checked (opened-file.ts), read and rewritten through the same descriptor; the
// matching rules, which MultiEdit shares, are replace-text.ts.
import type { FileHandle } from "node:fs/promises";
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { markBuiltin } from "../builtin.ts";
import { confine, DEFAULT_STUDIO_DATA } from "./confine.ts";
import type { ConfinedPath } from "./confine.ts";
import type { JuneError } from "../../errors/index.ts";
import { builtinError, fileError } from "./file-errors.ts";
import { openForWriting, overwrite } from "./opened-file.ts";
import { describeLines, occurrencesOf, replaceText } from "./replace-text.ts";
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
  if (!validUtf8) throw notUtf8(file);
  const replaced = replaceText(text, { old_string: oldString, new_string: newString, replace_all: replaceAll });
  if (!replaced.ok) throw builtinError(`june: could not edit ${file.display}: ${replaced.reason}`);
  return { next: replaced.text, summary: `replaced ${occurrencesOf(replaced.count)} (${describeLines(replaced.lines, MAX_LISTED_LINES)})` };
}

/** The refusal for a file that is not UTF-8 text, which a rewrite would corrupt. */
export function notUtf8(file: ConfinedPath): JuneError {
  return builtinError(`june: could not edit ${file.display}: it is not UTF-8 text, and editing would corrupt it; use Bash (e.g. sed) instead`);
}

// An empty old_string creates the file, as in Claude Code; an existing file with content is
// refused so a whole file is never replaced by mistake.
async function createWithEdit(file: ConfinedPath, content: string): Promise<string> {
  await createForEdit(file, content, `old_string is empty, which creates a new file, but ${file.display} already exists; give the text to replace in old_string`);
  return `Created ${file.display} (${lineCount(content)})`;
}

/**
 * Writes `content` as a new file (an empty old_string's edit, Edit's or MultiEdit's); a file that
 * exists with content is refused with `exists`, so a whole file is never replaced by mistake.
 */
export async function createForEdit(file: ConfinedPath, content: string, exists: string): Promise<void> {
  const { handle } = await openForWriting(file, "edit", exists);
  try {
    if ((await handle.stat()).size > 0) throw builtinError(`june: could not edit ${file.display}: ${exists}`);
    await save(file, handle, content);
  } finally {
    await handle.close();
  }
}

/** Writes an edit's result through the descriptor it was read by; a failure names the file. */
export async function save(file: ConfinedPath, handle: FileHandle, text: string): Promise<void> {
  try {
    await overwrite(handle, text);
  } catch (error) {
    throw fileError("edit", file.display, error);
  }
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
