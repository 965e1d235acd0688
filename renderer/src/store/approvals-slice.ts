// The approvals slice: one inbox for the pending approvals of every live run, the decisions made,
// and the requests being decided; with the pure merges the event reducer and start() share.
import type { ApprovalRecord, PendingApproval, RequestOf, Result, StudioError } from "../contract/index.ts";
import { ENDED } from "./runs-slice.ts";
import { attempt, type SliceContext, type StudioSlice } from "./slice.ts";
import type { StudioData } from "./studio-state.ts";

export interface ApprovalsData {
  /** Pending approvals of every live run, oldest first. */
  inbox: PendingApproval[];
  /** Decisions, newest first. */
  history: ApprovalRecord[];
  /** Approvals being decided (request sent, no answer yet); "cancel" dismisses an elicitation. */
  deciding: Record<string, Verdict>;
  approvalErrors: Record<string, StudioError>;
}

/** What is being sent for a request: approve (an elicitation: submit), deny (decline), or cancel. */
export type Verdict = "approve" | "deny" | "cancel";

/** The answers of an elicitation form, as the contract's `approve` request carries them. */
export type ElicitContent = NonNullable<RequestOf<"approve">["content"]>;

export interface ApprovalsActions {
  /** `content`: an elicitation's answers (absent for a tool call or a sampling). */
  approve(approval: PendingApproval, content?: ElicitContent): Promise<void>;
  /** `cancel`: an elicitation dismissed without an answer (MCP "cancel" rather than "decline"). */
  deny(approval: PendingApproval, reason?: string, cancel?: boolean): Promise<void>;
}

export function initialApprovals(): ApprovalsData {
  return { inbox: [], history: [], deciding: {}, approvalErrors: {} };
}

export function approvalsSlice({ bridge }: SliceContext): StudioSlice<ApprovalsData & ApprovalsActions> {
  return (set, get) => {
    // A refused decision keeps the request and shows the host's error on it (not as a notice).
    const decide = async (approval: PendingApproval, verdict: Verdict, request: () => Promise<Result<null>>): Promise<void> => {
      const id = approval.approvalId;
      const { [id]: _old, ...approvalErrors } = get().approvalErrors;
      set({ deciding: { ...get().deciding, [id]: verdict }, approvalErrors });
      const result = await attempt(request);
      const { [id]: _done, ...deciding } = get().deciding;
      if (result.ok) {
        // The host's "approval-decided" event adds it to the history; the inbox drops it now.
        set({ deciding, inbox: get().inbox.filter((a) => a.approvalId !== id) });
      } else {
        set({ deciding, approvalErrors: { ...get().approvalErrors, [id]: result.error } });
      }
    };

    return {
      ...initialApprovals(),

      async approve(approval, content) {
        await decide(approval, "approve", () =>
          bridge.approve({ runId: approval.runId, approvalId: approval.approvalId, ...(content ? { content } : {}) }),
        );
      },

      async deny(approval, reason, cancel) {
        const trimmed = reason?.trim();
        await decide(approval, cancel ? "cancel" : "deny", () =>
          bridge.deny({ runId: approval.runId, approvalId: approval.approvalId, ...(trimmed ? { reason: trimmed } : {}), ...(cancel ? { cancel: true } : {}) }),
        );
      },
    };
  };
}

/** Adds requests not yet in the inbox, unless they were decided, replayed, or their run has ended. */
export function mergePending(data: StudioData, approvals: readonly PendingApproval[]): StudioData {
  const decided = new Set(data.history.map((r) => r.approvalId));
  const known = new Set(data.inbox.map((a) => a.approvalId));
  const add = approvals.filter((a) => {
    const run = data.runs[a.runId];
    // A replayed request was answered from the record: nobody is asked.
    return !a.replayed && !decided.has(a.approvalId) && !known.has(a.approvalId) && !(run && ENDED.has(run.summary.status));
  });
  return add.length === 0 ? data : { ...data, inbox: [...data.inbox, ...add] };
}

/** Adds decisions not yet recorded; newest first. */
export function mergeHistory(data: StudioData, records: readonly ApprovalRecord[]): StudioData {
  const known = new Set(data.history.map((r) => r.approvalId));
  const add = records.filter((r) => !known.has(r.approvalId));
  if (add.length === 0) return data;
  const history = [...data.history, ...add].sort((a, b) => b.decidedAt - a.decidedAt);
  const decided = new Set(add.map((r) => r.approvalId));
  return { ...data, history, inbox: data.inbox.filter((a) => !decided.has(a.approvalId)) };
}

/** Closes a request (resolved in the trace, or decided): out of the inbox, no longer being decided. */
export function dropFromInbox(data: StudioData, approvalId: string): StudioData {
  if (!data.inbox.some((a) => a.approvalId === approvalId)) return data;
  const { [approvalId]: _deciding, ...deciding } = data.deciding;
  return { ...data, inbox: data.inbox.filter((a) => a.approvalId !== approvalId), deciding };
}

/** Drops the requests of a run that ended (nobody will ask for them again). */
export function dropRunRequests(data: StudioData, runId: string): StudioData {
  return { ...data, inbox: data.inbox.filter((a) => a.runId !== runId) };
}
