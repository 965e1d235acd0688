// Claude Code's MultiEdit: several Edit replacements in one file, applied in order, each to the
// text the ones before it left, with Edit's matching rules (replace-text.ts). All or none: every
// edit is made in memory first, and the file is written once, only when all of them succeeded;
// one that fails leaves the file untouched and says which edit it was and why.
import { tool } from "ai";
import type { ExecutableTool, Tool } from "@ai-sdk/provider-utils";
import { z } from "zod";
import { markBuiltin } from "../builtin.ts";
import { confine, DEFAULT_STUDIO_DATA } from "./confine.ts";
import type { ConfinedPath } from "./confine.ts";
import { createForEdit, notUtf8, save } from "./edit.ts";
import { builtinError } from "./file-errors.ts";
import { occurrencesOf, replaceText } from "./replace-text.ts";
import type { TextEdit } from "./replace-text.ts";
import { lineCount, openTextFile } from "./text-file.ts";

/** What the model sends to MultiEdit. */
export interface MultiEditInput {
  file_path: string;
  edits: TextEdit[];
}

/** The MultiEdit tool. */
export type MultiEditTool = ExecutableTool<Tool<MultiEditInput, string>>;

// Characters of old_string and new_string quoted in the confirmation, as Claude Code does.
const QUOTED_CHARS = 50;

const multiEditInputSchema = z.object({
  file_path: z.string().min(1).describe("The file to change: an absolute path, or a path relative to the project folder."),
  edits: z
    .array(
      z.object({
        old_string: z.string().describe("The exact text to replace, including whitespace and indentation."),
        new_string: z.string().describe("The text to put in its place (must differ from old_string)."),
        replace_all: z.boolean().optional().describe("Replace every occurrence of old_string instead of exactly one (default false)."),
      }),
    )
    .min(1)
    .describe("The replacements, applied in order: each one works on the text the edits before it produced."),
});

/**
 * MultiEdit, confined to `root` and kept out of the `studioData` folders (absolute, or relative to `root`).
 *
 * @example
 * await multiEditTool("/work/app", false).execute({
 *   file_path: "src/a.ts",
 *   edits: [{ old_string: "let x", new_string: "const x" }, { old_string: "fmt(", new_string: "format(", replace_all: true }],
 * }, options);
 * // 'Applied 2 edits to src/a.ts:\n1. Replaced "let x" with "const x" (1 occurrence)\n2. Replaced "fmt(" with "format(" (3 occurrences)'
 */
export function multiEditTool(root: string, needsApproval: boolean, studioData: readonly string[] = DEFAULT_STUDIO_DATA): MultiEditTool {
  const multiEdit = tool({
    description: MULTI_EDIT_DESCRIPTION,
    inputSchema: multiEditInputSchema,
    needsApproval,
    execute: async ({ file_path, edits }) => {
      checkEdits(edits);
      const file = await confine(root, file_path, studioData);
      if (edits[0]!.old_string === "") return await createWithEdits(file, edits);
      return await editFile(file, edits);
    },
  });
  return markBuiltin(multiEdit, "MultiEdit");
}

/**
 * The text after every edit, each applied to the result of the ones before, with the number of
 * occurrences each replaced; throws naming the first edit that fails (1-based, and its index in
 * `edits`), and none is applied. `start` is the index the list begins at (1 when the first edit
 * created the file).
 *
 * @example
 * applyEdits("a.ts", "let a;\n", [{ old_string: "let", new_string: "const" }]); // { text: "const a;\n", counts: [1] }
 */
