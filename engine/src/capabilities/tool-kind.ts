// What kind of tool a capability is, for the tool policy: code you wrote ("fn"), a tool June
// provides (bash, the Claude Code built-ins: "builtin"), or an MCP server's ("mcp").
export type ToolKind = "fn" | "builtin" | "mcp";
