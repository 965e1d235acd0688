// The rules of an elicitation form, apart from its drawing: which control a field gets, what it
// starts with, and how the person's entries become the typed content sent back (or the problems
// that stop it). Pure, so a test can state each rule without a DOM.
import { choicesOf as engineChoices, elicitProblems } from "../trace/index.ts";
import type { ElicitChoice, ElicitContent, ElicitField, ElicitSchema } from "./ask-types.ts";

/** What a control holds while being edited: text (numbers too, until submit), a tick, or ticks. */
export type Entry = string | boolean | string[];
export type Entries = Record<string, Entry>;

export type Control = "text" | "number" | "select" | "checkbox" | "checkboxes";

/** The words a field is shown by: its title, else its property name. */
export function labelOf(name: string, field: ElicitField): string {
  return field.title?.trim() || name;
}

export function controlOf(field: ElicitField): Control {
  switch (field.type) {
    case "string":
      return field.enum || field.oneOf ? "select" : "text";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "checkbox";
    case "array":
      return "checkboxes";
  }
}

/** The choices of a select or a checkbox group, with the words to show for each (the engine's rule). */
export function choicesOf(field: ElicitField): ElicitChoice[] {
  return engineChoices(field) ?? [];
}

/** The input type of a text field: the browser's own control for an email, a URL or a date. */
export function inputTypeOf(field: ElicitField): string {
  if (field.type !== "string") return "text";
  switch (field.format) {
    case "email":
      return "email";
    case "uri":
      return "url";
    case "date":
      return "date";
    case "date-time":
      return "datetime-local";
    default:
      return "text";
  }
}

/** Each field's starting entry: the schema's default, else empty (unticked, nothing chosen). */
export function initialEntries(schema: ElicitSchema): Entries {
  const entries: Entries = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    if (field.type === "boolean") entries[name] = field.default ?? false;
    else if (field.type === "array") entries[name] = field.default ?? [];
    else if (field.type === "string" && field.format === "date-time") entries[name] = field.default ? toLocalInput(field.default) : "";
    else entries[name] = field.default === undefined ? "" : String(field.default);
  }
  return entries;
}

export type FormReading = { ok: true; content: ElicitContent } | { ok: false; problems: Record<string, string> };

/**
 * Reads the entries as the content to send (numbers as numbers, ticks as booleans, choices as
 * lists; an empty optional field left out) and checks it by the engine's own rule
 * (trace/elicit-check.ts), so the form submits exactly what the run accepts.
 *
 * @example readForm(schema, { name: "", integer: "42" }) // { ok: false, problems: { name: "String is required" } }
 */
export function readForm(schema: ElicitSchema, entries: Entries): FormReading {
  const content: ElicitContent = {};
  const problems: Record<string, string> = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    const value = valueOf(field, entries[name]);
    if (value === undefined) continue;
    if (typeof value === "object" && "problem" in value) problems[name] = `${labelOf(name, field)} ${value.problem}`;
    else content[name] = value;
  }
  for (const problem of elicitProblems(schema, content)) problems[problem.field] ??= problem.message;
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, content };
}

/** An entry as the value it sends; undefined: left out (empty); a problem: it can't be read as one. */
function valueOf(field: ElicitField, entry: Entry | undefined): ElicitContent[string] | undefined | { problem: string } {
  if (field.type === "boolean") return entry === true;
  if (field.type === "array") {
    const picked = Array.isArray(entry) ? entry : [];
    return picked.length === 0 ? undefined : picked;
  }
  const text = typeof entry === "string" ? entry.trim() : "";
  if (text === "") return undefined;
  if (field.type === "number" || field.type === "integer") {
    const value = Number(text);
    return Number.isFinite(value) ? value : { problem: "must be a number" };
  }
  if (field.type !== "string") return text;
  if (field.format === "uri" && !isUrl(text)) return { problem: "must be a full URL, like https://example.com" };
  if (field.format === "date-time") {
    // The control gives local time without a zone; the schema's date-time wants one (RFC 3339).
    const at = new Date(text);
    return Number.isNaN(at.getTime()) ? { problem: "must be a date and time" } : at.toISOString();
  }
  return text;
}

function isUrl(text: string): boolean {
  try {
    return new URL(text).protocol.length > 1;
  } catch {
    return false;
  }
}

/** An RFC 3339 time as a datetime-local control shows it (the person's local time, to the minute). */
function toLocalInput(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
