// A value as formatted JSON (strings as they are), in a scrollable monospace block.
import { formatJson } from "./format.ts";

export function JsonView({ value, label }: { value: unknown; label?: string }) {
  return (
    <pre className="json" aria-label={label} tabIndex={0}>
      {formatJson(value)}
    </pre>
  );
}
