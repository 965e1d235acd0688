// What a connected server offers, as the tools an agent is given: every tool listed (all pages),
// renamed to its wire name mcp__<server>__<tool>, with its origin and the server's annotations
// verbatim for the tool policy, waiting for approval unless its annotations or the server's config
// say it need not (approval.ts). A tool whose wire name no provider accepts is skipped with a warning.
import type { ListToolsResult, MCPClient } from "@ai-sdk/mcp";
import type { ToolExecutionOptions, ToolSet } from "ai";
import { currentCallHost, type CallHost, type ToolOrigin } from "../capabilities/index.ts";
import { decideMcpApproval, type McpApprovalConfig } from "./approval.ts";
import { isWireName, mcpWireName } from "./wire-name.ts";

/** The tools of one server, keyed by wire name. */
export interface ExposedTools {
  tools: ToolSet;
  origins: Record<string, ToolOrigin>;
  /** Why each tool waits for approval or runs unasked (approval.ts). */
  approvalReasons: Record<string, string>;
}

/** Every tool the server lists, following `nextCursor` through all pages. */
export async function listAllTools(client: MCPClient, signal: AbortSignal): Promise<ListToolsResult> {
  let page = await client.listTools({ options: { signal } });
  const tools = [...page.tools];
  while (page.nextCursor !== undefined) {
    page = await client.listTools({ params: { cursor: page.nextCursor }, options: { signal } });
    tools.push(...page.tools);
  }
  return { ...page, tools };
}

/**
 * Renames the listed tools to their wire names and records where each comes from.
 *
 * @example
 * const { tools, origins } = exposeTools("fs", listed, session.adopt(connection, listed), (tool, input, options, host) => session.call(tool, input, options, host), console.warn);
 * origins["mcp__fs__read_file"]; // { server: "fs", tool: "read_file", annotations: { readOnlyHint: true, … } }
 */
export function exposeTools(
  server: string,
  listed: ListToolsResult,
  byName: ToolSet,
  call: (tool: string, input: unknown, options: ToolExecutionOptions<any>, host: CallHost | undefined) => Promise<unknown>,
  warn: (message: string) => void,
  approval: McpApprovalConfig = {},
): ExposedTools {
  // The raw listing keeps annotations exactly as sent (unknown hints too); the AI SDK's own
  // tool metadata (`byName`, what client.toolsFromDefinitions made of the listing) keeps only the
  // five hints it knows.
  const tools: ToolSet = {};
  const origins: Record<string, ToolOrigin> = {};
  const approvalReasons: Record<string, string> = {};
  for (const definition of listed.tools) {
    const wire = mcpWireName(server, definition.name);
    const tool = byName[definition.name];
    if (!tool) {
      warn(`june: MCP server ${JSON.stringify(server)} lists the tool ${JSON.stringify(definition.name)}, but @ai-sdk/mcp could not make a tool of it; it is skipped.`);
      continue;
    }
    if (!isWireName(wire)) {
      warn(
        `june: MCP server ${JSON.stringify(server)} offers the tool ${JSON.stringify(definition.name)}, but its wire name ${JSON.stringify(wire)} ` +
          `is not one a model provider accepts (1 to 64 letters, digits, "_" or "-"); the tool is skipped. A shorter server name leaves more room.`,
      );
      continue;
    }
    const decision = decideMcpApproval(server, definition.name, definition.annotations, approval);
    // Executed through `call` (the session), which brings a server that died back for the next call.
    const name = definition.name;
    // The run's host of this call is read first thing: the server may ask on its behalf (server-requests.ts).
    tools[wire] = { ...tool, execute: (input: unknown, options: ToolExecutionOptions<any>) => call(name, input, options, currentCallHost()), ...(decision.needsApproval ? { needsApproval: true } : {}) };
    origins[wire] = {
      server,
      tool: definition.name,
      ...(definition.annotations !== undefined ? { annotations: { ...definition.annotations } } : {}),
    };
    approvalReasons[wire] = decision.reason;
  }
  return { tools, origins, approvalReasons };
}
