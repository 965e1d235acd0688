// Public surface of blocks/: an agent's named contributions to its system context, checked,
// merged with defaults, and resolved into system-prompt sections and loader tools.
export { flattenBlocks, isBlockBody } from "./flatten.ts";
export { mergeBlocks, mergeDefaultBlocks } from "./merge.ts";
export { resolveBlocks } from "./resolve.ts";
export type { ResolvedBlocks } from "./resolve.ts";
export { isBlockLoader, blockNameOf } from "./loader-tool.ts";
export { loaderToolName, LOADER_PREFIX, RESERVED_PREFIX } from "./names.ts";
export { skills } from "./skills.ts";
export type { SkillLifetime, SkillsOptions } from "./skills.ts";
export { fromFile } from "./from-file.ts";
export type { BlockBody, BlockContext, BlockMode, BlockResolver, Blocks, FlatBlock } from "./types.ts";
