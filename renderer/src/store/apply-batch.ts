// A batch of studio events → the next state, in one pure step (the store applies it with a single
// update, so a burst of 10,000 events re-renders once per batch, not once per event).
// Replays are safe: events at or below `lastSeq` are skipped, and every merge is keyed by id.
// A `snapshot` (the service let go of the events it stands for) is applied as the events it sums
// up would have been, through the same steps, so it draws what the full replay would have drawn.
import type { ApprovalRecord, PendingApproval, RunSummary, StudioEvent, StudioSnapshot, TraceEvent } from "../contract/index.ts";
import { applyTraceEvents, emptyUsage, flushHeld } from "../trace/index.ts";
import { firstAgent, focusRun, reselect } from "./selection.ts";
import { newRunView, type RunView, type StudioData } from "./studio-state.ts";

export function applyBatch(data: StudioData, events: readonly StudioEvent[]): Partial<StudioData> {
  const fresh = events.filter((event) => event.seq > data.lastSeq);
  if (fresh.length === 0) return {};
  let next: StudioData = { ...data, lastSeq: fresh.reduce((max, e) => Math.max(max, e.seq), data.lastSeq) };
  // Trace events are grouped per run and applied once per run at the end of the batch.
  const traces = new Map<string, TraceEvent[]>();
  // A snapshot's traces are compacted (seqs skip where deltas were left out): nothing is missing.
  const compacted = new Set<string>();
  for (const event of fresh) {
    if (event.type !== "snapshot") next = applyEvent(next, event, traces);
    else {
      for (const part of eventsOf(event.seq, event.snapshot)) next = applyEvent(next, part, traces);
      for (const { run } of event.snapshot.runs) compacted.add(run.runId);
    }
  }
  if (traces.size > 0) next = { ...next, runs: applyTraces(next.runs, traces, compacted) };
  for (const runId of traces.keys()) if (!next.runOrder.includes(runId)) next = { ...next, runOrder: [...next.runOrder, runId] };
  return next;
}

/**
 * The events a snapshot stands for, in the order they came: the project, the breakpoints, each
 * run (started, its trace, ended), the decisions, what waits (last: an older run's resolution may
 * drop an approval of the same id), then the deletions.
 */
function eventsOf(seq: number, snapshot: StudioSnapshot): Exclude<StudioEvent, { type: "snapshot" }>[] {
  const ended = (run: RunSummary) => ENDED.has(run.status);
  return [
    ...(snapshot.project ? [{ seq, type: "project" as const, project: snapshot.project }] : []),
    ...(snapshot.loadingFolder !== undefined ? [{ seq, type: "project-loading" as const, folder: snapshot.loadingFolder }] : []),
    ...(snapshot.breakpoints ? [{ seq, type: "breakpoints" as const, breakpoints: snapshot.breakpoints }] : []),
    ...snapshot.runs.flatMap(({ run, trace }) => [
      { seq, type: "run-started" as const, run },
      ...trace.map((event) => ({ seq, type: "trace" as const, runId: run.runId, event })),
      ...(ended(run) ? [{ seq, type: "run-ended" as const, run }] : []),
    ]),
    ...snapshot.decided.map((record) => ({ seq, type: "approval-decided" as const, record })),
    ...snapshot.pending.map((approval) => ({ seq, type: "approval-requested" as const, approval })),
    ...snapshot.deletedRuns.map((runId) => ({ seq, type: "run-deleted" as const, runId })),
  ];
}

function applyEvent(data: StudioData, event: Exclude<StudioEvent, { type: "snapshot" }>, traces: Map<string, TraceEvent[]>): StudioData {
  let next = data;
  switch (event.type) {
    case "project-loading":
      next = { ...next, loadingFolder: event.folder };
      break;
    case "project":
      next = { ...next, project: event.project, loadingFolder: null, ...reselect(next, event.project) };
      break;
    case "run-started":
    case "run-ended":
      next = mergeRuns(next, [event.run]);
      if (event.type === "run-ended") next = { ...next, inbox: next.inbox.filter((a) => a.runId !== event.run.runId) };
      else if (next.selectedRunId === null && event.run.entryId === next.selectedEntryId) next = { ...next, selectedRunId: event.run.runId };
      // A run the studio started (replay, fork, resume) was selected before its entry was known.
      else if (next.selectedRunId === event.run.runId && event.run.entryId !== next.selectedEntryId) next = { ...next, ...focusRun(next, event.run.runId) };
      break;
    case "run-deleted":
      next = dropRun(next, event.runId);
      break;
    case "breakpoints":
      next = { ...next, breakpoints: event.breakpoints };
      break;
    case "trace": {
      const list = traces.get(event.runId) ?? [];
      list.push(event.event);
      traces.set(event.runId, list);
      // The trace's own resolution event closes the request even if no decision event follows.
      if (event.event.type === "approval-resolved") next = dropFromInbox(next, event.event.approvalId);
      break;
    }
    case "approval-requested":
      next = mergePending(next, [event.approval]);
      break;
    case "approval-decided":
      next = mergeHistory(dropFromInbox(next, event.record.approvalId), [event.record]);
      break;
  }
  return next;
}

