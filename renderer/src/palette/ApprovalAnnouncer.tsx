// A polite live region, outside every panel (a hidden tab or a folded sidebar still announces):
// "Approval needed: deploy in Release — press Alt+A to review" when a new approval arrives.
import { useEffect, useRef, useState } from "react";
import type { PendingApproval } from "../contract/index.ts";
import { KEYS, isMac, shortcutLabel } from "../keyboard/index.ts";
import { useStudio } from "../store/index.ts";

/** What is said for approvals that just arrived. */
export function approvalAnnouncement(arrived: readonly PendingApproval[], key: string): string {
  const what = arrived.map((a) => `${a.toolName} in ${a.agentPath.at(-1) ?? a.entryName}`).join(", ");
  return `${arrived.length === 1 ? "Approval" : `${arrived.length} approvals`} needed: ${what} — press ${key} to review`;
}

export function ApprovalAnnouncer() {
  const inbox = useStudio((s) => s.inbox);
  const seen = useRef(new Set<string>());
  const [message, setMessage] = useState("");

  useEffect(() => {
    const arrived = inbox.filter((a) => !seen.current.has(a.approvalId));
    seen.current = new Set(inbox.map((a) => a.approvalId));
    if (arrived.length > 0) setMessage(approvalAnnouncement(arrived, shortcutLabel(KEYS.focusApproval[0], isMac())));
  }, [inbox]);

  return (
    <div role="status" aria-live="polite" aria-label="Approval announcements" className="sr-only">
      {message}
    </div>
  );
}
