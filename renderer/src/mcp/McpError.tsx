// A failed browsing call: its code and message, and the way to ask again.
import type { StudioError } from "../contract/index.ts";

export function McpError({ error, onRetry }: { error: StudioError; onRetry: () => void }) {
  return (
    <div role="alert" className="mcp-error">
      <p>
        <code className="code">{error.code}</code> {error.message}
      </p>
      <button type="button" className="button button-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
