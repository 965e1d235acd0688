// The rules of an elicitation form, apart from its drawing: which control a field gets, what it
// starts with, and how the person's entries become the typed content sent back (or the problems
// that stop it). Pure, so a test can state each rule without a DOM.
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

/** The choices of a select or a checkbox group, with the words to show for each. */
export function choicesOf(field: ElicitField): ElicitChoice[] {
  if (field.type === "string") {
    if (field.oneOf) return field.oneOf;
    return (field.enum ?? []).map((value, i) => ({ const: value, title: field.enumNames?.[i] ?? value }));
  }
  if (field.type === "array") return field.items.anyOf ?? (field.items.enum ?? []).map((value) => ({ const: value, title: value }));
  return [];
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
 * Checks every field and, when all pass, returns the content to send: numbers as numbers, ticks
 * as booleans, choices as lists of strings; an empty optional field is left out.
 *
 * @example readForm(schema, { name: "", integer: "42" }) // { ok: false, problems: { name: "String is required." } }
 */
export function readForm(schema: ElicitSchema, entries: Entries): FormReading {
  const required = new Set(schema.required ?? []);
  const content: ElicitContent = {};
  const problems: Record<string, string> = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    const label = labelOf(name, field);
    const read = readField(field, entries[name], label, required.has(name));
    if ("problem" in read) problems[name] = read.problem;
    else if (read.value !== undefined) content[name] = read.value;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, content };
}

type FieldReading = { value: ElicitContent[string] | undefined } | { problem: string };

function readField(field: ElicitField, entry: Entry | undefined, label: string, required: boolean): FieldReading {
  if (field.type === "boolean") return { value: entry === true };
  if (field.type === "array") {
    const picked = Array.isArray(entry) ? entry : [];
    if (picked.length === 0 && !required) return { value: undefined };
    const allowed = new Set(choicesOf(field).map((c) => c.const));
    if (picked.some((v) => !allowed.has(v))) return { problem: `${label}: choose from the options shown.` };
    const min = Math.max(field.minItems ?? 0, required ? 1 : 0);
    if (picked.length < min) return { problem: `${label}: choose at least ${min}.` };
    if (field.maxItems !== undefined && picked.length > field.maxItems) return { problem: `${label}: choose at most ${field.maxItems}.` };
    return { value: picked };
  }
  const text = typeof entry === "string" ? entry.trim() : "";
  if (text === "") return required ? { problem: `${label} is required.` } : { value: undefined };
  if (field.type === "string") return readText(field, text, label);
  const value = Number(text);
  if (!Number.isFinite(value)) return { problem: `${label} must be a number.` };
  if (field.type === "integer" && !Number.isInteger(value)) return { problem: `${label} must be a whole number.` };
  if (field.minimum !== undefined && value < field.minimum) return { problem: `${label} must be at least ${field.minimum}.` };
  if (field.maximum !== undefined && value > field.maximum) return { problem: `${label} must be at most ${field.maximum}.` };
  return { value };
}

function readText(field: Extract<ElicitField, { type: "string" }>, text: string, label: string): FieldReading {
  if (field.enum || field.oneOf) {
    return choicesOf(field).some((c) => c.const === text) ? { value: text } : { problem: `${label}: choose from the options shown.` };
  }
  if (field.minLength !== undefined && text.length < field.minLength) return { problem: `${label} needs at least ${field.minLength} characters.` };
  if (field.maxLength !== undefined && text.length > field.maxLength) return { problem: `${label} allows at most ${field.maxLength} characters.` };
  switch (field.format) {
    case "email":
      // As the engine checks it (engine/src/trace/elicit-check.ts), so a form it passes is not refused.
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? { value: text } : { problem: `${label} must be an email address, like ada@example.com.` };
    case "uri":
      return isUrl(text) ? { value: text } : { problem: `${label} must be a full URL, like https://example.com.` };
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { value: text } : { problem: `${label} must be a date (YYYY-MM-DD).` };
    case "date-time": {
      // The control gives local time without a zone; the schema's date-time wants one (RFC 3339).
      const at = new Date(text);
      return Number.isNaN(at.getTime()) ? { problem: `${label} must be a date and time.` } : { value: at.toISOString() };
    }
    default:
      return { value: text };
  }
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
