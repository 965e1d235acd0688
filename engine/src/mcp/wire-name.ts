// The names a model sees for MCP tools: `mcp__<server>__<tool>`, the form Claude Code agent files
// carry. A provider accepts only short plain names, so a tool whose wire name breaks that is
// left out rather than failing the whole server.

/** What OpenAI, Anthropic and most providers accept as a function name. */
export const WIRE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The prefix every MCP wire name starts with. */
export const MCP_PREFIX = "mcp__";

/**
 * The name a model sees for `tool` of the MCP server `server`.
 *
 * @example
 * mcpWireName("github", "create_issue"); // "mcp__github__create_issue"
 */
export function mcpWireName(server: string, tool: string): string {
  return `${MCP_PREFIX}${server}__${tool}`;
}

/** True when a provider accepts `name` as a tool name. */
export function isWireName(name: string): boolean {
  return WIRE_NAME.test(name);
}
