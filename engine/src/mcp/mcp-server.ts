// mcpServer(): an MCP server as a capability that waits. Declared with <Tools from={…} />, it
// connects when an agent first needs it, exposes the server's tools as mcp__<server>__<tool>, is
// shared by every identical declaration in the run, and is closed when the run ends.
import type { LoadedTools, ToolSource } from "../capabilities/index.ts";
import { connectMcp, describeError } from "./connect.ts";
import { exposeTools, listAllTools } from "./expose-tools.ts";
import { checkServerName } from "./server-name.ts";
import { describeTarget, serverKey, transportSpec, type McpServerConfig } from "./server-config.ts";

/**
 * An MCP server whose tools an agent is given with `<Tools from={…} />`. The name must not be
 * empty, contain "__" or end in "_" (JUNE_INVALID_MCP_NAME); a stdio server gets only PATH,
 * HOME, LANG and the like from the host's environment, plus `env`.
 *
 * @example
 * const fs = mcpServer("fs", { command: "mcp-server-filesystem", args: ["./docs"] });
 * const web = mcpServer("web", { url: "https://mcp.example.com/mcp", headers: { Authorization: `Bearer ${token}` } });
 * <Agent model={model}>
 *   <Tools from={fs} />
 *   <Step id="s" prompt="Summarize docs/intro.md" />
 * </Agent>
 * // the model is offered mcp__fs__read_file, mcp__fs__list_directory, …
 */
export function mcpServer(name: string, config: McpServerConfig): ToolSource {
  checkServerName(name);
  const spec = transportSpec(name, config);
  const warn = config.onWarning ?? ((message: string) => console.warn(message));
  return {
    name,
    key: serverKey(name, spec),
    kind: "mcp",
    async load({ signal }): Promise<LoadedTools> {
      const connection = await connectMcp(name, spec, signal);
      try {
        const listed = await listAllTools(connection.client, signal);
        signal.throwIfAborted();
        return { ...exposeTools(name, listed, connection.client, warn), close: connection.close };
      } catch (error) {
        await connection.close();
        const what = signal.aborted ? "listing its tools was aborted" : `listing its tools failed: ${describeError(error)}`;
        throw new Error(`MCP server ${JSON.stringify(name)} (${describeTarget(spec)}) connected, but ${what}`, { cause: error });
      }
    },
  };
}
