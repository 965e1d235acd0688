// What the terminal shows of an MCP server's request during a tool call, and an elicitation's
// form filled in at the terminal: one line per field (Enter keeps the default or leaves an
// optional field out), checked by the trace's own rule (elicitProblems); a field that doesn't fit
// is asked again with why. Stdin ending cancels the form.
import { choicesOf, elicitProblems, type ApprovalRequest, type ElicitField, type ElicitValue } from "../trace/index.ts";
import type { Style } from "./style.ts";

/** The request as a few lines: who asks, during which call, and what. */
export function describeAsk(request: ApprovalRequest, s: Style): string {
  const ask = request.ask;
  if (!ask) return "";
  const where = `  during   ${request.toolName} (agent ${request.agentPath.join(" › ") || "(none)"}, step ${request.step})`;
  if (ask.kind === "elicitation") return ["", `${s.yellow("?")} MCP server ${s.bold(ask.server)} asks you: ${ask.message}`, where, ""].join("\n");
  return [
    "",
    `${s.yellow("?")} MCP server ${s.bold(ask.server)} asks the agent's model ${s.bold(ask.model)} to answer (it may cost tokens):`,
    where,
    ...(ask.systemPrompt !== undefined ? [`  system   ${ask.systemPrompt}`] : []),
    ...ask.messages.map((m) => `  ${m.role.padEnd(8)} ${m.text.split("\n").join("\n           ")}`),
    `  at most  ${ask.maxTokens} tokens${ask.temperature !== undefined ? `, temperature ${ask.temperature}` : ""}`,
    "",
  ].join("\n");
}

export interface FormIo {
  out: NodeJS.WritableStream;
  style: Style;
  /** The next line of stdin; undefined once it ended. */
  line(): Promise<string | undefined>;
}

/** The form's answers, asked field by field; undefined when stdin ended (a cancel). */
export async function fillForm(request: ApprovalRequest, io: FormIo): Promise<Record<string, ElicitValue> | undefined> {
  if (request.ask?.kind !== "elicitation") return {};
  const schema = request.ask.requestedSchema;
  const required = new Set(schema.required ?? []);
  const content: Record<string, ElicitValue> = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    for (;;) {
      io.out.write(`  ${io.style.bold(field.title ?? name)}${required.has(name) ? "" : io.style.dim(" (optional)")}${hint(field)}: `);
      const line = await io.line();
      if (line === undefined) return undefined;
      const value = parseValue(field, line.trim());
      if (value === undefined) {
        if (required.has(name)) {
          io.out.write(`  ${io.style.yellow("!")} ${field.title ?? name} is required\n`);
          continue;
        }
        break;
      }
      const [problem] = elicitProblems({ type: "object", properties: { [name]: field } }, { [name]: value });
      if (problem) {
        io.out.write(`  ${io.style.yellow("!")} ${problem.message}\n`);
        continue;
      }
      content[name] = value;
      break;
    }
  }
  return content;
}

/** What a field takes, and its default: ` [number, 1–100, default 42]`. */
function hint(field: ElicitField): string {
  const parts: string[] = [];
  const choices = choicesOf(field);
  if (choices) parts.push(`${field.type === "array" ? "some of" : "one of"} ${choices.map((c) => (c.title === c.const ? c.const : `${c.const} (${c.title})`)).join(", ")}`);
  else if (field.type === "boolean") parts.push("y/n");
  else if (field.type === "number" || field.type === "integer") parts.push(`${field.type}${field.minimum !== undefined || field.maximum !== undefined ? `, ${field.minimum ?? "…"}–${field.maximum ?? "…"}` : ""}`);
  else if (field.type === "string" && field.format) parts.push(field.format);
  if (field.default !== undefined) parts.push(`default ${Array.isArray(field.default) ? field.default.join(", ") : String(field.default)}`);
  if (field.description) parts.unshift(field.description);
  return parts.length ? ` [${parts.join("; ")}]` : "";
}

/** A typed line as the field's value; an empty line is its default (undefined without one). */
function parseValue(field: ElicitField, text: string): ElicitValue | undefined {
  if (text === "") return field.default;
  switch (field.type) {
    case "boolean":
      return /^(y|yes|true)$/i.test(text) ? true : /^(n|no|false)$/i.test(text) ? false : text;
    case "number":
    case "integer":
      return Number.isNaN(Number(text)) ? text : Number(text);
    case "array":
      return text.split(",").map((part) => part.trim()).filter(Boolean);
    default:
      return text;
  }
}
