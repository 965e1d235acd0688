// How the CLI writes values in one line: tool inputs and outputs as abbreviated JSON, durations
// and token counts as a person reads them.
import type { Usage } from "../trace/index.ts";

/** Tool inputs and outputs longer than this are cut, so one call stays one line. */
export const ONE_LINE_MAX = 80;

/**
 * `value` as one line of JSON (strings quoted, newlines escaped), cut to `max` characters with
 * an ellipsis.
 *
 * @example
 * oneLine({ query: "react suspense" }); // '{"query":"react suspense"}'
 * oneLine("a\nb"); // '"a\\nb"'
 */
export function oneLine(value: unknown, max: number = ONE_LINE_MAX): string {
  const text = jsonText(value).replace(/\s+/g, " ");
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
}

/**
 * JSON for anything a tool may take or return: `undefined` as the word, bigints as numbers'
 * text, and a cycle as "[circular]" rather than a crash.
 */
export function jsonText(value: unknown, indent?: number): string {
  if (value === undefined) return "undefined";
  const seen = new WeakSet<object>();
  try {
    return (
      JSON.stringify(
        value,
        (_key, item: unknown) => {
          if (typeof item === "bigint") return item.toString();
          if (typeof item === "object" && item !== null) {
            if (seen.has(item)) return "[circular]";
            seen.add(item);
          }
          return item;
        },
        indent,
      ) ?? String(value)
    );
  } catch {
    return String(value);
  }
}

/**
 * A duration in milliseconds as `12ms`, `1.5s` or `2m 03s`.
 *
 * @example
 * formatDuration(1530); // "1.5s"
 */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${minutes}m ${String(seconds).padStart(2, "0")}s`;
}

/**
 * A node's tokens for its end line: the total, with input and output for a model call.
 * Undefined when nothing was counted (no model ran under the node).
 *
 * @example
 * formatTokens({ inputTokens: 8, outputTokens: 5, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 13 }, true);
 * // "13 tokens (8 in, 5 out)"
 */
export function formatTokens(usage: Usage, detailed: boolean): string | undefined {
  if (usage.totalTokens === 0 && usage.inputTokens === 0 && usage.outputTokens === 0) return undefined;
  const total = `${usage.totalTokens} token${usage.totalTokens === 1 ? "" : "s"}`;
  if (!detailed) return total;
  const parts = [`${usage.inputTokens} in`, `${usage.outputTokens} out`];
  if (usage.reasoningTokens > 0) parts.push(`${usage.reasoningTokens} reasoning`);
  if (usage.cachedInputTokens > 0) parts.push(`${usage.cachedInputTokens} cached`);
  return `${total} (${parts.join(", ")})`;
}
