// `fromFile`: a block value that is a file's text, read each time the block resolves, so an edit
// to the file shows in the next run without reloading the workflow.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readText } from "./read-text.ts";
import type { BlockResolver } from "./types.ts";

/**
 * A resolver that reads the UTF-8 file at `path` when the block resolves. A relative path is
 * taken from the working directory when `fromFile` is called; a `file:` URL (e.g.
 * `new URL("./tone.md", import.meta.url)`) from where it points. A file that is missing or
 * unreadable at resolution time fails with JUNE_BLOCK_FAILED naming the path.
 *
 * @example
 * blocks: {
 *   tone: { mode: "inject", value: fromFile("./prompts/tone.md") },
 *   handbook: { mode: "progressive", value: fromFile(new URL("./handbook.md", import.meta.url)) },
 * }
 */
export function fromFile(path: string | URL): BlockResolver {
  const file = typeof path === "string" ? resolve(path) : fileURLToPath(path);
  return ({ signal }) => readText(file, signal);
}
