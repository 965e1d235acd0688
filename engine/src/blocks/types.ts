// The shapes of an agent's blocks: its named contributions to the system context, either
// injected into the system prompt or offered as a loader tool the model calls on demand.

/** How a block reaches the model: always in the system prompt, or through a loader tool. */
export type BlockMode = "inject" | "progressive";

/** What a block's resolver is given: the run's abort signal (or the loader call's). */
export interface BlockContext {
  signal: AbortSignal;
}

/** Computes a block's text when the blocks are resolved (inject) or loaded (progressive). */
export type BlockResolver = (ctx: BlockContext) => string | Promise<string>;

/**
 * One block. Its name is the key it is written under, not a field; an object with a string
 * `mode` is a body, any other object is a group.
 */
export interface BlockBody {
  mode: BlockMode;
  /** The text, or a resolver run each time the blocks resolve (inject) or the block loads. */
  value: string | BlockResolver;
  /** Tells the model what a progressive block holds, so it knows when to load it. */
  description?: string;
}

/**
 * An agent's blocks, keyed by name. A value is a block, a nested group of blocks, or `false`
 * to remove a default block of that name (see `mergeBlocks`).
 */
export interface Blocks {
  [name: string]: BlockBody | Blocks | false;
}

/** A block after flattening: its canonical name (`group__leaf`) and the path it was written at. */
export interface FlatBlock {
  /** The keys from the top level down to the block joined by `__`, e.g. `skills__onboarding`. */
  name: string;
  /** The keys from the top level down to the block, e.g. `["skills", "onboarding"]`. */
  path: string[];
  mode: BlockMode;
  value: string | BlockResolver;
  description?: string;
}
