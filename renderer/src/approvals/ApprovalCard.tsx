// One pending approval. A tool call: the tool, its input as JSON, where it was asked (agent path,
// step, run), whether it runs programs without a sandbox, and Approve / Deny with a reason. An MCP
// server's ask during a tool call: a form to Submit / Decline / Cancel (elicitation), or a prompt
// for the agent's model to Approve / Deny (sampling). Focused, `a` approves (submits) and `d`
// denies (declines).
import { useState, type KeyboardEvent, type ReactNode } from "react";
import type { PendingApproval, StudioError } from "../contract/index.ts";
import { JsonView } from "../ui/JsonView.tsx";
import { formatTime } from "../ui/format.ts";
import type { ElicitContent, ElicitationAsk, SamplingAsk } from "./ask-types.ts";
import { ElicitationForm, useElicitationForm } from "./ElicitationForm.tsx";
import { SamplingRequest } from "./SamplingRequest.tsx";

export interface ApprovalCardProps {
  approval: PendingApproval;
  deciding?: "approve" | "deny" | "cancel";
  error?: StudioError;
  /** `content`: an elicitation's answers, typed as its schema says. */
  onApprove: (content?: ElicitContent) => void;
  /** `cancel`: an elicitation dismissed without an answer (rather than declined). */
  onDeny: (reason: string, cancel?: boolean) => void;
  /** Moves focus to the previous (-1) or next (+1) request. */
  onMove: (delta: -1 | 1) => void;
}

export function ApprovalCard(props: ApprovalCardProps) {
  const ask = props.approval.ask;
  if (ask?.kind === "elicitation") return <ElicitationCard {...props} ask={ask} />;
  if (ask?.kind === "sampling") return <SamplingCard {...props} ask={ask} />;
  return <ToolCallCard {...props} />;
}

function ToolCallCard({ approval, deciding, error, onApprove, onDeny, onMove }: ApprovalCardProps) {
  const [reason, setReason] = useState("");
  const busy = deciding !== undefined;
  // The request says when its tool runs programs unsandboxed (Bash where bubblewrap is missing).
  const noSandbox = approval.noSandbox;
  return (
    <CardShell
      approval={approval}
      label={`${approval.toolName} in ${approval.entryName}`}
      busy={busy}
      head={<code className="approval-tool">{approval.toolName}</code>}
      reason={reason}
      setReason={setReason}
      reasonLabel="Reason (sent with a denial)"
      error={error}
      onA={() => onApprove()}
      onD={() => onDeny(reason)}
      onMove={onMove}
      actions={<ApproveOrDeny busy={busy} deciding={deciding} onApprove={() => onApprove()} onDeny={() => onDeny(reason)} />}
    >
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
    </CardShell>
  );
}

function ElicitationCard({ approval, ask, deciding, error, onApprove, onDeny, onMove }: ApprovalCardProps & { ask: ElicitationAsk }) {
  const [reason, setReason] = useState("");
  const busy = deciding !== undefined;
  const idPrefix = `elicit-${approval.approvalId}`;
  const form = useElicitationForm(ask.requestedSchema, idPrefix);
  const submit = () => {
    const content = form.submit();
    if (content) onApprove(content);
  };
  return (
    <CardShell
      approval={approval}
      label={`${ask.server} asks for input during ${approval.toolName} in ${approval.entryName}`}
      busy={busy}
      head={<AskHead server={ask.server} asks="asks for input" toolName={approval.toolName} />}
      reason={reason}
      setReason={setReason}
      reasonLabel="Reason (sent with a decline)"
      error={error}
      onA={submit}
      onD={() => onDeny(reason)}
      onMove={onMove}
      actions={
        <>
          <ApproveButton busy={busy} onClick={submit} text={deciding === "approve" ? "Submitting…" : "Submit"} />
          <DenyButton busy={busy} onClick={() => onDeny(reason)} text={deciding === "deny" ? "Declining…" : "Decline"} />
          <button type="button" className="button" disabled={busy} title="Dismiss without answering" onClick={() => onDeny(reason, true)}>
            {deciding === "cancel" ? "Cancelling…" : "Cancel"}
          </button>
        </>
      }
    >
      <p className="elicit-message">{ask.message}</p>
      <ElicitationForm schema={ask.requestedSchema} idPrefix={idPrefix} form={form} label={`Form from ${ask.server}`} disabled={busy} onSubmit={submit} />
      <ToolCallInput approval={approval} />
    </CardShell>
  );
}

