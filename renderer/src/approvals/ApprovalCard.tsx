// One pending approval: the tool, its input as JSON, where it was asked (agent path, step, run),
// whether it runs programs without a sandbox, and Approve / Deny with a reason. Focused, `a`
// approves and `d` denies.
import { useState, type KeyboardEvent } from "react";
import type { PendingApproval, StudioError } from "../contract/index.ts";
import { JsonView } from "../ui/JsonView.tsx";
import { formatTime } from "../ui/format.ts";

export interface ApprovalCardProps {
  approval: PendingApproval;
  deciding?: "approve" | "deny";
  error?: StudioError;
  onApprove: () => void;
  onDeny: (reason: string) => void;
  /** Moves focus to the previous (-1) or next (+1) request. */
  onMove: (delta: -1 | 1) => void;
}

export function ApprovalCard({ approval, deciding, error, onApprove, onDeny, onMove }: ApprovalCardProps) {
  const [reason, setReason] = useState("");
  const reasonId = `reason-${approval.approvalId}`;
  const busy = deciding !== undefined;
  // The request says when its tool runs programs unsandboxed (Bash where bubblewrap is missing).
  const noSandbox = approval.noSandbox;

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    // Letters typed into the reason box are text, not shortcuts.
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "a" && !busy) onApprove();
    else if (key === "d" && !busy) onDeny(reason);
    else if (event.key === "ArrowDown" || key === "j") onMove(1);
    else if (event.key === "ArrowUp" || key === "k") onMove(-1);
    else return;
    event.preventDefault();
  };

  return (
    <li
      className={`approval-card${busy ? " is-busy" : ""}`}
      tabIndex={0}
      aria-label={`${approval.toolName} in ${approval.entryName}`}
      aria-keyshortcuts="a d"
      data-approval-id={approval.approvalId}
      onKeyDown={onKeyDown}
    >
      <div className="approval-head">
        <code className="approval-tool">{approval.toolName}</code>
        <span className="muted small">{formatTime(approval.requestedAt)}</span>
      </div>
      <dl className="approval-facts">
        <dt>Run</dt>
        <dd>
          {approval.entryName} <span className="muted small">{approval.runId}</span>
        </dd>
        <dt>Agent</dt>
        <dd>{approval.agentPath.join(" › ") || "—"}</dd>
        <dt>Step</dt>
        <dd>
          <code>{approval.step}</code>
        </dd>
      </dl>
      {noSandbox !== undefined && (
        <p className="outcome-unknown no-sandbox" role="note">
          <strong>No sandbox:</strong> {noSandbox}. Approving runs this command on your machine as you: it can read and change your files and use
          the network.
        </p>
      )}
      {approval.outcomeUnknown && (
        <p className="outcome-unknown" role="note">
          <strong>Outcome unknown:</strong> this call was approved and started before the run was interrupted, and no result was recorded — it may
          or may not have run. It runs again only if you approve it again.
        </p>
      )}
      <JsonView value={approval.input} label={`Input of ${approval.toolName}`} />
      <label htmlFor={reasonId} className="field-label">
        Reason (sent with a denial)
      </label>
      <input id={reasonId} className="text-input" value={reason} placeholder="e.g. not on a Friday" onChange={(e) => setReason(e.target.value)} />
      {error && (
        <p className="field-error" role="alert">
          <code className="code">{error.code}</code> {error.message}
        </p>
      )}
      <div className="approval-actions">
        <button type="button" className="button button-approve" disabled={busy} aria-keyshortcuts="a" onClick={onApprove}>
          {deciding === "approve" ? "Approving…" : "Approve"}
        </button>
        <button type="button" className="button button-deny" disabled={busy} aria-keyshortcuts="d" onClick={() => onDeny(reason)}>
          {deciding === "deny" ? "Denying…" : "Deny"}
        </button>
      </div>
    </li>
  );
}
