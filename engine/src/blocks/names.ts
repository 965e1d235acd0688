// The names blocks live under: the reserved `_block_` namespace, the `__` that joins a group to
// its members, the loader tool a progressive block becomes, and how a message names a block.

/** Joins a group's key to its members' keys; `/` is not allowed in provider tool names. */
export const GROUP_SEPARATOR = "__";

/** Names June keeps for itself (loader tools); no block key or flattened name may start with it. */
export const RESERVED_PREFIX = "_block_";

/** Prefix of the loader tool of a progressive block: `_block__load__<flat name>`. */
export const LOADER_PREFIX = "_block__load__";

/** What OpenAI, Anthropic and most providers accept as a tool name, sent unsanitised. */
export const LOADER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The loader tool's name for the block with flattened name `flatName`.
 *
 * @example
 * loaderToolName("skills__onboarding"); // "_block__load__skills__onboarding"
 */
export function loaderToolName(flatName: string): string {
  return `${LOADER_PREFIX}${flatName}`;
}

/** A block's path the way messages show it: `skills > onboarding`. */
export function describePath(path: readonly string[]): string {
  return path.map((key) => (key === "" ? '""' : key)).join(" > ");
}
