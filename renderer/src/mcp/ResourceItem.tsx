// One resource of a server: what it is, and a "Read" button that shows its contents below it.
import type { McpResourceContent, McpResourceInfo } from "../contract/june-types.ts";
import { useStudio } from "../store/index.ts";
import { McpError } from "./McpError.tsx";
import { ResourceContents } from "./ResourceContents.tsx";
import { useHostCall } from "./use-host-call.ts";

export function ResourceItem({ server, resource }: { server: string; resource: McpResourceInfo }) {
  const readMcpResource = useStudio((s) => s.readMcpResource);
  const [read, run] = useHostCall<McpResourceContent[]>();
  const name = resource.title ?? resource.name;
  const ask = () => void run(() => readMcpResource(server, resource.uri));

  return (
    <li className="mcp-item">
      <div className="mcp-item-head">
        <span className="mcp-item-name">{name}</span>
        {resource.mimeType && <span className="chip">{resource.mimeType}</span>}
        <button type="button" className="button button-small mcp-item-action" aria-label={`Read ${name}`} disabled={read.status === "waiting"} onClick={ask}>
          Read
        </button>
      </div>
      <div className="mono small mcp-uri">{resource.uri}</div>
      {resource.description && <p className="muted mcp-description">{resource.description}</p>}
      {read.status === "waiting" && (
        <p className="muted mcp-waiting" aria-busy="true">
          <span className="spinner spinner-small" aria-hidden="true" /> Reading {name}…
        </p>
      )}
      {read.status === "failed" && <McpError error={read.error} onRetry={ask} />}
      {read.status === "done" && <ResourceContents contents={read.value} label={`Contents of ${name}`} />}
    </li>
  );
}
