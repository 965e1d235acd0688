// Flattening a blocks tree into canonical names (`group__leaf`), and every rule a tree must keep
// to get there: non-empty keys, nothing in the reserved `_block_` namespace, no two blocks under
// one name, provider-safe loader tool names, and no group that contains itself.
import { JuneError } from "../errors/index.ts";
import {
  describePath,
  GROUP_SEPARATOR,
  LOADER_PREFIX,
  LOADER_TOOL_NAME,
  loaderToolName,
  RESERVED_PREFIX,
} from "./names.ts";
import type { BlockBody, Blocks, FlatBlock } from "./types.ts";

/**
 * True for a block (an object with a string `mode`); any other object is a group.
 *
 * @example
 * isBlockBody({ mode: "inject", value: "Be terse." }); // true
 * isBlockBody({ tone: { mode: "inject", value: "Be terse." } }); // false: a group
 */
export function isBlockBody(value: unknown): value is BlockBody {
  return typeof value === "object" && value !== null && typeof (value as { mode?: unknown }).mode === "string";
}

/**
 * The blocks of `blocks` in depth-first order, each under its canonical name: the keys from the
 * top level down joined by `__`. `false` entries are skipped. Throws JuneError, naming the
 * block's path, for an empty key or a malformed block (JUNE_INVALID_BLOCK), a key or flattened
 * name in the reserved `_block_` namespace (JUNE_INVALID_BLOCK), two blocks that flatten to one
 * name (JUNE_BLOCK_COLLISION), a progressive block whose loader tool name a provider would refuse
 * (JUNE_BLOCK_TOOL_NAME), and a group that contains itself (JUNE_BLOCK_CYCLE).
 *
 * @example
 * flattenBlocks({
 *   tone: { mode: "inject", value: "Be terse." },
 *   skills: { onboarding: { mode: "progressive", value: "Greet them." } },
 * }).map((block) => block.name);
 * // ["tone", "skills__onboarding"]
 */
export function flattenBlocks(blocks: Blocks): FlatBlock[] {
  if (!isGroup(blocks)) {
    throw new JuneError(
      "JUNE_INVALID_BLOCK",
      `june: blocks must be an object of named blocks, e.g. { tone: { mode: "inject", value: "Be terse." } }, not ${shown(blocks)}.`,
    );
  }
  const flat: FlatBlock[] = [];
  const seen = new Map<string, string[]>();
  visitGroup(blocks, [], [blocks], flat, seen);
  return flat;
}

function visitGroup(group: Blocks, path: string[], ancestors: object[], flat: FlatBlock[], seen: Map<string, string[]>): void {
  for (const [key, value] of Object.entries(group)) {
    const at = [...path, key];
    checkKey(key, at);
    if (value === false) continue;
    if (isBlockBody(value)) {
      const block = flatBlock(value, at);
      checkFlatName(block, seen);
      seen.set(block.name, at);
      flat.push(block);
      continue;
    }
    if (!isGroup(value)) {
      throw new JuneError(
        "JUNE_INVALID_BLOCK",
        `june: the block ${describePath(at)} is ${shown(value)}, which is neither a block nor a group: ` +
          `write a block ({ mode: "inject" | "progressive", value }), a group of blocks ({ name: block, ... }), or false to remove a default.`,
      );
    }
    const again = ancestors.indexOf(value);
    if (again !== -1) {
      throw new JuneError(
        "JUNE_BLOCK_CYCLE",
        `june: the blocks contain themselves: ${describePath(at)} is ${again === 0 ? "the whole blocks record" : `the group ${describePath(at.slice(0, again))}`} again. ` +
          `A group can't hold itself; give it a copy of the blocks it should share instead.`,
      );
    }
    visitGroup(value, at, [...ancestors, value], flat, seen);
  }
}

function checkKey(key: string, at: string[]): void {
  if (key === "") {
    throw new JuneError(
      "JUNE_INVALID_BLOCK",
      `june: the block ${describePath(at)} has an empty name: give every block and group a non-empty key.`,
    );
  }
  if (key.startsWith(RESERVED_PREFIX)) {
    throw new JuneError(
      "JUNE_INVALID_BLOCK",
      `june: the block ${describePath(at)} is named in the reserved "${RESERVED_PREFIX}" namespace, which June keeps for its loader tools: rename ${JSON.stringify(key)}.`,
    );
  }
}

function flatBlock(body: BlockBody, at: string[]): FlatBlock {
  const where = describePath(at);
  if (body.mode !== "inject" && body.mode !== "progressive") {
    throw new JuneError(
      "JUNE_INVALID_BLOCK",
      `june: the block ${where} has mode ${JSON.stringify(body.mode)}: use "inject" (always in the system prompt) or "progressive" (loaded by the model through a tool).`,
    );
  }
  if (typeof body.value !== "string" && typeof body.value !== "function") {
    throw new JuneError(
      "JUNE_INVALID_BLOCK",
      `june: the block ${where} has value ${shown(body.value)}: give it the text, or a function ({ signal }) => text.`,
    );
  }
  if (body.description !== undefined && typeof body.description !== "string") {
    throw new JuneError(
      "JUNE_INVALID_BLOCK",
      `june: the block ${where} has description ${shown(body.description)}: a description is text, or leave it out.`,
    );
  }
  const block: FlatBlock = { name: at.join(GROUP_SEPARATOR), path: at, mode: body.mode, value: body.value };
  if (body.description !== undefined) block.description = body.description;
  return block;
}

function checkFlatName(block: FlatBlock, seen: Map<string, string[]>): void {
  const where = describePath(block.path);
  if (block.name.startsWith(RESERVED_PREFIX)) {
    throw new JuneError(
      "JUNE_INVALID_BLOCK",
      `june: the block ${where} flattens to "${block.name}", which is in the reserved "${RESERVED_PREFIX}" namespace June keeps for its loader tools: ` +
        `rename the group ${JSON.stringify(block.path[0])}.`,
    );
  }
  const other = seen.get(block.name);
  if (other) {
    throw new JuneError(
      "JUNE_BLOCK_COLLISION",
      `june: the blocks ${describePath(other)} and ${where} both flatten to "${block.name}" (a group's members are named <group>${GROUP_SEPARATOR}<member>): rename one of them.`,
    );
  }
  if (block.mode === "progressive") {
    const tool = loaderToolName(block.name);
    if (!LOADER_TOOL_NAME.test(tool)) {
      const why =
        tool.length > 64
          ? `is ${tool.length} characters long, over the 64 a provider accepts (so the flattened name may have at most ${64 - LOADER_PREFIX.length})`
          : `has characters a provider refuses (only letters, digits, "_" and "-" are allowed)`;
      throw new JuneError(
        "JUNE_BLOCK_TOOL_NAME",
        `june: the progressive block ${where} would be loaded by the tool "${tool}", which ${why}: rename the block or its group, or make it mode "inject".`,
      );
    }
  }
}

function isGroup(value: unknown): value is Blocks {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null || value === undefined) return String(value);
  if (typeof value === "function") return "a function";
  if (typeof value === "object") return "an object";
  return JSON.stringify(value) ?? String(value);
}
