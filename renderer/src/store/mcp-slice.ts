// The MCP slice: the open project's MCP servers (june.config.ts's `mcp` and .mcp.json), listed
// again whenever the project (re)loads, and the host calls that browse one server's resources,
// templates and prompts. Browsing answers go back to the caller as Results, not notices: each call
// starts the server, so it is slow and may fail, and the dialog that asked shows its own error.
import type { Result, StudioError } from "../contract/index.ts";
import type { McpCatalog, McpPromptResult, McpResourceContent, McpServerInfo } from "../contract/june-types.ts";
import { attempt, type SliceContext, type StudioSlice } from "./slice.ts";
import type { StudioData } from "./studio-state.ts";

export interface McpData {
  /** The open project's servers; null while they are being listed, or when no folder is open. */
  mcpServers: McpServerInfo[] | null;
  /** Why the last listing failed (the MCP panel shows it with a "Try again"). */
  mcpServersError: StudioError | null;
}

export interface McpActions {
  /** Lists the open project's servers again (a newer listing wins over a slower older one). */
  refreshMcpServers(): Promise<void>;
  /** What one server offers besides tools; starts the server and stops it again. */
  mcpCatalog(server: string): Promise<Result<McpCatalog>>;
  readMcpResource(server: string, uri: string): Promise<Result<McpResourceContent[]>>;
  getMcpPrompt(server: string, name: string, args?: Record<string, string>): Promise<Result<McpPromptResult>>;
}

export function initialMcp(): McpData {
  return { mcpServers: null, mcpServersError: null };
}

/** What makes a project another one for its MCP servers: its folder, its load, its trust. */
function projectKey(data: StudioData): string | null {
  const project = data.project;
  return project ? `${project.folder}\u0000${project.loadedAt}\u0000${project.trust}` : null;
}

export function mcpSlice({ bridge }: SliceContext): StudioSlice<McpData & McpActions> {
  return (set, get, store) => {
    let listing = 0;
    let listedFor: string | null = null;

    // The project arrives by several roads (start, open, trust, a "project" event, a snapshot);
    // watching the state itself lists the servers again whichever one it took.
    store.subscribe((state) => {
      const key = projectKey(state);
      if (key === listedFor) return;
      listedFor = key;
      void state.refreshMcpServers();
    });

    return {
      ...initialMcp(),

      async refreshMcpServers() {
        const id = ++listing;
        set({ mcpServers: null, mcpServersError: null });
        if (!get().project) return;
        const result = await attempt(() => bridge.listMcpServers({}));
        if (id !== listing) return;
        set(result.ok ? { mcpServers: result.value, mcpServersError: null } : { mcpServers: null, mcpServersError: result.error });
      },

      mcpCatalog: (server) => attempt(() => bridge.mcpCatalog({ server })),
      readMcpResource: (server, uri) => attempt(() => bridge.readMcpResource({ server, uri })),
      getMcpPrompt: (server, name, args) => attempt(() => bridge.getMcpPrompt({ server, name, ...(args && Object.keys(args).length > 0 ? { arguments: args } : {}) })),
    };
  };
}
