// A run in a worker (shared with other runs: run-pool.ts), seen from the host as an ordinary
// RunHandle: events, approvals, stepping and abort cross as protocol messages naming the run, and
// the result always resolves. When the worker is gone before the run ended (process.exit in a
// tool, out of memory) the run failed with a coded error; when an abort isn't heeded within the
// grace period (a tool that spins) the worker is terminated and the run is aborted with
// JUNE_ABORT_FORCED — and every other run on that worker fails with JUNE_ISOLATE_SHARED_END, naming
// it. Either way the trace is closed: every node still open ends, so a store or a window sees a
// finished run.
//
// A caller with an `onEvent` (the studio) keeps the run's events itself, so the host keeps no
// second copy: no log of past events and no tree, only what the handle needs (the nodes open, the
// approvals pending, where it is stopped, the run node).
import type { Breakpoint, StopInfo } from "../debug/index.ts";
import { JuneError, isJuneError } from "../errors/index.ts";
import { EventLog, checkApprovalAnswer, newRunId, type RunHandle, type RunResult } from "../run/index.ts";
import { TraceBuilder, emptyUsage, stopAfter, type ApprovalRequest, type RecordedExchange, type TraceEvent, type TraceNode } from "../trace/index.ts";
import { isolateLimits, type IsolateOptions } from "./limits.ts";
import type { RunControl, RunMessage, RunSpec } from "./protocol.ts";
import type { WorkerEnd } from "./worker-channel.ts";
import { releaseWorker, takeWorker } from "./run-pool.ts";

export interface IsolatedRunOptions extends IsolateOptions {
  /**
   * Called synchronously with every event, in order. Given one, the caller keeps the events: the
   * handle's `events` yields those from when it is iterated on (no replay of earlier ones), and
   * the result's `trace` is the run node (status, times, usage, error) without its children
   * (`buildTrace(events)` makes the tree from what onEvent got).
   */
  onEvent?: (event: TraceEvent) => void;
  /** Called with each model call's raw provider bodies, written down in the worker (capped); none are sent without it. */
  onModelExchange?: (exchange: RecordedExchange) => void;
  /** Where the run's warnings go; default console.warn. */
  warn?: (message: string) => void;
}

/** A RunHandle whose run happens in a worker; `loaded` says whether its code loaded and the run started. */
export interface IsolatedRunHandle extends RunHandle {
  readonly loaded: Promise<{ ok: true } | { ok: false; error: { code: string; message: string }; found?: string }>;
  /** The thread id of the worker the run is on (a debug field: runs on one worker end together). */
  readonly worker: number;
}

// The run id a worker run takes is the one run() would make.
export { newRunId };

/**
 * Starts `spec` in a worker.
 *
 * @example
 * const handle = startIsolatedRun(spec, { limits: { abortGraceMs: 1000 } });
 * handle.abort("enough"); // ends it even when a tool never yields
 */
