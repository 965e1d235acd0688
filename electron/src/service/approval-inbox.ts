// One approval inbox across every live run: what waits for a decision (in the order it was
// asked) and the history of decisions made (tool, input, approved or denied, reason, time).
import type { ApprovalRecord, ApprovalRequest, PendingApproval, TraceEvent } from "../contract/index.ts";

type ApprovalResolvedEvent = Extract<TraceEvent, { type: "approval-resolved" }>;

const keyOf = (runId: string, approvalId: string) => `${runId}\u0000${approvalId}`;

export class ApprovalInbox {
  readonly #pending = new Map<string, PendingApproval>();
  readonly #history: ApprovalRecord[] = [];

  add(runId: string, entryName: string, request: ApprovalRequest, requestedAt: number): PendingApproval {
    const pending: PendingApproval = { ...request, runId, entryName, requestedAt };
    this.#pending.set(keyOf(runId, request.approvalId), pending);
    return pending;
  }

  get(runId: string, approvalId: string): PendingApproval | undefined {
    return this.#pending.get(keyOf(runId, approvalId));
  }

  /** Moves a pending approval into the history; undefined when it wasn't pending. */
  decide(runId: string, approvalId: string, decision: Pick<ApprovalResolvedEvent, "approved" | "reason" | "content" | "cancelled">, decidedAt: number): ApprovalRecord | undefined {
    const pending = this.#pending.get(keyOf(runId, approvalId));
    if (!pending) return undefined;
    this.#pending.delete(keyOf(runId, approvalId));
    const record = approvalRecord(runId, pending.entryName, pending, decision, decidedAt);
    this.#history.push(record);
    return record;
  }

  /** Forgets a run's approval whose node ended without a decision (aborted while waiting). */
  withdrawNode(runId: string, nodeId: string): void {
    for (const [key, pending] of this.#pending) if (pending.runId === runId && pending.nodeId === nodeId) this.#pending.delete(key);
  }

  /** Forgets whatever a finished run still had waiting. */
  withdrawRun(runId: string): void {
    for (const [key, pending] of this.#pending) if (pending.runId === runId) this.#pending.delete(key);
  }

  pending(): PendingApproval[] {
    return [...this.#pending.values()];
  }

  history(): ApprovalRecord[] {
    return [...this.#history];
  }
}

/** What the history keeps of a decision: what was asked (the request's fields) and the answer. */
export function approvalRecord(
  runId: string,
  entryName: string,
  request: ApprovalRequest,
  decision: Pick<ApprovalResolvedEvent, "approved" | "reason" | "content" | "cancelled">,
  decidedAt: number,
): ApprovalRecord {
  return {
    runId,
    entryName,
    approvalId: request.approvalId,
    toolName: request.toolName,
    input: request.input,
    agentPath: request.agentPath,
    step: request.step,
    ...(request.ask ? { ask: request.ask } : {}),
    approved: decision.approved,
    ...(decision.reason !== undefined ? { reason: decision.reason } : {}),
    ...(decision.content !== undefined ? { content: decision.content } : {}),
    ...(decision.cancelled ? { cancelled: true as const } : {}),
    decidedAt,
  };
}
