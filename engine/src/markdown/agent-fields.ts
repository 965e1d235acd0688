// Reading each frontmatter field of an agent file into plain data, or saying what is wrong with
// it. Every reader returns a value or a message; the caller attaches file, field and line.
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { INHERIT, modelReference } from "./model-alias.ts";
import { parseToolRef, toolEntries, type ToolRef } from "./tool-ref.ts";
import type { JuneErrorCode } from "../errors/index.ts";

/** A thinking level, as the AI SDK's `reasoning` call setting takes it. */
export type ReasoningLevel = NonNullable<LanguageModelV4CallOptions["reasoning"]>;

export const REASONING_LEVELS = [
  "provider-default",
  "none",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
  "max",
] as const satisfies readonly ReasoningLevel[];

/** The turn cap of an agent whose file sets no `maxTurns`. */
export const DEFAULT_MAX_TURNS = 20;

export interface FieldProblem {
  code: JuneErrorCode;
  message: string;
}

export type Read<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

const ok = <T,>(value: T): Read<T> => ({ ok: true, value });
const bad = (message: string, code: JuneErrorCode = "JUNE_AGENT_FIELD_INVALID"): Read<never> => ({
  ok: false,
  problems: [{ code, message }],
});

export function readText(value: unknown, what: string): Read<string> {
  if (typeof value !== "string") return bad(`must be text, not ${describe(value)}; quote it if it looks like a number or a list`);
  if (value.trim() === "") return bad(`is empty; give the agent a ${what}`);
  return ok(value.trim());
}

/** A value or a list of them: the first runs, the whole list (when longer than one) is the choice. */
export interface Choice<T> {
  first: T | undefined;
  list?: T[];
}

export function readModel(value: unknown): Read<Choice<string>> {
  return readChoice(value, "a model", (entry) => {
    const reference = modelReference(entry);
    return reference.ok ? ok(reference.ref) : bad(reference.message);
  });
}

export function readReasoning(value: unknown): Read<Choice<ReasoningLevel>> {
  return readChoice(value, "a thinking level", (entry) => {
    const level = entry.trim();
    if (level === INHERIT) return ok(undefined);
    return (REASONING_LEVELS as readonly string[]).includes(level)
      ? ok(level as ReasoningLevel)
      : bad(`${JSON.stringify(entry)} is not a thinking level; use one of ${REASONING_LEVELS.join(", ")}`);
  });
}

function readChoice<T>(value: unknown, what: string, one: (entry: string) => Read<T | undefined>): Read<Choice<T>> {
  if (typeof value === "string") {
    const read = one(value);
    return read.ok ? ok({ first: read.value }) : read;
  }
  if (!Array.isArray(value)) return bad(`must be ${what} or a list of them, not ${describe(value)}`);
  if (value.length === 0) return bad(`is an empty list; name at least one, or remove the key`);
  const list: T[] = [];
  const problems: FieldProblem[] = [];
  value.forEach((entry, index) => {
    if (typeof entry !== "string") {
      problems.push({ code: "JUNE_AGENT_FIELD_INVALID", message: `entry ${index + 1} must be text, not ${describe(entry)}` });
      return;
    }
    if (entry.trim() === INHERIT) {
      problems.push({
        code: "JUNE_AGENT_FIELD_INVALID",
        message:
          `entry ${index + 1} is "${INHERIT}", which a list can't hold: a list is what someone picks from, and ` +
          `"whatever the default is" is not a thing to pick. Name ${what} there, or use "${INHERIT}" alone`,
      });
      return;
    }
    const read = one(entry);
    if (!read.ok) problems.push(...read.problems.map((p) => ({ ...p, message: `entry ${index + 1}: ${p.message}` })));
    else list.push(read.value as T);
  });
  if (problems.length > 0) return { ok: false, problems };
  // A choice with one option is not a choice: nothing is advertised for it.
  return ok(list.length > 1 ? { first: list[0], list } : { first: list[0] });
}

export function readTools(value: unknown): Read<ToolRef[]> {
  const entries = toolEntries(value);
  if (!entries.ok) return bad(entries.message);
  const refs: ToolRef[] = [];
  const problems: FieldProblem[] = [];
  for (const entry of entries.entries) {
    const parsed = parseToolRef(entry);
    if (parsed.ok) refs.push(parsed.ref);
    else problems.push({ code: parsed.code, message: parsed.message });
  }
  return problems.length > 0 ? { ok: false, problems } : ok(refs);
}

/** Same grammar as `tools`; kept as written, since it only ever subtracts from `tools`. */
export function readDisallowed(value: unknown): Read<string[]> {
  const refs = readTools(value);
  return refs.ok ? ok(refs.value.map((ref) => ref.raw)) : refs;
}

export function readSkills(value: unknown): Read<string[]> {
  const entries = typeof value === "string" ? value.split(",").map((s) => s.trim()).filter((s) => s !== "") : value;
  if (!Array.isArray(entries)) return bad(`must be a list of skills (names such as "my-skill" or "plugin:skill", local paths or npm: refs), not ${describe(value)}`);
  const problems: FieldProblem[] = [];
  entries.forEach((entry: unknown, index) => {
    if (typeof entry !== "string" || entry.trim() === "") {
      problems.push({ code: "JUNE_AGENT_FIELD_INVALID", message: `entry ${index + 1} must be a skill name, a path or an npm: ref, not ${describe(entry)}` });
    } else if (/^npm:\s*$/.test(entry.trim())) {
      problems.push({ code: "JUNE_AGENT_FIELD_INVALID", message: `entry ${index + 1} is "npm:" with no package; write npm:<package>[/<path>]` });
    }
  });
  return problems.length > 0 ? { ok: false, problems } : ok(entries as string[]);
}

export function readMaxTurns(value: unknown): Read<number> {
  const turns = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof turns !== "number" || !Number.isInteger(turns) || turns < 1) {
    return bad(`must be a positive whole number of turns (the default is ${DEFAULT_MAX_TURNS}), not ${describe(value)}`);
  }
  return ok(turns);
}

export function readPrincipal(value: unknown): Read<boolean> {
  return typeof value === "boolean"
    ? ok(value)
    : bad(`must be true or false in frontmatter, not ${describe(value)}; a principal function belongs in code, not in YAML`);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return `${typeof value} ${JSON.stringify(value)}`;
}
