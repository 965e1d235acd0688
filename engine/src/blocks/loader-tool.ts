// The synthetic tool a progressive block becomes: `_block__load__<name>`, no input, returns the
// block's text. A hidden marker lets the run engine tell loader calls from the agent's own tools.
import { tool, type Tool, type ToolExecutionOptions } from "ai";
import { z } from "zod";
import { resolveBlockValue } from "./resolve-value.ts";
import type { FlatBlock } from "./types.ts";

// Symbol.for, so a tool made by another bundled copy of the engine is still recognised.
const BLOCK_LOADER = Symbol.for("june.blocks.loader");

/** The input a loader takes: nothing. */
const NO_INPUT = z.object({});

/**
 * The loader tool of a progressive block: its execute runs the block's resolver with the call's
 * abort signal (or `signal` when the call has none) and returns the text to the model.
 */
export function loaderTool(block: FlatBlock, signal: AbortSignal): Tool<Record<string, never>, string> {
  const loader = tool({
    description: loaderDescription(block),
    inputSchema: NO_INPUT,
    execute: (_input: Record<string, never>, options: ToolExecutionOptions<any>) => resolveBlockValue(block, options.abortSignal ?? signal),
  }) as Tool<Record<string, never>, string>;
  Object.defineProperty(loader, BLOCK_LOADER, { value: block.name, enumerable: false });
  return loader;
}

function loaderDescription(block: FlatBlock): string {
  const what = block.description ? `: ${block.description.trim()}` : ".";
  return (
    `Loads the "${block.name}" block${what} ` +
    "Call it (it takes no input) when you need this block; it returns the block's text."
  );
}

/**
 * True for the loader tool of a progressive block, made by `resolveBlocks`, so a caller can
 * record its calls as blocks loaded rather than as tool calls.
 *
 * @example
 * const { loaders } = await resolveBlocks(blocks, { signal });
 * isBlockLoader(loaders["_block__load__skills__onboarding"]); // true
 * isBlockLoader(myTool); // false
 */
export function isBlockLoader(candidate: unknown): boolean {
  return blockNameOf(candidate) !== undefined;
}

/**
 * The flattened name of the block a loader tool loads, or undefined for any other tool.
 *
 * @example
 * blockNameOf(loaders["_block__load__skills__onboarding"]); // "skills__onboarding"
 */
export function blockNameOf(candidate: unknown): string | undefined {
  if (typeof candidate !== "object" || candidate === null) return undefined;
  const name: unknown = (candidate as Record<symbol, unknown>)[BLOCK_LOADER];
  return typeof name === "string" ? name : undefined;
}
