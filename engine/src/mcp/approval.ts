// Whether a call of an MCP tool waits for a person. By default the server's own annotations decide,
// read as the MCP spec defines them: a tool is read-only only when it says `readOnlyHint: true`
// (absent, the spec's defaults are "may write" and `destructiveHint: true`), so every other tool
// asks first, as June's own Write, Edit and Bash do. The server's config can say otherwise for the
// whole server or for one tool (`approve: "always" | "never" | "by-annotations"`), the tool's
// setting over the server's. Whatever decided it is kept in words for the Capabilities inspector.

export const MCP_APPROVE_VALUES = ["always", "never", "by-annotations"] as const;

/** How an MCP server's (or one of its tools') calls are approved. */
export type McpApprove = (typeof MCP_APPROVE_VALUES)[number];

/** What an MCP server's config says about approval: for the server, and per tool by its own name. */
export interface McpApprovalConfig {
  /** Default "by-annotations". */
  approve?: McpApprove;
  /** Per tool, by the name the server lists (`write_file`, not `mcp__fs__write_file`). */
  tools?: Readonly<Record<string, { approve?: McpApprove }>>;
}

/** The decision for one tool, and what made it, in words. */
export interface McpApprovalDecision {
  needsApproval: boolean;
  reason: string;
}

/**
 * Decides whether calls of `tool` on `server` wait for approval.
 *
 * @example
 * decideMcpApproval("fs", "write_file", { readOnlyHint: false, destructiveHint: true }, {});
 * // { needsApproval: true, reason: 'MCP server "fs" annotates write_file destructiveHint: true …' }
 */
export function decideMcpApproval(server: string, tool: string, annotations: Readonly<Record<string, unknown>> | undefined, config: McpApprovalConfig): McpApprovalDecision {
  const own = config.tools?.[tool]?.approve;
  if (own !== undefined && own !== "by-annotations") {
    return { needsApproval: own === "always", reason: `approve: "${own}" for ${tool} in MCP server ${JSON.stringify(server)}'s config` };
  }
  if (own === undefined && config.approve !== undefined && config.approve !== "by-annotations") {
    return { needsApproval: config.approve === "always", reason: `approve: "${config.approve}" for MCP server ${JSON.stringify(server)} in its config` };
  }
  return byAnnotations(server, tool, annotations ?? {});
}

function byAnnotations(server: string, tool: string, annotations: Readonly<Record<string, unknown>>): McpApprovalDecision {
  const who = `MCP server ${JSON.stringify(server)}`;
  if (annotations.readOnlyHint === true) return { needsApproval: false, reason: `${who} annotates ${tool} readOnlyHint: true` };
  const said = (["readOnlyHint", "destructiveHint"] as const).filter((hint) => hint in annotations).map((hint) => `${hint}: ${JSON.stringify(annotations[hint])}`);
  const destructive = annotations.destructiveHint !== false;
  const what = destructive ? "it may write and destroy" : "it may write";
  const basis = said.length > 0 ? `annotates ${tool} ${said.join(", ")}` : `gives ${tool} no readOnlyHint or destructiveHint`;
  return { needsApproval: true, reason: `${who} ${basis}: by MCP's defaults ${what}` };
}
