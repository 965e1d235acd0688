// mcpServer(): an MCP server as a capability that waits. Declared with <Tools from={…} />, it
// connects when an agent first needs it, exposes the server's tools as mcp__<server>__<tool>, is
// shared by every identical declaration in the run, is brought back when it dies (session.ts), and
// is closed when the run ends.
import type { ToolExecutionOptions } from "ai";
import type { CallHost, LoadedTools, ToolOrigin, ToolSource, ToolSourceContext } from "../capabilities/index.ts";
import { getMcpPrompt, mcpCatalog, readMcpResource } from "./browse.ts";
import type { McpCatalog, McpPromptResult, McpResourceContent } from "./browse-types.ts";
import { describeError } from "./connect.ts";
import { exposeTools, listAllTools } from "./expose-tools.ts";
import { checkServerName } from "./server-name.ts";
import { rootsOf } from "./server-requests.ts";
import { McpSession } from "./session.ts";
import { approvalConfig, describeTarget, serverKey, transportSpec, type McpServerConfig } from "./server-config.ts";

/** What loading an MCP server gives: its tools by wire name, their origins, and a way to close it. */
export interface McpLoadedTools extends LoadedTools {
  origins: Record<string, ToolOrigin>;
  /** Closes the connection; for stdio, resolves once the server process has exited. */
  close: () => Promise<void>;
}

/** A ToolSource of kind "mcp" whose load always connects afresh (the run's cache shares it). */
export interface McpToolSource extends ToolSource {
  kind: "mcp";
  key: string;
  load(context: ToolSourceContext): Promise<McpLoadedTools>;
  /** How it is reached, as the studio lists it (no env, headers or query: they hold secrets). */
  transport: "stdio" | "http";
  target: string;
  /** What it offers besides tools, outside any run; each asks over a connection of its own (browse.ts). */
  catalog(signal: AbortSignal): Promise<McpCatalog>;
  readResource(uri: string, signal: AbortSignal): Promise<McpResourceContent[]>;
  getPrompt(name: string, args: Record<string, string>, signal: AbortSignal): Promise<McpPromptResult>;
}

/**
 * An MCP server whose tools an agent is given with `<Tools from={…} />`. The name must not be
 * empty, contain "__" or end in "_" (JUNE_INVALID_MCP_NAME); a stdio server gets only PATH,
 * HOME, LANG and the like from the host's environment, plus `env`. A tool's calls wait for
 * approval unless the server annotates it `readOnlyHint: true`; `approve` (for the server) and
 * `tools: { <tool>: { approve } }` say otherwise ("always", "never", "by-annotations").
 *
 * @example
 * const fs = mcpServer("fs", { command: "mcp-server-filesystem", args: ["./docs"] });
 * const web = mcpServer("web", { url: "https://mcp.example.com/mcp", headers: { Authorization: `Bearer ${token}` } });
 * const docs = mcpServer("docs", { command: "docs-server", approve: "never", tools: { publish: { approve: "always" } } });
 * <Agent model={model}>
 *   <Tools from={fs} />
 *   <Step id="s" prompt="Summarize docs/intro.md" />
 * </Agent>
 * // the model is offered mcp__fs__read_file, mcp__fs__list_directory, …
 */
export function mcpServer(name: string, config: McpServerConfig): McpToolSource {
  checkServerName(name);
  const spec = transportSpec(name, config);
  const approval = approvalConfig(name, config);
  const warn = config.onWarning ?? ((message: string) => console.warn(message));
  return {
    name,
    key: serverKey(name, spec, approval),
    kind: "mcp",
    transport: spec.kind,
    target: describeTarget(spec),
    catalog: (signal) => mcpCatalog(name, spec, signal),
    readResource: (uri, signal) => readMcpResource(name, spec, uri, signal),
    getPrompt: (prompt, args, signal) => getMcpPrompt(name, spec, prompt, args, signal),
    async load({ signal }) {
      const session = new McpSession(name, spec, rootsOf(spec, process.cwd()));
      const connection = await session.open(signal);
      try {
        const listed = await listAllTools(connection.client, signal);
        signal.throwIfAborted();
        const made = session.adopt(connection, listed);
        const call = (tool: string, input: unknown, options: ToolExecutionOptions<any>, host: CallHost | undefined) => session.call(tool, input, options, host);
        return { ...exposeTools(name, listed, made, call, warn, approval), close: () => session.close() };
      } catch (error) {
        await connection.close();
        const what = signal.aborted ? "listing its tools was aborted" : `listing its tools failed: ${describeError(error)}`;
        throw new Error(`MCP server ${JSON.stringify(name)} (${describeTarget(spec)}) connected, but ${what}`, { cause: error });
      }
    },
  };
}
