// "Approvals": one inbox for every live run's pending tool calls, and the history of decisions
// (one tab stop: arrow keys move between its rows). Alt+A from anywhere focuses the first request
// (palette/focus-approval.ts).
import { useRef, useState, type KeyboardEvent } from "react";
import type { ApprovalRecord } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { formatJson, formatTime } from "../ui/format.ts";
import { KEYS, isMac, shortcutLabel } from "../keyboard/index.ts";
import { ApprovalCard } from "./ApprovalCard.tsx";

export function ApprovalsPanel() {
  const inbox = useStudio((s) => s.inbox);
  const history = useStudio((s) => s.history);
  const deciding = useStudio((s) => s.deciding);
  const errors = useStudio((s) => s.approvalErrors);
  const approve = useStudio((s) => s.approve);
  const deny = useStudio((s) => s.deny);
  const listRef = useRef<HTMLOListElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);

  // After a decision the focus goes to the request now in its place, or to the empty inbox.
  const focusCard = (index: number) => {
    const cards = listRef.current?.querySelectorAll<HTMLElement>(".approval-card");
    if (!cards || cards.length === 0) {
      emptyRef.current?.focus();
      return;
    }
    cards[Math.max(0, Math.min(cards.length - 1, index))]?.focus();
  };

  // The history is one tab stop: the row last focused (the newest at first); arrows move.
  const [active, setActive] = useState(0);
  const activeRow = Math.min(active, history.length - 1);
  const onHistoryKey = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const rows = [...event.currentTarget.rows];
    const at = rows.findIndex((row) => row === document.activeElement);
    if (at < 0) return;
    const next = event.key === "ArrowDown" ? at + 1 : event.key === "ArrowUp" ? at - 1 : event.key === "Home" ? 0 : event.key === "End" ? rows.length - 1 : undefined;
    if (next === undefined) return;
    event.preventDefault();
    rows[Math.max(0, Math.min(rows.length - 1, next))]?.focus();
  };

  return (
    <Panel title="Approvals" meta={inbox.length > 0 ? <span className="badge badge-accent">{inbox.length} pending</span> : "none pending"} className="approvals-panel">
      {inbox.length === 0 ? (
        <div ref={emptyRef} tabIndex={-1} className="approvals-empty">
          <EmptyState title="No pending approvals">
            <p className="muted">When a tool that needs approval is called in any run, it waits here.</p>
          </EmptyState>
        </div>
      ) : (
        <>
          <p className="shortcut-hint" id="approval-shortcuts">
            <kbd>{shortcutLabel(KEYS.focusApproval[0], isMac())}</kbd> from anywhere focuses the first request, then <kbd>A</kbd> approve · <kbd>D</kbd> deny ·{" "}
            <kbd>↑</kbd>
            <kbd>↓</kbd> move
          </p>
          <ol className="approval-list" ref={listRef} aria-label="Pending approvals" aria-describedby="approval-shortcuts">
            {inbox.map((approval, index) => (
              <ApprovalCard
                key={approval.approvalId}
                approval={approval}
                deciding={deciding[approval.approvalId]}
                error={errors[approval.approvalId]}
                onApprove={(content) => void approve(approval, content).then(() => focusCard(index))}
                onDeny={(reason, cancel) => void deny(approval, reason, cancel).then(() => focusCard(index))}
                onMove={(delta) => focusCard(index + delta)}
              />
            ))}
          </ol>
        </>
      )}
      <div className="history">
        <h3 className="section-title">History</h3>
        {history.length === 0 ? (
          <p className="muted small">No decisions yet.</p>
        ) : (
          <table className="history-table">
            <caption className="sr-only">Approval decisions, newest first</caption>
            <colgroup>
              <col className="col-time" />
              <col className="col-decision" />
              <col className="col-tool" />
              <col />
              <col className="col-reason" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Decision</th>
                <th scope="col">Tool</th>
                <th scope="col">Input</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody onKeyDown={onHistoryKey}>
              {history.map((record, index) => (
                <tr
                  key={record.approvalId}
                  tabIndex={index === activeRow ? 0 : -1}
                  onFocus={() => setActive(index)}
                  title={`${record.entryName} · ${record.agentPath.join(" › ")} · step ${record.step}`}
                >
                  <td className="nowrap">{formatTime(record.decidedAt)}</td>
                  <td>
                    <span className={`decision decision-${record.approved ? "approved" : record.cancelled ? "cancelled" : "denied"}`}>{decisionOf(record)}</span>
                  </td>
                  <td>
                    <code>{record.toolName}</code>
                    <div className="muted small">{record.entryName}</div>
                  </td>
                  <td>
                    <code className="inline-json" title={formatJson(record.input)}>
                      {formatJson(record.input).replace(/\s*\n\s*/g, " ")}
                    </code>
                  </td>
                  <td>{record.reason ?? <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Panel>
  );
}

/** The word for a decision: an elicitation is submitted, declined or cancelled; a sampling is sampled or denied. */
function decisionOf(record: ApprovalRecord): string {
  if (record.ask?.kind === "elicitation") return record.approved ? "submitted" : record.cancelled ? "cancelled" : "declined";
  if (record.ask?.kind === "sampling") return record.approved ? "sampled" : "denied";
  return record.approved ? "approved" : "denied";
}
