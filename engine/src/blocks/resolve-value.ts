// Turning one block's value into its text: a string as is, a resolver awaited with the signal,
// and a resolver that fails or returns something other than text reported under the block's path.
import { JuneError } from "../errors/index.ts";
import { describePath } from "./names.ts";
import type { FlatBlock } from "./types.ts";

/** The text of `block`: its value, or what its resolver returns for `signal`. */
export async function resolveBlockValue(block: FlatBlock, signal: AbortSignal): Promise<string> {
  signal.throwIfAborted();
  if (typeof block.value === "string") return block.value;
  let text: unknown;
  try {
    text = await block.value({ signal });
  } catch (error) {
    // An abort stays an abort, so the run reports it as one rather than as a broken block.
    if (signal.aborted) throw error;
    throw new JuneError(
      "JUNE_BLOCK_FAILED",
      `june: the block ${describePath(block.path)} could not be resolved: ${reasonOf(error)}`,
      { cause: error },
    );
  }
  if (typeof text !== "string") {
    throw new JuneError(
      "JUNE_BLOCK_FAILED",
      `june: the block ${describePath(block.path)} resolved to ${text === null ? "null" : typeof text}, not text: its function must return (or resolve to) a string.`,
    );
  }
  return text;
}

// A JuneError's message already starts with "june: "; inside ours it would read twice.
function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/^june: /, "");
}