function SamplingCard({ approval, ask, deciding, error, onApprove, onDeny, onMove }: ApprovalCardProps & { ask: SamplingAsk }) {
  const [reason, setReason] = useState("");
  const busy = deciding !== undefined;
  return (
    <CardShell
      approval={approval}
      label={`${ask.server} asks ${ask.model} to answer during ${approval.toolName} in ${approval.entryName}`}
      busy={busy}
      head={
        <AskHead
          server={ask.server}
          asks={
            <>
              asks the agent's model <code>{ask.model}</code> to answer
            </>
          }
          toolName={approval.toolName}
        />
      }
      reason={reason}
      setReason={setReason}
      reasonLabel="Reason (sent with a denial)"
      error={error}
      onA={() => onApprove()}
      onD={() => onDeny(reason)}
      onMove={onMove}
      actions={<ApproveOrDeny busy={busy} deciding={deciding} onApprove={() => onApprove()} onDeny={() => onDeny(reason)} />}
    >
      <SamplingRequest ask={ask} />
      <ToolCallInput approval={approval} />
    </CardShell>
  );
}

/** Approve and Deny, saying which is under way: a tool call's and a sampling's buttons. */
function ApproveOrDeny({ busy, deciding, onApprove, onDeny }: { busy: boolean; deciding: ApprovalCardProps["deciding"]; onApprove: () => void; onDeny: () => void }) {
  return (
    <>
      <ApproveButton busy={busy} onClick={onApprove} text={deciding === "approve" ? "Approving…" : "Approve"} />
      <DenyButton busy={busy} onClick={onDeny} text={deciding === "deny" ? "Denying…" : "Deny"} />
    </>
  );
}

function AskHead({ server, asks, toolName }: { server: string; asks: ReactNode; toolName: string }) {
  return (
    <span className="approval-ask">
      MCP server <strong>{server}</strong> {asks}
      <span className="muted small">
        {" "}
        during tool call <code>{toolName}</code>
      </span>
    </span>
  );
}

// The call the server asks during, folded: the ask is what is decided here.
function ToolCallInput({ approval }: { approval: PendingApproval }) {
  return (
    <details className="ask-tool-input">
      <summary className="muted small">Input of the tool call</summary>
      <JsonView value={approval.input} label={`Input of ${approval.toolName}`} />
    </details>
  );
}

function ApproveButton({ busy, onClick, text }: { busy: boolean; onClick: () => void; text: string }) {
  return (
    <button type="button" className="button button-approve" disabled={busy} aria-keyshortcuts="a" onClick={onClick}>
      {text}
    </button>
  );
}

function DenyButton({ busy, onClick, text }: { busy: boolean; onClick: () => void; text: string }) {
  return (
    <button type="button" className="button button-deny" disabled={busy} aria-keyshortcuts="d" onClick={onClick}>
      {text}
    </button>
  );
}

interface CardShellProps {
  approval: PendingApproval;
  label: string;
  busy: boolean;
  head: ReactNode;
  reason: string;
  setReason: (reason: string) => void;
  reasonLabel: string;
  error: StudioError | undefined;
  onA: () => void;
  onD: () => void;
  onMove: (delta: -1 | 1) => void;
  actions: ReactNode;
  children: ReactNode;
}

// What every card shares: where it was asked, the reason box, the host's refusal, the buttons and
// the keyboard.
function CardShell({ approval, label, busy, head, reason, setReason, reasonLabel, error, onA, onD, onMove, actions, children }: CardShellProps) {
  const reasonId = `reason-${approval.approvalId}`;
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    // Letters typed into a field (the reason, a form's) are text or a choice, not shortcuts.
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "a" && !busy) onA();
    else if (key === "d" && !busy) onD();
    else if (event.key === "ArrowDown" || key === "j") onMove(1);
    else if (event.key === "ArrowUp" || key === "k") onMove(-1);
    else return;
    event.preventDefault();
  };

  return (
    <li
      className={`approval-card${busy ? " is-busy" : ""}`}
      tabIndex={0}
      aria-label={label}
      aria-keyshortcuts="a d"
      data-approval-id={approval.approvalId}
      onKeyDown={onKeyDown}
    >
      <div className="approval-head">
        {head}
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
      {children}
      <label htmlFor={reasonId} className="field-label">
        {reasonLabel}
      </label>
      <input id={reasonId} className="text-input" value={reason} placeholder="e.g. not on a Friday" onChange={(e) => setReason(e.target.value)} />
      {error && (
        <p className="field-error" role="alert">
          <code className="code">{error.code}</code> {error.message}
        </p>
      )}
      <div className="approval-actions">{actions}</div>
    </li>
  );
}
