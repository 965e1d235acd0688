// "MCP servers": the open project's servers (june.config.ts's `mcp` and .mcp.json), one row each
// with its transport, its command or URL and where it is defined; a row's button opens the
// server's dialog (its resources, templates and prompts).
import { useCallback, useEffect, useRef, useState } from "react";
import type { McpServerInfo } from "../contract/june-types.ts";
import { useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { SourceLink } from "../ui/SourceLink.tsx";
import { McpError } from "./McpError.tsx";
import { McpServerDialog } from "./McpServerDialog.tsx";

export const MCP_PANEL_TITLE = "MCP servers";

export function McpPanel() {
  const hasProject = useStudio((s) => s.project !== null);
  const servers = useStudio((s) => s.mcpServers);
  const error = useStudio((s) => s.mcpServersError);
  const refresh = useStudio((s) => s.refreshMcpServers);
  const [open, setOpen] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const close = useCallback(() => setOpen(null), []);
  // The focus goes back to the row's button once the dialog is gone (it was inert meanwhile).
  useEffect(() => {
    if (open === null) opener.current?.focus();
  }, [open]);
  const shown = servers?.find((s) => s.name === open);

  return (
    <Panel title={MCP_PANEL_TITLE} meta={servers ? String(servers.length) : undefined} className="mcp-panel">
      {!hasProject ? (
        <EmptyState title="No folder open" />
      ) : error ? (
        <McpError error={error} onRetry={() => void refresh()} />
      ) : !servers ? (
        <EmptyState title="Listing MCP servers…" tone="loading" />
      ) : servers.length === 0 ? (
        <EmptyState title="No MCP servers">
          <p className="muted">
            Add one to <span className="mono">june.config.ts</span>'s <span className="mono">mcp</span> or <span className="mono">.mcp.json</span>.
          </p>
        </EmptyState>
      ) : (
        <ul className="mcp-server-list" aria-label="MCP servers of this folder">
          {servers.map((server) => (
            <ServerRow
              key={server.name}
              server={server}
              open={open === server.name}
              onOpen={(button) => {
                opener.current = button;
                setOpen(server.name);
              }}
            />
          ))}
        </ul>
      )}
      {shown && <McpServerDialog server={shown} onClose={close} />}
    </Panel>
  );
}

function ServerRow({ server, open, onOpen }: { server: McpServerInfo; open: boolean; onOpen: (button: HTMLButtonElement) => void }) {
  return (
    <li className="mcp-server">
      <div className="mcp-server-head">
        <button
          type="button"
          className="link mcp-server-name"
          aria-label={`Browse ${server.name}`}
          title={`Browse what ${server.name} offers: resources, templates and prompts`}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={(event) => onOpen(event.currentTarget)}
        >
          {server.name}
        </button>
        <span className="chip">{server.transport}</span>
      </div>
      <div className="mono small mcp-server-target" title={server.target}>
        {server.target}
      </div>
      {server.file && (
        <div className="small mcp-server-where">
          <SourceLink source={{ file: server.file, ...(server.line ? { line: server.line } : {}) }} />
        </div>
      )}
    </li>
  );
}
