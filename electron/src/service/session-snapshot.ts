// What the session's event stream adds up to, kept as the stream goes so the event log can let
// go of the events themselves: the project, the breakpoints, each run's latest summary, the
// approvals waiting and the decisions made, each with the seq that last changed it. A snapshot
// from a seq holds what changed after it; a live run's trace comes from `traceOf` when one is
// made (from its record on disk and what memory kept that the record lacks), never from here;
// an ended run's is left out (a window that shows it asks for it).
import type { ApprovalRecord, Breakpoint, PendingApproval, ProjectSnapshot, RunSummary, StudioEvent, StudioSnapshot, TraceEvent } from "../contract/index.ts";
import { compactTrace } from "./compact-trace.ts";

interface Changed<T> {
  value: T;
  seq: number;
}

interface RunState {
  summary: RunSummary;
  /** The seq of the newest event about the run (run-started, trace, run-ended). */
  seq: number;
  /** Started in this session, so its trace streamed; a run of an earlier session is only mentioned (resumedBy). */
  streamed: boolean;
}

const keyOf = (runId: string, approvalId: string) => `${runId}\u0000${approvalId}`;

/**
 * The session's state, fed every event in order.
 *
 * @example
 * const state = new SessionState();
 * for (const event of events) state.apply(event);
 * state.snapshot(0, (runId) => eventsOf(runId)); // what a window opening now needs
 */
export class SessionState {
  #project: Changed<ProjectSnapshot> | undefined;
  #loading: Changed<string> | undefined;
  #breakpoints: Changed<Breakpoint[]> | undefined;
  /** In the order the stream first named them. */
  readonly #runs = new Map<string, RunState>();
  readonly #pending = new Map<string, PendingApproval>();
  readonly #decided: Changed<ApprovalRecord>[] = [];
  readonly #deleted: Changed<string>[] = [];

  apply(event: StudioEvent): void {
    switch (event.type) {
      case "project":
        this.#project = { value: event.project, seq: event.seq };
        this.#loading = undefined;
        return;
      case "project-loading":
        this.#loading = { value: event.folder, seq: event.seq };
        return;
      case "breakpoints":
        this.#breakpoints = { value: event.breakpoints, seq: event.seq };
        return;
      case "run-started":
        this.#runs.set(event.run.runId, { summary: event.run, seq: event.seq, streamed: true });
        return;
      case "run-ended": {
        const known = this.#runs.get(event.run.runId);
        this.#runs.set(event.run.runId, { summary: event.run, seq: event.seq, streamed: known?.streamed ?? false });
        this.#withdrawRun(event.run.runId);
        return;
      }
      case "trace": {
        const known = this.#runs.get(event.runId);
        if (known) known.seq = event.seq;
        if (event.event.type === "approval-resolved") this.#pending.delete(keyOf(event.runId, event.event.approvalId));
        return;
      }
      case "approval-requested":
        this.#pending.set(keyOf(event.approval.runId, event.approval.approvalId), event.approval);
        return;
      case "approval-decided":
        this.#pending.delete(keyOf(event.record.runId, event.record.approvalId));
        this.#decided.push({ value: event.record, seq: event.seq });
        return;
      case "run-deleted":
        this.#runs.delete(event.runId);
        this.#withdrawRun(event.runId);
        this.#deleted.push({ value: event.runId, seq: event.seq });
        return;
      case "snapshot":
        // A snapshot is made from this state, never appended to the stream it sums up.
        return;
    }
  }

  /**
   * What changed after `afterSeq`; `traceOf` gives a run's trace events so far. Only the runs
   * `shown` (the open project's) and their decisions are in it; what waits for approval is, all of it.
   */
  snapshot(afterSeq: number, traceOf: (runId: string) => readonly TraceEvent[], shown: (runId: string) => boolean = () => true): StudioSnapshot {
    const after = <T>(changed: Changed<T> | undefined): T | undefined => (changed && changed.seq > afterSeq ? changed.value : undefined);
    const project = after(this.#project);
    const loadingFolder = after(this.#loading);
    const breakpoints = after(this.#breakpoints);
    const runs = [...this.#runs.entries()]
      .filter(([runId, run]) => run.seq > afterSeq && shown(runId))
      // A live run's trace is what the window draws as it streams on; an ended run is its summary
      // until the window shows it (getRunEvents), so a window opening late gets no whole traces.
      .map(([runId, run]) => ({ run: run.summary, trace: run.streamed && run.summary.status === "running" ? compactTrace(traceOf(runId)) : [] }));
    return {
      ...(project ? { project } : {}),
      ...(loadingFolder !== undefined ? { loadingFolder } : {}),
      ...(breakpoints ? { breakpoints } : {}),
      runs,
      deletedRuns: this.#deleted.filter((d) => d.seq > afterSeq).map((d) => d.value),
      // All of them, not only the newest: a window may drop one it holds on an older run's event.
      pending: [...this.#pending.values()],
      decided: this.#decided.filter((d) => d.seq > afterSeq && shown(d.value.runId)).map((d) => d.value),
    };
  }

  #withdrawRun(runId: string): void {
    for (const [key, approval] of this.#pending) if (approval.runId === runId) this.#pending.delete(key);
  }
}
