// Pending approvals of one run: a call awaiting approval waits here until approve(), deny() or
// abort; nothing else can release it. A request is registered before anyone hears of it, so a
// decision made while it is announced (approve() inside the approval-requested listener) finds
// it pending; the decision is kept until the run reads it.
import { JuneError } from "../errors/index.ts";
import { elicitProblems, type ApprovalRequest, type ElicitValue } from "../trace/index.ts";

export interface ApprovalDecision {
  approved: boolean;
  reason?: string;
  /** An elicitation's answers (it was submitted); checked against its form by decide(). */
  content?: Record<string, ElicitValue>;
  /** An elicitation dismissed without an answer. */
  cancelled?: true;
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
    checkApprovalAnswer(pending.request, decision);
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

/**
 * Answers only an elicitation carries (content, a cancel), and its content fitting its form; throws
 * JUNE_BAD_ANSWER naming the fields, and the request stays pending for a better answer.
 */
export function checkApprovalAnswer(request: ApprovalRequest, decision: ApprovalDecision): void {
  const what = `the request ${JSON.stringify(request.approvalId)}`;
  if (request.ask?.kind !== "elicitation") {
    if (decision.content !== undefined) throw new JuneError("JUNE_BAD_ANSWER", `june: ${what} asks no form; approve it without content.`);
    if (decision.cancelled) throw new JuneError("JUNE_BAD_ANSWER", `june: ${what} is not an elicitation; deny it rather than cancel it.`);
    return;
  }
  if (!decision.approved) {
    if (decision.content !== undefined) throw new JuneError("JUNE_BAD_ANSWER", `june: a declined or cancelled elicitation sends no content (${what}).`);
    return;
  }
  const problems = elicitProblems(request.ask.requestedSchema, decision.content ?? {});
  if (problems.length > 0) {
    throw new JuneError("JUNE_BAD_ANSWER", `june: the answers to ${what} of MCP server ${JSON.stringify(request.ask.server)} don't fit its form: ${problems.map((p) => p.message).join("; ")}.`);
  }
}

function aborted(request: ApprovalRequest): JuneError {
  return new JuneError("JUNE_ABORTED", `june: the run was aborted while "${request.toolName}" waited for approval.`);
}