function applyEdits(display: string, text: string, edits: readonly TextEdit[], start = 0): { text: string; counts: number[] } {
  const counts: number[] = [];
  const inserted: string[] = [];
  let current = text;
  for (let index = start; index < edits.length; index++) {
    const edit = edits[index]!;
    const fail = (reason: string) => builtinError(`june: could not edit ${display}: ${which(index, edits.length)} failed: ${reason}; no edit was applied, so the file is unchanged`);
    if (edit.old_string === "") throw fail("its old_string is empty, which only the first edit may use, to create a new file; give the text to replace");
    // As in Claude Code: text an earlier edit put in is not edited again, which would make the
    // edits depend on each other in ways the model did not see in the file it read.
    const needle = edit.old_string.replace(/\n+$/, "");
    if (needle !== "" && inserted.some((added) => added.includes(needle))) {
      throw fail("its old_string is part of the new_string of an earlier edit; edit the original text, or fold the two edits into one");
    }
    const replaced = replaceText(current, edit);
    if (!replaced.ok) throw fail(replaced.reason);
    current = replaced.text;
    counts.push(replaced.count);
    inserted.push(edit.new_string);
  }
  return { text: current, counts };
}

// Checks that need no file: each edit changes something.
function checkEdits(edits: readonly TextEdit[]): void {
  edits.forEach((edit, index) => {
    if (edit.old_string === edit.new_string) {
      throw builtinError(
        `june: ${which(index, edits.length)} has the same old_string and new_string, so it changes nothing; give the new text in new_string, or leave the edit out (no edit was applied)`,
      );
    }
  });
}

// Read, apply every edit, and write back once through the descriptor read.
async function editFile(file: ConfinedPath, edits: readonly TextEdit[]): Promise<string> {
  const { handle, text } = await openTextFile(file, "read-write", "edit");
  try {
    if (!text.validUtf8) throw notUtf8(file);
    const { text: next, counts } = applyEdits(file.display, text.text, edits);
    await save(file, handle, next);
    return confirmation(file, edits, counts);
  } finally {
    await handle.close();
  }
}

// An empty old_string in the first edit creates the file with its new_string (as Edit does), and
// the other edits apply to that; an existing file with content is refused.
async function createWithEdits(file: ConfinedPath, edits: readonly TextEdit[]): Promise<string> {
  const exists = `the first edit's old_string is empty, which creates a new file, but ${file.display} already exists; give the text to replace in old_string (no edit was applied)`;
  const { text, counts } = applyEdits(file.display, edits[0]!.new_string, edits, 1);
  await createForEdit(file, text, exists);
  const rest = edits.length > 1 ? `, then ${confirmation(file, edits.slice(1), counts, 2).replace(/^Applied/, "applied")}` : "";
  return `Created ${file.display} (${lineCount(text)})${rest}`;
}

// "Applied 2 edits to a.ts:\n1. Replaced "x" with "y" (1 occurrence)\n…", numbered from `first`.
function confirmation(file: ConfinedPath, edits: readonly TextEdit[], counts: readonly number[], first = 1): string {
  const lines = edits.map((edit, index) => `${index + first}. Replaced ${quote(edit.old_string)} with ${quote(edit.new_string)} (${occurrencesOf(counts[index]!)})`);
  return [`Applied ${edits.length} ${edits.length === 1 ? "edit" : "edits"} to ${file.display}:`, ...lines].join("\n");
}

function quote(text: string): string {
  return JSON.stringify(text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}...` : text);
}

// "edit 2 of 3 (edits[1])": the model numbers from 1, its input from 0; both are named.
function which(index: number, total: number): string {
  return `edit ${index + 1} of ${total} (edits[${index}])`;
}

const MULTI_EDIT_DESCRIPTION = [
  "Make several replacements in one file of the project folder at once; prefer it to Edit when changing a file in more than one place.",
  "file_path is an absolute path or a path relative to the project folder; paths outside the project folder are refused.",
  "Each edit is like Edit's: old_string must appear in the file exactly as written, with its indentation " +
    "(leave out Read's line-number prefix), and exactly once unless replace_all is true; new_string must differ from it.",
  "The edits are applied in order, each to the text the edits before it produced, so plan them so an earlier edit " +
    "does not change the text a later one looks for. An edit may not look for text an earlier edit put in.",
  "All or none: when any edit fails, none is applied and the file is unchanged; the error says which edit failed and why.",
  "To create a file, give an empty old_string in the first edit: its new_string becomes the file's content, and the other edits apply to it.",
  "Read the file first.",
].join("\n");
