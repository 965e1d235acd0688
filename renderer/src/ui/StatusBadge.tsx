// A status as a coloured dot and a word. For a run, pass its state (run-state/): "waiting for
// approval" and "paused" are states the summary's status alone cannot tell.
import type { NodeStatus, RunStatus } from "../contract/index.ts";
import { STATUS_LABEL } from "./format.ts";

export function StatusBadge({ status }: { status: NodeStatus | RunStatus | "paused" }) {
  return (
    <span className={`status status-${status}`}>
      <span className="status-dot" aria-hidden="true" />
      {STATUS_LABEL[status]}
    </span>
  );
}
