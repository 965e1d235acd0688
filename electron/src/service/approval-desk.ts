// The approval desk: one inbox across every live run (approval-inbox.ts) fed by the runs' own
// events, approve() and deny() routed to the run that asked, and the history of decisions,
// earlier sessions' (read from the open project's records) before this session's. The desk keeps
// no run: the registry tells it what runs ask (RunWatcher) and hands it the run to decide on.
import type { TraceEvent } from "june";
import type { ApprovalRecord, ElicitValue, PendingApproval, Result } from "../contract/index.ts";
import { ApprovalInbox } from "./approval-inbox.ts";
import type { StudioEventInput } from "./event-log.ts";
import type { LiveRun } from "./live-run.ts";
import { pastDecisions } from "./past-decisions.ts";
import { unknownRun } from "./refusals.ts";
import { fail, failFromError, ok } from "./results.ts";
import type { RunWatcher } from "./run-registry.ts";

export interface ApprovalDeskOptions {
  emit(event: StudioEventInput): void;
  log(message: string): void;
}

export interface Decision {
  approved: boolean;
  reason?: string | undefined;
  /** An MCP server's elicitation: its answers (approved), or that it was cancelled (denied). */
  content?: Record<string, ElicitValue> | undefined;
  cancel?: boolean | undefined;
}

const keyOf = (runId: string, approvalId: string) => `${runId}\u0000${approvalId}`;

/**
 * @example
 * const desk = new ApprovalDesk({ emit: (event) => log.append(event), log: console.warn });
 * const runs = new RunRegistry({ watcher: desk, ... });
 * await desk.decide(runs.get(runId), runId, approvalId, { approved: true });
 */
export class ApprovalDesk implements RunWatcher {
  readonly #options: ApprovalDeskOptions;
  readonly #inbox = new ApprovalInbox();
  /** decide() calls waiting for their decision to be recorded, by run and approval id. */
  readonly #waiters = new Map<string, () => void>();
  /** Decisions recorded by runs of earlier sessions in the open project (read when it opens). */
  #past: Promise<ApprovalRecord[]> | undefined;

  constructor(options: ApprovalDeskOptions) {
    this.#options = options;
  }

  /** A project opened: its earlier sessions' decisions are read (in the background) from `runsFolder`, but for runs `isHere`. */
  projectOpened(runsFolder: string, isHere: (runId: string) => boolean): void {
    this.#past = pastDecisions(runsFolder, isHere).catch((error: unknown) => {
      this.#options.log(`june studio: reading earlier approval decisions from ${runsFolder} failed: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    });
  }

  heard(run: LiveRun, event: TraceEvent): (() => void) | undefined {
    const { emit } = this.#options;
    if (event.type === "approval-requested") {
      // An approval answered from a record (replay, fork, resume) asks nobody: it is no inbox item,
      // so its approval-resolved finds nothing pending and makes no history record either.
      if (event.approval.replayed) return undefined;
      // In the inbox before either event goes out, so a listener may decide at once.
      const asked = this.#inbox.add(run.id, run.summary().name, event.approval, event.time);
      return () => emit({ type: "approval-requested", approval: asked });
    }
    if (event.type === "approval-resolved") {
      return () => {
        // Decisions made through decide() wait for this; it also catches any made otherwise.
        const record = this.#inbox.decide(run.id, event.approvalId, event, event.time);
        if (record) emit({ type: "approval-decided", record });
        this.#waiters.get(keyOf(run.id, event.approvalId))?.();
      };
    }
    if (event.type === "node-end" && event.status !== "succeeded") return () => this.#inbox.withdrawNode(run.id, event.nodeId);
    return undefined;
  }

  ended(runId: string): void {
    this.#inbox.withdrawRun(runId);
  }

  /**
   * Approves or denies `run`'s pending approval (`run` undefined: the session has no run `runId`).
   * Answers once the decision is recorded: it reaches windows (approval-decided) only from the
   * run's own approval-resolved event, which the record has written and synced first.
   */
  async decide(run: LiveRun | undefined, runId: string, approvalId: string, decision: Decision): Promise<Result<null>> {
    if (!run) return unknownRun(runId);
    if (!this.#inbox.get(runId, approvalId) || !run.handle) {
      const pending = this.#inbox.pending().filter((p) => p.runId === runId).map((p) => p.approvalId);
      return fail(
        "STUDIO_UNKNOWN_APPROVAL",
        `june studio: run ${runId} has no pending approval "${approvalId}"` +
          (run.running ? (pending.length ? `; pending: ${pending.join(", ")}.` : "; nothing is pending.") : ` (the run has ${run.summary().status}).`),
      );
    }
    const key = keyOf(runId, approvalId);
    const recorded = new Promise<void>((resolve) => this.#waiters.set(key, resolve));
    try {
      if (decision.approved) run.handle.approve(approvalId, decision.content !== undefined ? { content: decision.content } : undefined);
      else run.handle.deny(approvalId, decision.reason, decision.cancel ? { cancel: true } : undefined);
    } catch (error) {
      this.#waiters.delete(key);
      return failFromError(error, `june studio: deciding approval ${approvalId} of run ${runId} failed`);
    }
    // A run that ends without resolving it (aborted meanwhile) answers too.
    await Promise.race([recorded, run.handle.result.then(() => undefined)]);
    this.#waiters.delete(key);
    return ok(null);
  }

  pending(): PendingApproval[] {
    return this.#inbox.pending();
  }

  /**
   * Earlier sessions' decisions (from the open project's records) first, then this session's on
   * the runs `shown` (the open project's: another project's decisions come back with it).
   */
  async history(shown: (runId: string) => boolean = () => true): Promise<ApprovalRecord[]> {
    const past = (await this.#past) ?? [];
    return [...past, ...this.#inbox.history().filter((record) => shown(record.runId))];
  }
}
