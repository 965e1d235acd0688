// Merging blocks by name: an agent's own blocks over the shared defaults (replace or remove one
// entry, keep the rest), and the defaults of several installs, where one name twice is an error.
import { JuneError } from "../errors/index.ts";
import type { Blocks } from "./types.ts";

/**
 * The blocks an agent runs with: `defaults` merged with its `own` blocks by top-level name. An
 * own entry replaces the default of that name where the default stood (a group is replaced
 * whole; its members are not merged), `false` removes the default, and `false` for a name no
 * default has is ignored, so adding or removing defaults later can't break an agent. Own
 * entries without a default follow the defaults, in their own order. Neither input changes.
 *
 * @example
 * mergeBlocks(
 *   { safety: { mode: "inject", value: "Be safe." }, "house-style": { mode: "inject", value: "Be warm." } },
 *   { "house-style": { mode: "inject", value: "Be terse." }, safety: false, legacy: false },
 * );
 * // { "house-style": { mode: "inject", value: "Be terse." } }
 */
export function mergeBlocks(defaults: Blocks, own: Blocks): Blocks {
  const merged: Blocks = {};
  for (const [name, value] of Object.entries(defaults)) {
    const override = Object.hasOwn(own, name) ? own[name] : undefined;
    const chosen = override === undefined ? value : override;
    if (chosen !== false) merged[name] = chosen;
  }
  for (const [name, value] of Object.entries(own)) {
    if (Object.hasOwn(defaults, name) || value === false) continue;
    merged[name] = value;
  }
  return merged;
}

/**
 * The shared defaults of several installs, each contributing its named entries. A name supplied
 * by two installs throws JUNE_BLOCK_COLLISION naming it, so no install silently shadows another.
 *
 * @example
 * mergeDefaultBlocks({ identity: { mode: "inject", value: "You are June." } }, { memory: { mode: "progressive", value: "…" } });
 * // { identity: …, memory: … }
 * mergeDefaultBlocks({ identity: a }, { identity: b }); // throws JUNE_BLOCK_COLLISION naming "identity"
 */
export function mergeDefaultBlocks(...installs: Blocks[]): Blocks {
  const merged: Blocks = {};
  const from = new Map<string, number>();
  installs.forEach((install, index) => {
    for (const [name, value] of Object.entries(install)) {
      const first = from.get(name);
      if (first !== undefined) {
        throw new JuneError(
          "JUNE_BLOCK_COLLISION",
          `june: the default block ${JSON.stringify(name)} is supplied by two installs (${ordinal(first)} and ${ordinal(index)}): ` +
            `keep it in one of them, or rename one, so neither silently replaces the other.`,
        );
      }
      from.set(name, index);
      merged[name] = value;
    }
  });
  return merged;
}

function ordinal(index: number): string {
  return `install ${index + 1}`;
}
