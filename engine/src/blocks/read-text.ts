// Reading a block's text file, with errors that name the file and say what to do.
import { readFile } from "node:fs/promises";
import { JuneError } from "../errors/index.ts";

/** The UTF-8 text of `file`; JUNE_BLOCK_FAILED naming the file when it can't be read. */
export async function readText(file: string, signal?: AbortSignal): Promise<string> {
  try {
    return await readFile(file, signal ? { encoding: "utf8", signal } : { encoding: "utf8" });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new JuneError("JUNE_BLOCK_FAILED", `june: ${unreadable(file, error)}`, { cause: error });
  }
}

/** Why `file` could not be read, as the rest of a sentence for a message. */
export function unreadable(file: string, error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === "ENOENT") return `there is no file at ${file}: create it, or fix the path.`;
  if (code === "EISDIR") return `${file} is a folder, not a text file: point at a file.`;
  if (code === "EACCES" || code === "EPERM") return `${file} can't be read (permission denied): make it readable.`;
  return `${file} could not be read: ${error instanceof Error ? error.message : String(error)}`;
}
