// Resolving an agent's blocks for one run: inject blocks become sections of the system prompt,
// progressive blocks become loader tools the model calls when it needs them.
import type { ToolSet } from "ai";
import { flattenBlocks } from "./flatten.ts";
import { loaderTool } from "./loader-tool.ts";
import { loaderToolName } from "./names.ts";
import { resolveBlockValue } from "./resolve-value.ts";
import type { BlockContext, Blocks } from "./types.ts";

/** What an agent's blocks contribute to a run. */
export interface ResolvedBlocks {
  /** The inject blocks as `## <name>\n<text>` sections, in order, separated by a blank line; "" if none. */
  instructions: string;
  /** One loader tool per progressive block, keyed `_block__load__<name>`. */
  loaders: ToolSet;
  /** Every block's flattened name, in order. */
  names: string[];
}

/**
 * Resolves `blocks` for a run: checks and flattens them (see `flattenBlocks` for the errors),
 * awaits every inject block's resolver with `signal` and joins the texts into system-prompt
 * sections, and makes a loader tool for every progressive block. A resolver that throws or
 * returns something other than text fails with JUNE_BLOCK_FAILED naming the block; an abort
 * rejects with the abort's reason.
 *
 * @example
 * const { instructions, loaders } = await resolveBlocks(
 *   {
 *     tone: { mode: "inject", value: "Be terse." },
 *     skills: { onboarding: { mode: "progressive", value: fromFile("./onboarding.md"), description: "Greeting new users" } },
 *   },
 *   { signal },
 * );
 * instructions; // "## tone\nBe terse."
 * Object.keys(loaders); // ["_block__load__skills__onboarding"]
 */
export async function resolveBlocks(blocks: Blocks, { signal }: BlockContext): Promise<ResolvedBlocks> {
  const flat = flattenBlocks(blocks);
  signal.throwIfAborted();
  const injected = flat.filter((block) => block.mode === "inject");
  const texts = await Promise.all(injected.map((block) => resolveBlockValue(block, signal)));
  const instructions = injected.map((block, index) => `## ${block.name}\n${texts[index]}`).join("\n\n");
  const loaders: ToolSet = {};
  for (const block of flat) {
    if (block.mode === "progressive") loaders[loaderToolName(block.name)] = loaderTool(block, signal);
  }
  return { instructions, loaders, names: flat.map((block) => block.name) };
}
