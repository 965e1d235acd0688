// Whether an elicitation's answers fit the form that asked for them (MCP's restricted JSON
// Schema: flat fields of strings, numbers, booleans and choices). The one rule, browser-safe: the
// studio's form checks with it before it submits, the run before it hands the answers back.
import type { ElicitChoice, ElicitField, ElicitSchema, ElicitValue } from "./server-asks.ts";

/** One answer that doesn't fit, naming its field. */
export interface ElicitProblem {
  field: string;
  message: string;
}

/**
 * Every way `content` doesn't fit `schema`: a required field missing, a field the form doesn't
 * have, a value of the wrong type, out of range, too long or short, or not one of the choices.
 *
 * @example
 * elicitProblems({ type: "object", properties: { age: { type: "integer", minimum: 0 } }, required: ["age"] }, { age: -1 });
 * // [{ field: "age", message: "age must be at least 0" }]
 */
export function elicitProblems(schema: ElicitSchema, content: Record<string, ElicitValue>): ElicitProblem[] {
  const problems: ElicitProblem[] = [];
  for (const field of schema.required ?? []) {
    const value = content[field];
    if (value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) problems.push({ field, message: `${labelOf(schema, field)} is required` });
  }
  for (const [field, value] of Object.entries(content)) {
    const spec = schema.properties[field];
    if (!spec) {
      problems.push({ field, message: `the form has no field ${JSON.stringify(field)}` });
      continue;
    }
    const problem = valueProblem(labelOf(schema, field), spec, value);
    if (problem) problems.push({ field, message: problem });
  }
  return problems;
}

/** The values a choice field offers, with the words to show for each (undefined: not a choice field). */
export function choicesOf(field: ElicitField): ElicitChoice[] | undefined {
  if (field.type === "string") {
    if (field.oneOf) return field.oneOf;
    if (field.enum) return field.enum.map((value, i) => ({ const: value, title: field.enumNames?.[i] ?? value }));
    return undefined;
  }
  if (field.type === "array") {
    if (field.items.anyOf) return field.items.anyOf;
    if (field.items.enum) return field.items.enum.map((value) => ({ const: value, title: value }));
  }
  return undefined;
}

function labelOf(schema: ElicitSchema, field: string): string {
  return schema.properties[field]?.title ?? field;
}

function valueProblem(label: string, field: ElicitField, value: ElicitValue): string | undefined {
  switch (field.type) {
    case "string": {
      if (typeof value !== "string") return `${label} must be text`;
      const choices = choicesOf(field);
      if (choices && !choices.some((c) => c.const === value)) return `${label} must be one of ${choices.map((c) => JSON.stringify(c.const)).join(", ")}`;
      if (field.minLength !== undefined && value.length < field.minLength) return `${label} must be at least ${field.minLength} characters`;
      if (field.maxLength !== undefined && value.length > field.maxLength) return `${label} must be at most ${field.maxLength} characters`;
      if (field.format && value !== "" && !FORMATS[field.format](value)) return `${label} must be ${FORMAT_WORDS[field.format]}`;
      return undefined;
    }
    case "number":
    case "integer": {
      if (typeof value !== "number" || !Number.isFinite(value)) return `${label} must be a number`;
      if (field.type === "integer" && !Number.isInteger(value)) return `${label} must be a whole number`;
      if (field.minimum !== undefined && value < field.minimum) return `${label} must be at least ${field.minimum}`;
      if (field.maximum !== undefined && value > field.maximum) return `${label} must be at most ${field.maximum}`;
      return undefined;
    }
    case "boolean":
      return typeof value === "boolean" ? undefined : `${label} must be true or false`;
    case "array": {
      if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) return `${label} must be a list of choices`;
      const choices = choicesOf(field);
      const unknown = choices ? value.filter((v) => !choices.some((c) => c.const === v)) : [];
      if (unknown.length > 0) return `${label} has ${unknown.map((v) => JSON.stringify(v)).join(", ")}, which it doesn't offer`;
      if (field.minItems !== undefined && value.length < field.minItems) return `${label} needs at least ${field.minItems} chosen`;
      if (field.maxItems !== undefined && value.length > field.maxItems) return `${label} allows at most ${field.maxItems} chosen`;
      return undefined;
    }
  }
}

const FORMATS: Record<NonNullable<Extract<ElicitField, { type: "string" }>["format"]>, (value: string) => boolean> = {
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uri: (v) => URL.canParse(v) && /^[a-z][a-z0-9+.-]*:/i.test(v),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
  "date-time": (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
};

const FORMAT_WORDS = { email: "an email address, like ada@example.com", uri: "a full URL, like https://example.com", date: "a date (YYYY-MM-DD)", "date-time": "a date and time" } as const;
