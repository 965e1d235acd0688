// Reads a file the model asked for as text, refusing what is not a readable text file (missing,
// a folder, binary, huge, a hard link) with a message that says what to do instead. Shared by
// Read and Edit; the file is opened and checked by opened-file.ts.
import { stat } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import type { Stats } from "node:fs";
import { looksBinary } from "./binary.ts";
import { builtinError, errnoCode, fileError } from "./file-errors.ts";
import type { ConfinedPath } from "./confine.ts";
import { openFile } from "./opened-file.ts";

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
 * binary, and `JUNE_PATH_OUTSIDE_ROOT` for a hard link (see opened-file.ts). `action` names the
 * tool's verb in the messages ("read", "edit").
 *
 * @example
 * const { text } = await readTextFile(await confine(root, "src/a.ts"), "read");
 */
export async function readTextFile(file: ConfinedPath, action: string): Promise<TextFile> {
  const { handle, text } = await openTextFile(file, "read", action);
  await handle.close();
  return text;
}

/**
 * Opens `file` (to read, or to read and then rewrite it) and reads its text, with the failures of
 * {@link readTextFile}. The caller closes the handle; Edit writes its change through it, so the
 * file it changes is the one it read.
 *
 * @example
 * const { handle, text } = await openTextFile(file, "read-write", "edit");
 * try { await overwrite(handle, text.text.replace("a", "b")); } finally { await handle.close(); }
 */
export async function openTextFile(file: ConfinedPath, mode: "read" | "read-write", action: string): Promise<{ handle: FileHandle; text: TextFile }> {
  const opened = await openFile(file, mode, action, "it is a folder, not a file; use Glob to list the files in it");
  if (opened.kind === "missing") {
    throw builtinError(`june: could not ${action} ${file.display}: it does not exist; use Glob to find the file's path`);
  }
  const { handle, stats } = opened;
  try {
    return { handle, text: await readOpenText(handle, stats, file.display, action) };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function readOpenText(handle: FileHandle, stats: Stats, display: string, action: string): Promise<TextFile> {
  if (stats.size > MAX_TEXT_FILE_BYTES) {
    throw builtinError(
      `june: could not ${action} ${display}: it is ${stats.size} bytes, over the ${MAX_TEXT_FILE_BYTES}-byte limit; ` +
        "use Grep to find the lines you need",
    );
  }
  let bytes: Buffer;
  try {
    bytes = await handle.readFile();
  } catch (error) {
    throw fileError(action, display, error);
  }
  if (looksBinary(bytes)) {
    throw builtinError(`june: could not ${action} ${display}: it looks like a binary file, and only text files can be ${action === "read" ? "read" : "edited"}`);
  }
  return decodeText(bytes);
}

/** `bytes` as text: strict UTF-8 when they are, else with U+FFFD where they don't decode. */
function decodeText(bytes: Uint8Array): TextFile {
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
