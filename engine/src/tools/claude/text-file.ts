// Reads a file the model asked for as text, refusing what is not a readable text file (missing,
// a folder, binary, huge) with a message that says what to do instead. Shared by Read and Edit.
import { readFile, stat } from "node:fs/promises";
import type { Stats } from "node:fs";
import { looksBinary } from "./binary.ts";
import { builtinError, errnoCode, fileError } from "./file-errors.ts";
import type { ConfinedPath } from "./confine.ts";

/** Files above this size are refused rather than loaded whole into memory. */
export const MAX_TEXT_FILE_BYTES = 25 * 1024 * 1024;

/** A text file's content, and whether its bytes were valid UTF-8 (else `text` has U+FFFD in places). */
export interface TextFile {
  text: string;
  validUtf8: boolean;
}

// ignoreBOM keeps a byte-order mark in the text, so an edit writes it back.
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The text of `file`; throws `JUNE_BUILTIN_FAILED` when it is missing, a folder, too large or
 * binary. `action` names the tool's verb in the messages ("read", "edit").
 *
 * @example
 * const { text } = await readTextFile(await confine(root, "src/a.ts"), "read");
 */
export async function readTextFile(file: ConfinedPath, action: string): Promise<TextFile> {
  const stats = await statFile(file, action);
  if (stats === undefined) {
    throw builtinError(`june: could not ${action} ${file.display}: it does not exist; use Glob to find the file's path`);
  }
  if (stats.isDirectory()) {
    throw builtinError(`june: could not ${action} ${file.display}: it is a folder, not a file; use Glob to list the files in it`);
  }
  if (stats.size > MAX_TEXT_FILE_BYTES) {
    throw builtinError(
      `june: could not ${action} ${file.display}: it is ${stats.size} bytes, over the ${MAX_TEXT_FILE_BYTES}-byte limit; ` +
        "use Grep to find the lines you need",
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file.real);
  } catch (error) {
    throw fileError(action, file.display, error);
  }
  if (looksBinary(bytes)) {
    throw builtinError(`june: could not ${action} ${file.display}: it looks like a binary file, and only text files can be ${action === "read" ? "read" : "edited"}`);
  }
  try {
    return { text: strictUtf8.decode(bytes), validUtf8: true };
  } catch {
    // Not UTF-8 (e.g. Latin-1): still readable, with replacement characters where bytes don't decode.
    return { text: lenientUtf8.decode(bytes), validUtf8: false };
  }
}

/** The file's stats, or undefined when nothing is there. */
export async function statFile(file: ConfinedPath, action: string): Promise<Stats | undefined> {
  try {
    return await stat(file.real);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return undefined;
    throw fileError(action, file.display, error);
  }
}

/**
 * The lines of `text`, split on LF or CRLF; a final newline ends the last line rather than
 * starting an empty one.
 *
 * @example
 * splitLines("a\r\nb\n"); // ["a", "b"]
 */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** "1 line", "3 lines": how long `text` is, for a confirmation. */
export function lineCount(text: string): string {
  const count = splitLines(text).length;
  return `${count} ${count === 1 ? "line" : "lines"}`;
}