function applyTraces(runs: Record<string, RunView>, traces: Map<string, TraceEvent[]>, compacted: ReadonlySet<string>): Record<string, RunView> {
  const next = { ...runs };
  for (const [runId, events] of traces) {
    const view = next[runId] ?? { ...newRunView(provisionalSummary(runId, events)), provisional: true as const };
    const trace = applyTraceEvents(view.trace, events);
    next[runId] = { ...view, trace: compacted.has(runId) ? flushHeld(trace) : trace };
  }
  return next;
}

// A run seen only through its trace (a re-subscription joined mid-run): enough to list it.
function provisionalSummary(runId: string, events: TraceEvent[]): RunSummary {
  const start = events.find((e) => e.type === "node-start" && e.node.parentId === null);
  return {
    runId,
    entryId: "",
    name: start?.type === "node-start" ? start.node.name : runId,
    status: "running",
    input: undefined,
    startedAt: events[0]?.time ?? Date.now(),
    usage: emptyUsage(),
    cost: { usd: 0, unpricedCalls: 0 },
  };
}

/** Statuses a run never leaves ("interrupted" is final too: resuming it starts a new run). */
const ENDED = new Set(["succeeded", "failed", "aborted", "interrupted"]);

/** Adds or updates runs; a run that ended never goes back to running (snapshots can be older than events). */
export function mergeRuns(data: StudioData, summaries: readonly RunSummary[]): StudioData {
  let runs = data.runs;
  let runOrder = data.runOrder;
  for (const summary of summaries) {
    const known = runs[summary.runId];
    if (known && !known.provisional && ENDED.has(known.summary.status) && !ENDED.has(summary.status)) continue;
    runs = { ...runs, [summary.runId]: known ? { summary, trace: known.trace } : newRunView(summary) };
    if (!runOrder.includes(summary.runId)) runOrder = [...runOrder, summary.runId];
  }
  // listRuns answers newest first and recorded runs join late: keep the order they started in.
  if (runOrder !== data.runOrder) runOrder = [...runOrder].sort((a, b) => (runs[a]?.summary.startedAt ?? 0) - (runs[b]?.summary.startedAt ?? 0));
  return { ...data, runs, runOrder };
}

/**
 * Takes listRuns' answer as the history: merges it, and drops runs that were known before the
 * request and are no longer listed (deleted, or recorded in a folder that is no longer open).
 * Running runs and runs that appeared meanwhile stay.
 */
export function replaceRuns(data: StudioData, summaries: readonly RunSummary[], knownBefore: ReadonlySet<string>): StudioData {
  const listed = new Set(summaries.map((s) => s.runId));
  let next = mergeRuns(data, summaries);
  for (const runId of next.runOrder) {
    const run = next.runs[runId];
    if (!listed.has(runId) && knownBefore.has(runId) && run && run.summary.status !== "running") next = dropRun(next, runId);
  }
  return next;
}

/** Forgets a run (deleted from the history), and unselects it. */
export function dropRun(data: StudioData, runId: string): StudioData {
  if (!data.runs[runId]) return data;
  const { [runId]: _gone, ...runs } = data.runs;
  const selected = data.selectedRunId === runId;
  return {
    ...data,
    runs,
    runOrder: data.runOrder.filter((id) => id !== runId),
    inbox: data.inbox.filter((a) => a.runId !== runId),
    ...(selected ? { selectedRunId: null, selectedTraceNodeId: null } : {}),
    ...(data.inspected?.runId === runId ? { inspected: inspectEntryAgent(data) } : {}),
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

function dropFromInbox(data: StudioData, approvalId: string): StudioData {
  if (!data.inbox.some((a) => a.approvalId === approvalId)) return data;
  const { [approvalId]: _deciding, ...deciding } = data.deciding;
  return { ...data, inbox: data.inbox.filter((a) => a.approvalId !== approvalId), deciding };
}

// The inspectors go back to the selected entry's first agent when the run they showed is gone.
function inspectEntryAgent(data: StudioData): StudioData["inspected"] {
  const agent = firstAgent(data.project?.entries.find((e) => e.id === data.selectedEntryId)?.tree);
  return agent ? { runId: null, nodeId: agent.id } : null;
}
