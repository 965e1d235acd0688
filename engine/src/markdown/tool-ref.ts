// The `tools:` grammar of an agent file: plain names, `MCP(server)`, `MCP(server:tool)`, and the
// raw `mcp__server__tool` / `mcp__server` / `mcp__server__*` forms Claude Code files carry.
// Parsing is pure; what a name resolves to is decided against a context (resolve-tools.ts).
import type { JuneErrorCode } from "../errors/index.ts";

/** What providers accept as a tool name on the wire. */
export const WIRE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** One parsed entry of `tools:` or `disallowedTools:`; `raw` is the entry as written. */
export type ToolRef =
  /** A tool of the project's registry, or a Claude built-in. */
  | { kind: "name"; raw: string; name: string }
  /** Every tool one MCP server offers. */
  | { kind: "mcp-server"; raw: string; server: string }
  /** One tool of one MCP server; `wireName` is what the model sees: `mcp__<server>__<tool>`. */
  | { kind: "mcp-tool"; raw: string; server: string; tool: string; wireName: string }
  /** A Claude Code permission rule such as `Bash(git diff:*)`. */
  | { kind: "pattern"; raw: string; name: string; pattern: string };

export type ParsedToolRef = { ok: true; ref: ToolRef } | { ok: false; code: JuneErrorCode; message: string };

const MCP_CALL = /^MCP\((.*)\)$/s;
const CALL = /^([A-Za-z][A-Za-z0-9_-]*)\((.*)\)$/s;
const MCP_PREFIX = "mcp__";

/**
 * Parses one entry.
 *
 * @example
 * parseToolRef("MCP(github:search_issues)");
 * // { ok: true, ref: { kind: "mcp-tool", server: "github", tool: "search_issues", wireName: "mcp__github__search_issues", … } }
 * parseToolRef("mcp__github__*"); // { ok: true, ref: { kind: "mcp-server", server: "github", … } }
 */
export function parseToolRef(entry: string): ParsedToolRef {
  const raw = entry.trim();
  const mcp = MCP_CALL.exec(raw);
  if (mcp) {
    const inner = mcp[1]!.trim();
    const colon = inner.indexOf(":");
    if (colon < 0) return mcpRef(raw, inner, undefined);
    return mcpRef(raw, inner.slice(0, colon).trim(), inner.slice(colon + 1).trim());
  }
  if (raw.startsWith(MCP_PREFIX)) {
    // Split at the first `__` after the prefix: a server name never holds `__`, a tool name may.
    const rest = raw.slice(MCP_PREFIX.length);
    const split = rest.indexOf("__");
    return split < 0 ? mcpRef(raw, rest, undefined) : mcpRef(raw, rest.slice(0, split), rest.slice(split + 2));
  }
  const call = CALL.exec(raw);
  if (call) {
    const name = call[1]!;
    if (name === "Direct" || name === "Remote") {
      return invalid(
        `${JSON.stringify(raw)} refers to a Routecraft route, and June has no routes. ` +
          "Register the tool in the project's tools and list it by name",
      );
    }
    return { ok: true, ref: { kind: "pattern", raw, name, pattern: call[2]!.trim() } };
  }
  if (!WIRE_NAME.test(raw)) {
    return {
      ok: false,
      code: "JUNE_INVALID_TOOL_NAME",
      message:
        `${JSON.stringify(raw)} is not a tool name a model provider accepts (1 to 64 letters, digits, "_" or "-"), ` +
        "nor MCP(server), MCP(server:tool) or mcp__server__tool",
    };
  }
  return { ok: true, ref: { kind: "name", raw, name: raw } };
}

function mcpRef(raw: string, server: string, tool: string | undefined): ParsedToolRef {
  if (server === "" || server.includes("__") || server.endsWith("_") || !WIRE_NAME.test(server)) {
    return invalid(
      `${JSON.stringify(raw)} names the MCP server ${JSON.stringify(server)}, which is not a server name: ` +
        'use letters, digits, "_" and "-", with no "__" and not ending in "_"',
    );
  }
  if (tool === undefined || tool === "*") return { ok: true, ref: { kind: "mcp-server", raw, server } };
  if (tool === "") return invalid(`${JSON.stringify(raw)} names no tool after the server; write MCP(${server}) for all of its tools`);
  const wireName = `${MCP_PREFIX}${server}__${tool}`;
  if (!WIRE_NAME.test(wireName)) {
    return {
      ok: false,
      code: "JUNE_INVALID_TOOL_NAME",
      message:
        `${JSON.stringify(raw)} would reach the model as ${JSON.stringify(wireName)}, which is not a tool name a ` +
        'provider accepts (1 to 64 letters, digits, "_" or "-")',
    };
  }
  return { ok: true, ref: { kind: "mcp-tool", raw, server, tool, wireName } };
}

function invalid(message: string): ParsedToolRef {
  return { ok: false, code: "JUNE_AGENT_FIELD_INVALID", message };
}

/** `Read, Grep, Bash` (Claude Code style) or a YAML list → the entries, or what is wrong. */
export function toolEntries(value: unknown): { ok: true; entries: string[] } | { ok: false; message: string } {
  if (typeof value === "string") return { ok: true, entries: splitCommas(value) };
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) {
    return { ok: true, entries: value.map((v: string) => v.trim()).filter((v) => v !== "") };
  }
  return { ok: false, message: "must be a comma-separated string (Read, Grep, Bash) or a list of tool names" };
}

// Commas inside parentheses belong to the entry: `Bash(git diff:*, git log:*)`.
function splitCommas(value: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of value) {
    if (char === "(") depth++;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (char === "," && depth === 0) {
      entries.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  entries.push(current);
  return entries.map((e) => e.trim()).filter((e) => e !== "");
}
