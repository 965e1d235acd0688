// How trace values are compared and shown in a comparison. Two runs of the same workflow differ in
// ids that are new on every run (tool call ids, provider item ids), so those are left out before
// comparing; everything else is compared as canonical JSON (object keys sorted).
import type { PromptMessage } from "../contract/index.ts";
import { formatJson } from "../ui/format.ts";

/** Keys whose values are new on every run and say nothing about what the run did. */
const VOLATILE_KEYS = new Set(["toolCallId", "callId", "approvalId", "itemId", "providerMetadata"]);

/** A deep copy without the volatile keys. */
export function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === "object") {
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) if (!VOLATILE_KEYS.has(key)) copy[key] = withoutIds(inner);
    return copy;
  }
  return value;
}

/**
 * JSON with object keys sorted, so equal values give equal strings whatever their key order.
 *
 * @example
 * canonical({ b: 1, a: [2] }) === canonical({ a: [2], b: 1 }); // true
 */
export function canonical(value: unknown): string {
  if (value === undefined) return "undefined";
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (!inner || typeof inner !== "object" || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/** A value as the comparison shows it: text as is, anything else as indented JSON. */
export function valueText(value: unknown): string {
  return typeof value === "string" ? value : formatJson(value);
}

function compact(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * A model call's prompt as lines a person reads and compares: `role: text`, a tool call as
 * `→ name({...})`, its result as `← name: …`.
 *
 * @example
 * messagesText([{ role: "user", content: [{ type: "text", text: "Hi" }] }]); // "user: Hi"
 */
export function messagesText(messages: readonly PromptMessage[]): string {
  // A record is JSON as written: one of another shape still reads.
  if (!Array.isArray(messages)) return valueText(messages);
  return messages
    .map((message) => {
      if (!message || typeof message !== "object") return compact(message);
      const { role, content } = message;
      const body = typeof content === "string" ? content : Array.isArray(content) ? content.map(partText).join("\n") : compact(withoutIds(content));
      return `${String(role)}: ${body}`;
    })
    .join("\n");
}

function partText(part: unknown): string {
  if (!part || typeof part !== "object") return compact(part);
  const p = part as Record<string, unknown>;
  switch (p.type) {
    case "text":
      return String(p.text);
    case "reasoning":
      return `(reasoning) ${String(p.text)}`;
    case "tool-call":
      return `→ ${String(p.toolName)}(${compact(p.input)})`;
    case "tool-result":
      return `← ${String(p.toolName)}: ${toolOutputText(p.output)}`;
    case "file":
      return `[file ${String(p.mediaType ?? "")}${p.filename ? ` ${String(p.filename)}` : ""}]`;
    default:
      return compact(withoutIds(part));
  }
}

function toolOutputText(output: unknown): string {
  if (!output || typeof output !== "object") return compact(output);
  const o = output as { type?: unknown; value?: unknown; reason?: unknown };
  switch (o.type) {
    case "text":
    case "error-text":
      return `${o.type === "error-text" ? "error: " : ""}${String(o.value)}`;
    case "json":
    case "error-json":
      return `${o.type === "error-json" ? "error: " : ""}${compact(o.value)}`;
    case "execution-denied":
      return `denied${typeof o.reason === "string" && o.reason ? `: ${o.reason}` : ""}`;
    default:
      return compact(withoutIds(output));
  }
}
