// The open project's MCP servers, browsed outside any run: which there are (never their env or
// headers: they hold secrets), what one offers besides tools, a resource read, a prompt got. Each
// request starts the server and stops it again (engine/src/mcp/browse.ts), bounded in time so a
// server that never answers fails the request rather than hanging it. A folder in restricted mode
// has no servers to start: its config and .mcp.json are commands nobody trusted.
import type { McpCatalog, McpPromptResult, McpResourceContent, McpServerInfo } from "june";
import type { Project } from "june/project";
import type { Result } from "../contract/index.ts";
import { fail, ok } from "./results.ts";

/** How long one browsing request may take, the server's start included. */
export const MCP_BROWSE_TIMEOUT_MS = 30_000;

export function listMcpServers(project: Project): Result<McpServerInfo[]> {
  return ok(
    Object.entries(project.mcpServers).map(([name, { source, file, line }]) => ({
      name,
      transport: source.transport,
      target: source.target,
      ...(file !== undefined ? { file } : {}),
      ...(line !== undefined ? { line } : {}),
    })),
  );
}

export function mcpCatalog(project: Project, server: string): Promise<Result<McpCatalog>> {
  return browse(project, server, "list what it offers", (source, signal) => source.catalog(signal));
}

export function readMcpResource(project: Project, server: string, uri: string): Promise<Result<McpResourceContent[]>> {
  return browse(project, server, `read ${uri}`, (source, signal) => source.readResource(uri, signal));
}

export function getMcpPrompt(project: Project, server: string, name: string, args: Record<string, string>): Promise<Result<McpPromptResult>> {
  return browse(project, server, `get the prompt ${JSON.stringify(name)}`, (source, signal) => source.getPrompt(name, args, signal));
}

async function browse<T>(project: Project, server: string, what: string, ask: (source: Project["mcpServers"][string]["source"], signal: AbortSignal) => Promise<T>): Promise<Result<T>> {
  if (project.trusted === false) {
    return fail("STUDIO_FOLDER_RESTRICTED", `june studio: ${project.folder} is in restricted mode (not trusted), so its MCP servers don't start. Trust the folder to browse them.`);
  }
  const found = project.mcpServers[server];
  if (!found) {
    const names = Object.keys(project.mcpServers);
    return fail("STUDIO_UNKNOWN_MCP_SERVER", `june studio: ${project.folder} has no MCP server ${JSON.stringify(server)}; it has ${names.map((n) => JSON.stringify(n)).join(", ") || "none"}.`);
  }
  try {
    return ok(await ask(found.source, AbortSignal.timeout(MCP_BROWSE_TIMEOUT_MS)));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const where = found.file === undefined ? "" : ` (defined in ${found.file}${found.line !== undefined ? `:${found.line}` : ""})`;
    return fail("STUDIO_MCP_FAILED", `june studio: couldn't ${what} on MCP server ${JSON.stringify(server)}${where}: ${message}`);
  }
}
