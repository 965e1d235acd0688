// The MCP tool grammar of markdown agents and Claude Code agent files: `MCP(server)`,
// `MCP(server:tool)`, and the raw wire forms `mcp__server__tool`, `mcp__server`, `mcp__server__*`.
import { MCP_PREFIX } from "./wire-name.ts";

/** One server's tools (no `tool`), or one tool of it (the server's own, raw name). */
export interface McpRef {
  server: string;
  tool?: string;
}

const CALL_FORM = /^MCP\(([A-Za-z0-9_-]+)(?::([^\s():]+))?\)$/;
const PART = /^[^\s():]+$/;

/**
 * Reads an MCP tool reference; undefined when `ref` is not one.
 * The raw form is split at the first "__" after "mcp__" (server names never contain "__").
 *
 * @example
 * parseMcpRef("MCP(github:create_issue)"); // { server: "github", tool: "create_issue" }
 * parseMcpRef("mcp__github__issues__create"); // { server: "github", tool: "issues__create" }
 * parseMcpRef("mcp__github__*"); // { server: "github" }
 * parseMcpRef("Read"); // undefined
 */
export function parseMcpRef(ref: string): McpRef | undefined {
  const text = ref.trim();
  const call = CALL_FORM.exec(text);
  if (call) return call[2] === undefined ? { server: call[1]! } : { server: call[1]!, tool: call[2] };
  if (!text.startsWith(MCP_PREFIX)) return undefined;
  const rest = text.slice(MCP_PREFIX.length);
  const split = rest.indexOf("__");
  const server = split === -1 ? rest : rest.slice(0, split);
  if (!PART.test(server)) return undefined;
  if (split === -1) return { server };
  const tool = rest.slice(split + 2);
  if (tool === "*") return { server };
  return PART.test(tool) ? { server, tool } : undefined;
}
