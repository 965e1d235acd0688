// "MCP server <name>": a modal dialog (ui/ModalDialog.tsx, as "Compare runs" is) that asks the server's catalog when it opens, says it is starting
// the server meanwhile, and shows the catalog or the error with a "Try again".
import { useEffect, useId } from "react";
import type { McpCatalog, McpServerInfo } from "../contract/june-types.ts";
import { useStudio } from "../store/index.ts";
import { ModalDialog } from "../ui/ModalDialog.tsx";
import { McpCatalogView } from "./McpCatalogView.tsx";
import { McpError } from "./McpError.tsx";
import { useHostCall } from "./use-host-call.ts";

export function McpServerDialog({ server, onClose }: { server: McpServerInfo; onClose: () => void }) {
  const titleId = useId();
  const mcpCatalog = useStudio((s) => s.mcpCatalog);
  const [catalog, run] = useHostCall<McpCatalog>();
  const ask = () => void run(() => mcpCatalog(server.name));


  useEffect(() => {
    ask();
    // Once per server the dialog opens on; "Try again" asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [server.name]);

  // Close is the one control there while the server starts; the content comes later.
  return (
    <ModalDialog className="mcp-dialog" labelledBy={titleId} focus=".mcp-dialog-close" onClose={onClose}>
      <section className="panel mcp-dialog-panel" aria-labelledby={titleId}>
        <header className="panel-header">
          <h2 id={titleId} className="panel-title">
            MCP server {server.name}
          </h2>
          <span className="panel-meta">
            {server.transport} · <span className="mono">{server.target}</span>
          </span>
          <div className="panel-actions">
            <button type="button" className="button button-small mcp-dialog-close" onClick={onClose}>
              Close
            </button>
          </div>
        </header>
        <div className="panel-body mcp-dialog-body">
          {(catalog.status === "waiting" || catalog.status === "idle") && (
            <div className="empty empty-loading" aria-busy="true">
              <span className="spinner" aria-hidden="true" />
              <p className="empty-title">Starting {server.name}…</p>
            </div>
          )}
          {catalog.status === "failed" && <McpError error={catalog.error} onRetry={ask} />}
          {catalog.status === "done" && <McpCatalogView catalog={catalog.value} />}
        </div>
      </section>
    </ModalDialog>
  );
}
