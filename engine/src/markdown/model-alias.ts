// The model names an agent file may carry: Claude Code's aliases, pinned to exact dated Anthropic
// ids so an agent's model never changes under it; `inherit`; and `provider:model` references.

/**
 * What each Claude Code alias runs on. Pinned to dated snapshots, never to "latest": an agent
 * whose model changes under it is not reproducible. Write `anthropic:<id>` to pick another.
 *
 * | alias  | model reference                        |
 * | ------ | -------------------------------------- |
 * | opus   | anthropic:claude-opus-4-5-20251101     |
 * | sonnet | anthropic:claude-sonnet-4-5-20250929   |
 * | haiku  | anthropic:claude-haiku-4-5-20251001    |
 */
export const MODEL_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  opus: "anthropic:claude-opus-4-5-20251101",
  sonnet: "anthropic:claude-sonnet-4-5-20250929",
  haiku: "anthropic:claude-haiku-4-5-20251001",
});

/** The model value that leaves the model unset, so the run's (or caller's) default applies. */
export const INHERIT = "inherit";

export type ModelName = { ok: true; ref: string | undefined } | { ok: false; message: string };

/**
 * One model value as written → a `provider:model` reference, or undefined for `inherit`.
 * A bare `claude-…` id is taken as Anthropic's (the only provider a Claude Code file targets).
 *
 * @example
 * modelReference("sonnet"); // { ok: true, ref: "anthropic:claude-sonnet-4-5-20250929" }
 * modelReference("inherit"); // { ok: true, ref: undefined }
 */
export function modelReference(value: string): ModelName {
  const name = value.trim();
  if (name === INHERIT) return { ok: true, ref: undefined };
  const alias = MODEL_ALIASES[name.toLowerCase()];
  if (alias) return { ok: true, ref: alias };
  if (/^claude-[A-Za-z0-9.-]+$/.test(name)) return { ok: true, ref: `anthropic:${name}` };
  const colon = name.indexOf(":");
  if (colon <= 0 || colon === name.length - 1) {
    return {
      ok: false,
      message:
        `${JSON.stringify(value)} is not a model June knows. Write provider:model (e.g. "openai:gpt-5-mini", ` +
        `"anthropic:claude-sonnet-4-5-20250929"), an alias (${Object.keys(MODEL_ALIASES).join(", ")}) or "${INHERIT}"`,
    };
  }
  return { ok: true, ref: name };
}
