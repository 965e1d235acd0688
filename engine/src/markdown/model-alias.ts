// The model names an agent file may carry: Claude Code's aliases, pinned to exact Anthropic ids so
// an agent's model never changes under it; the project's own aliases (june.config.ts
// `modelAliases`), which override or add to them; `inherit` (and Claude Code's `default`); and
// `provider:model` references.

/**
 * What each Claude Code alias runs on. Pinned, never "latest": an agent whose model changes under
 * it is not reproducible. From the Claude 4.6 generation on, Anthropic's dateless ids
 * (`claude-opus-5-5`) are themselves pinned snapshots. Claude Code's aliases float to the newest
 * model on the Anthropic API; these are what they meant when June last took them (Opus 5.5,
 * Sonnet 5.5, Haiku 5.5, Fable 5.2). Write `anthropic:<id>`, or set june.config.ts
 * `modelAliases`, to pick another.
 *
 * | alias  | model reference               |
 * | ------ | ----------------------------- |
 * | fable  | anthropic:claude-fable-5-2    |
 * | best   | anthropic:claude-fable-5-2    |
 * | opus   | anthropic:claude-opus-5-5     |
 * | sonnet | anthropic:claude-sonnet-5-5   |
 * | haiku  | anthropic:claude-haiku-5-5    |
 *
 * `<alias>[1m]` (Claude Code's 1M-token-context forms) names the same model: these models have a
 * 1M-token window of their own.
 */
export const MODEL_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  fable: "anthropic:claude-fable-5-2",
  // Claude Code: "fable where the account has it, else opus"; June can't ask the account, so fable.
  best: "anthropic:claude-fable-5-2",
  opus: "anthropic:claude-opus-5-5",
  sonnet: "anthropic:claude-sonnet-5-5",
  haiku: "anthropic:claude-haiku-5-5",
});

/** The model value that leaves the model unset, so the run's (or caller's) default applies. */
export const INHERIT = "inherit";

/** Claude Code's `default` clears any model override: in June that is what `inherit` does. */
const DEFAULT = "default";

/** Claude Code aliases June refuses, and why: each needs something June has no notion of. */
const REFUSED_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  opusplan:
    "`opusplan` switches between opus and sonnet by Claude Code's plan mode, which June runs don't have; write `opus` or `sonnet`",
});

const ONE_MILLION = /\[1m\]$/i;

export type ModelName = { ok: true; ref: string | undefined } | { ok: false; message: string };

/** A project's own aliases (june.config.ts `modelAliases`): alias → a model reference or a built-in alias. */
export type ModelAliases = Readonly<Record<string, string>>;

/**
 * One model value as written → a `provider:model` reference, or undefined for `inherit` (or
 * Claude Code's `default`). The project's `aliases` come first, then Claude Code's; a bare
 * `claude-…` id is taken as Anthropic's (the only provider a Claude Code file targets).
 *
 * @example
 * modelReference("sonnet"); // { ok: true, ref: "anthropic:claude-sonnet-5-5" }
 * modelReference("fast", { fast: "haiku" }); // { ok: true, ref: "anthropic:claude-haiku-5-5" }
 * modelReference("inherit"); // { ok: true, ref: undefined }
 */
export function modelReference(value: string, aliases: ModelAliases = {}): ModelName {
  const name = value.trim();
  const own = projectAlias(name, aliases);
  if (own !== undefined) {
    const target = builtinReference(own);
    if (!target.ok) return { ok: false, message: `${JSON.stringify(value)} is an alias of june.config.ts \`modelAliases\` for ${target.message}` };
    return target;
  }
  return builtinReference(name, Object.keys(aliases));
}

/** The names an alias may be written as, for a message: the project's and Claude Code's. */
export function aliasNames(aliases: ModelAliases = {}): string[] {
  return [...new Set([...Object.keys(aliases), ...Object.keys(MODEL_ALIASES)])];
}

/**
 * Checks a project's `modelAliases` (each must name a model without another project alias);
 * returns one message per bad entry.
 *
 * @example
 * checkModelAliases({ fast: "opusplan" }); // ["`fast`: …plan mode…"]
 */
export function checkModelAliases(aliases: ModelAliases): string[] {
  const problems: string[] = [];
  for (const [alias, target] of Object.entries(aliases)) {
    const reference = builtinReference(target.trim());
    if (!reference.ok) problems.push(`\`${alias}\`: ${reference.message}`);
    else if (reference.ref === undefined) problems.push(`\`${alias}\`: ${JSON.stringify(target)} names no model; an alias must name one`);
  }
  return problems;
}

/**
 * A value as written with the project's aliases applied: the alias's target, or the value itself.
 * (For readers that resolve Claude Code's aliases on their own, such as an agent file's `model:`.)
 *
 * @example
 * withProjectAlias("fast", { fast: "haiku" }); // "haiku"
 */
export function withProjectAlias(value: string, aliases: ModelAliases = {}): string {
  return projectAlias(value.trim(), aliases) ?? value;
}

function projectAlias(name: string, aliases: ModelAliases): string | undefined {
  if (Object.hasOwn(aliases, name)) return aliases[name];
  const lower = name.toLowerCase();
  const key = Object.keys(aliases).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : aliases[key];
}

function builtinReference(name: string, extraAliases: string[] = []): ModelName {
  const lower = name.toLowerCase();
  if (name === INHERIT || lower === DEFAULT) return { ok: true, ref: undefined };
  if (Object.hasOwn(REFUSED_ALIASES, lower)) return { ok: false, message: `${REFUSED_ALIASES[lower]}` };
  const base = lower.replace(ONE_MILLION, "");
  if (Object.hasOwn(MODEL_ALIASES, base)) return { ok: true, ref: MODEL_ALIASES[base] };
  if (ONE_MILLION.test(name)) {
    return {
      ok: false,
      message:
        `${JSON.stringify(name)} asks for a 1M-token context window by its "[1m]" suffix, which June takes on Claude Code's aliases only ` +
        `(opus[1m], sonnet[1m], fable[1m]); write the model id without it`,
    };
  }
  if (/^claude-[A-Za-z0-9.-]+$/.test(name)) return { ok: true, ref: `anthropic:${name}` };
  const colon = name.indexOf(":");
  if (colon <= 0 || colon === name.length - 1) {
    return {
      ok: false,
      message:
        `${JSON.stringify(name)} is not a model June knows. Write provider:model (e.g. "openai:gpt-5-mini", ` +
        `"anthropic:claude-sonnet-5-5"), an alias (${[...new Set([...extraAliases, ...Object.keys(MODEL_ALIASES)])].join(", ")}) or "${INHERIT}"`,
    };
  }
  return { ok: true, ref: name };
}
