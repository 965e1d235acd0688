// Pending approvals of one run: a call awaiting approval waits here until approve(), deny() or
// abort; nothing else can release it. A request is registered before anyone hears of it, so a
// decision made while it is announced (approve() inside the approval-requested listener) finds
// it pending; the decision is kept until the run reads it.
import { JuneError } from "../errors/index.ts";
import type { ApprovalRequest } from "../trace/index.ts";

export interface ApprovalDecision {
  approved: boolean;
  reason?: string;
}

interface Pending {
  request: ApprovalRequest;
  resolve: (decision: ApprovalDecision) => void;
  reject: (error: unknown) => void;
}

export class ApprovalRegistry {
  readonly #pending = new Map<string, Pending>();

  /**
   * Registers `request` as pending now and returns its decision to come; rejects with
   * JUNE_ABORTED when `signal` fires first.
   */
  wait(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    if (signal.aborted) return Promise.reject(aborted(request));
    return new Promise<ApprovalDecision>((resolve, reject) => {
      const onAbort = () => {
        this.#pending.delete(request.approvalId);
        reject(aborted(request));
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.#pending.set(request.approvalId, {
        request,
        resolve: (decision) => {
          signal.removeEventListener("abort", onAbort);
          resolve(decision);
        },
        reject,
      });
    });
  }

  decide(approvalId: string, decision: ApprovalDecision): void {
    const pending = this.#pending.get(approvalId);
    if (!pending) {
      const known = [...this.#pending.keys()];
      throw new JuneError(
        "JUNE_UNKNOWN_APPROVAL",
        `june: no approval ${JSON.stringify(approvalId)} is pending in this run` +
          (known.length ? `; pending: ${known.map((k) => JSON.stringify(k)).join(", ")}.` : "; none is pending."),
      );
    }
    this.#pending.delete(approvalId);
    pending.resolve(decision);
  }

  /** Still waiting for a decision (not yet decided, not withdrawn by an abort). */
  isPending(approvalId: string): boolean {
    return this.#pending.has(approvalId);
  }

  pending(): ApprovalRequest[] {
    return [...this.#pending.values()].map((p) => p.request);
  }
}

function aborted(request: ApprovalRequest): JuneError {
  return new JuneError("JUNE_ABORTED", `june: the run was aborted while "${request.toolName}" waited for approval.`);
}
