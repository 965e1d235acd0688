// A status as a coloured dot and a word.
import type { NodeStatus, RunStatus } from "../contract/index.ts";
import { STATUS_LABEL } from "./format.ts";

export function StatusBadge({ status }: { status: NodeStatus | RunStatus }) {
  return (
    <span className={`status status-${status}`}>
      <span className="status-dot" aria-hidden="true" />
      {STATUS_LABEL[status]}
    </span>
  );
}