export function startIsolatedRun(spec: RunSpec, options: IsolatedRunOptions = {}): IsolatedRunHandle {
  const limits = isolateLimits(options);
  const runId = spec.runId;
  // The caller keeps the events (onEvent): the host folds the run node alone and replays nothing.
  const keepTrace = options.onEvent === undefined;
  const log = new EventLog({ replay: keepTrace });
  const builder = new TraceBuilder();
  let rootId: string | undefined;
  const pending = new Map<string, ApprovalRequest>();
  const open = new Set<string>();
  let stop: StopInfo | undefined;
  let seq = 0;
  let ended = false;
  let abortTimer: ReturnType<typeof setTimeout> | undefined;
  let recordFailure: { code: string; message: string } | undefined;
  let stopWaiting: () => void = () => {};
  let settleResult!: (result: RunResult) => void;
  let settleLoaded!: (loaded: Awaited<IsolatedRunHandle["loaded"]>) => void;
  const result = new Promise<RunResult>((resolve) => (settleResult = resolve));
  const loaded = new Promise<Awaited<IsolatedRunHandle["loaded"]>>((resolve) => (settleLoaded = resolve));
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const pooled = takeWorker(limits.heapMb, limits.runWorkers, runId);
  const channel = pooled.channel;

  const record = (event: TraceEvent) => {
    seq = Math.max(seq, event.seq);
    if (event.type === "node-start" && event.node.parentId === null) rootId ??= event.node.id;
    if (keepTrace) builder.apply(event);
    else foldRunNode(event);
    if (event.type === "node-start") open.add(event.node.id);
    else if (event.type === "node-end") {
      open.delete(event.nodeId);
      for (const [id, request] of pending) if (request.nodeId === event.nodeId) pending.delete(id);
    } else if (event.type === "approval-requested") {
      if (!event.approval.replayed) pending.set(event.approval.approvalId, event.approval);
    } else if (event.type === "approval-resolved") pending.delete(event.approvalId);
    stop = stopAfter(stop, event);
    log.push(event);
    try {
      options.onEvent?.(event);
    } catch (error) {
      // As in run(): a recorder that throws stops the run, which fails with JUNE_RECORD_FAILED.
      if (recordFailure) return;
      recordFailure =
        isJuneError(error) && error.code === "JUNE_RECORD_FAILED"
          ? { code: error.code, message: error.message }
          : {
              code: "JUNE_RECORD_FAILED",
              message: `june: the run's onEvent handler threw on event ${event.seq} (${event.type}), so the run can't be recorded and was stopped: ${error instanceof Error ? error.message : String(error)}`,
            };
      handle.abort(recordFailure.message);
    }
  };

  // The raw bodies are a window on a call, not the run's record: a keeper that throws costs a warning.
  const keepExchange = (exchange: RecordedExchange) => {
    try {
      options.onModelExchange?.(exchange);
    } catch (error) {
      warn(`june: the raw request and response of model call ${exchange.nodeId} were not kept: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  /** The run node's own events, and every usage event as the run node's (it sums its descendants'). */
  const foldRunNode = (event: TraceEvent) => {
    if (rootId === undefined) return;
    if (event.type === "node-start" || event.type === "node-update" || event.type === "node-end") {
      if ((event.type === "node-start" ? event.node.id : event.nodeId) === rootId) builder.apply(event);
    } else if (event.type === "usage") builder.apply({ ...event, nodeId: rootId });
  };

  /** Ends what the worker left open (it is gone): open nodes end, the run node with the error. */
  const close = (status: "failed" | "aborted", error: { code: string; message: string }) => {
    settleLoaded({ ok: false, error });
    if (open.size === 0 && !builder.root) {
      // Nothing started: the run node stands for the run that couldn't.
      record({ type: "node-start", runId, seq: ++seq, time: Date.now(), node: { id: "n1", parentId: null, kind: "run", name: spec.entry.id } });
    }
    for (const nodeId of [...open].reverse()) {
      record({ type: "node-end", runId, seq: ++seq, time: Date.now(), nodeId, status, ...(nodeId === rootId ? { error } : {}) });
    }
    finish({ status, steps: {}, output: undefined, usage: { ...(builder.root?.usage ?? emptyUsage()) }, blocksLoaded: [], error });
  };

  /** `fit`: the worker's run ended on its own, so it may run another. */
  const finish = (end: Omit<RunResult, "runId" | "trace">, fit = false) => {
    if (ended) return;
    ended = true;
    stopListening();
    stopWaiting();
    clearTimeout(abortTimer);
    pending.clear();
    stop = undefined;
    settleLoaded({ ok: true });
    log.close();
    const failed = recordFailure ? { status: "failed" as const, error: recordFailure } : {};
    settleResult({ runId, ...end, ...failed, trace: builder.root ?? emptyRun(runId, spec.entry.id) } as RunResult);
    releaseWorker(pooled, runId, fit);
  };

  const stopListening = channel.onRunMessage(runId, (message: RunMessage) => {
    if (ended) return;
    if (message.kind === "event") {
      settleLoaded({ ok: true });
      record(message.event);
    }
    else if (message.kind === "exchange") keepExchange(message.exchange);
    else if (message.kind === "warn") warn(message.message);
    else if (message.kind === "run-load-failed") {
      settleLoaded({ ok: false, error: { code: message.code, message: message.message }, ...(message.found ? { found: message.found } : {}) });
      close("failed", { code: message.code, message: message.message });
    } else if (message.kind === "run-ended") {
      const end = message.result;
      finish({ status: end.status, steps: end.steps, output: end.output, usage: { ...emptyUsage(), ...end.usage }, blocksLoaded: end.blocksLoaded as RunResult["blocksLoaded"], ...(end.error ? { error: end.error } : {}) }, true);
    }
  });
  stopWaiting = channel.onEnd((end: WorkerEnd) => {
    if (ended) return;
    if (end.code === "JUNE_ABORT_FORCED" && end.runId === runId) close("aborted", { code: end.code, message: end.message });
    else if (end.code === "JUNE_ABORT_FORCED") {
      close("failed", {
        code: "JUNE_ISOLATE_SHARED_END",
        message: `june: the run of ${spec.entry.id} was ended with its worker, which it shared with run ${end.runId}: that run was aborted but did not stop within ${limits.abortGraceMs} ms, so the worker was ended. Run it again.`,
      });
    } else {
      close("failed", { code: end.code, message: `june: the run of ${spec.entry.id} ${end.message}; the run failed, with any other run on that worker, and the host goes on.` });
    }
  });
  void channel.ready.then(() => send({ kind: "run", runId, spec: options.onModelExchange ? { ...spec, keepExchanges: true } : spec }));

  const send = (message: RunControl) => {
    if (!ended) channel.send(message);
  };
  const handle: IsolatedRunHandle = {
    id: runId,
    events: log,
    result,
    loaded,
    worker: channel.threadId,
    approve(approvalId, answer) {
      // Checked here, where the caller hears it: a throw in the worker would reach nobody.
      checkApprovalAnswer(checkPending(pending, approvalId), { approved: true, ...(answer?.content !== undefined ? { content: answer.content } : {}) });
      send({ kind: "approve", runId, approvalId, ...(answer?.content !== undefined ? { content: answer.content } : {}) });
    },
    deny(approvalId, reason, options) {
      checkApprovalAnswer(checkPending(pending, approvalId), { approved: false, ...(options?.cancel ? { cancelled: true as const } : {}) });
      send({ kind: "deny", runId, approvalId, ...(reason !== undefined ? { reason } : {}), ...(options?.cancel ? { cancel: true as const } : {}) });
    },
    abort(reason) {
      if (ended) return;
      send({ kind: "abort", runId, ...(reason !== undefined ? { reason } : {}) });
      // A tool that never yields can't hear the abort: its worker is ended after the grace period.
      abortTimer ??= setTimeout(() => {
        void channel.terminate({
          code: "JUNE_ABORT_FORCED",
          runId,
          message: `june: the run was aborted${reason ? ` (${reason})` : ""}, but its code did not stop within ${limits.abortGraceMs} ms (a tool that never yields?), so its worker was ended (with any other run on it).`,
        });
      }, limits.abortGraceMs);
    },
    pendingApprovals: () => [...pending.values()],
    pause: () => send({ kind: "pause", runId }),
    step() {
      if (stop?.boundary === "approval") {
        throw new JuneError("JUNE_AWAITING_APPROVAL", `june: the run is waiting for approval of "${stop.tool?.toolName}"; approve or deny it to go on.`);
      }
      send({ kind: "step", runId });
    },
    continue: () => send({ kind: "continue", runId }),
    setBreakpoints: (breakpoints: readonly Breakpoint[]) => send({ kind: "set-breakpoints", runId, breakpoints: breakpoints.map((b) => ({ ...b })) }),
    stopped: () => stop,
  };
  return handle;
}


function checkPending(pending: Map<string, ApprovalRequest>, approvalId: string): ApprovalRequest {
  const request = pending.get(approvalId);
  if (request) return request;
  const known = [...pending.keys()];
  throw new JuneError(
    "JUNE_UNKNOWN_APPROVAL",
    `june: no approval ${JSON.stringify(approvalId)} is pending in this run` + (known.length ? `; pending: ${known.map((k) => JSON.stringify(k)).join(", ")}.` : "; none is pending."),
  );
}

function emptyRun(runId: string, name: string): TraceNode {
  return { id: "n1", parentId: null, kind: "run", name, status: "failed", startedAt: Date.now(), endedAt: Date.now(), usage: emptyUsage(), children: [] } as unknown as TraceNode;
}
