// What reading a resource gave: each part as resource-view.ts says to show it.
import type { McpResourceContent } from "../contract/june-types.ts";
import { binarySize, resourceView } from "./resource-view.ts";

export function ResourceContents({ contents, label }: { contents: McpResourceContent[]; label: string }) {
  if (contents.length === 0) return <p className="muted mcp-contents-empty">The server returned no contents.</p>;
  return (
    <ul className="mcp-contents" aria-label={label}>
      {contents.map((content, index) => (
        <li key={`${index}:${content.uri}`} className="mcp-content">
          {/* A read may return several parts (a folder's files): each says which it is. */}
          {contents.length > 1 && <div className="mono small muted">{content.uri}</div>}
          <ContentPart content={content} />
        </li>
      ))}
    </ul>
  );
}

function ContentPart({ content }: { content: McpResourceContent }) {
  const view = resourceView(content);
  switch (view.kind) {
    case "json":
    case "text":
      return (
        <pre className="mcp-content-text" tabIndex={0} data-kind={view.kind}>
          {view.text}
        </pre>
      );
    case "image":
      return <img className="mcp-content-image" src={view.src} alt={`${content.uri} (${view.mimeType})`} />;
    case "binary":
      return (
        <p className="muted mcp-content-binary">
          {binarySize(view.bytes)}
          {content.mimeType ? ` (${content.mimeType})` : ""}
        </p>
      );
  }
}
