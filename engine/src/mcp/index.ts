// Public surface of mcp/: MCP servers as tool sources, and the MCP tool grammar (MCP(server:tool),
// mcp__server__tool) that markdown agents resolve against them.
export { mcpServer } from "./mcp-server.ts";
export type { McpLoadedTools, McpToolSource } from "./mcp-server.ts";
export type { McpHttpConfig, McpServerCommon, McpServerConfig, McpStdioConfig } from "./server-config.ts";
export { parseMcpRef } from "./mcp-ref.ts";
export type { McpRef } from "./mcp-ref.ts";
export { mcpWireName, MCP_PREFIX, WIRE_NAME } from "./wire-name.ts";
export { serverNameProblem } from "./server-name.ts";
export { DEFAULT_MCP_ENV_ALLOWLIST } from "./child-env.ts";
export { MCP_JSON, parseMcpJson } from "./mcp-json.ts";
export { MCP_APPROVE_VALUES } from "./approval.ts";
export type { McpApprove, McpApprovalConfig } from "./approval.ts";
export type * from "./browse-types.ts";
