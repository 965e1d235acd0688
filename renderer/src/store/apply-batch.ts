// A batch of studio events → the next state, in one pure step (the store applies it with a single
// update, so a burst of 10,000 events re-renders once per batch, not once per event).
// Replays are safe: events at or below `lastSeq` are skipped, and every merge is keyed by id.
// A `snapshot` (the service let go of the events it stands for) is applied as the events it sums
// up would have been, through the same steps, so it draws what the full replay would have drawn.
// Each event's rule belongs to a slice (runs, approvals, selection, …); this file only orders them.
// Runs that end in a batch and are not shown let go of their traces (shelveEndedTraces).
import type { RunSummary, StudioEvent, StudioSnapshot, TraceEvent } from "../contract/index.ts";
import { dropFromInbox, dropRunRequests, mergeHistory, mergePending } from "./approvals-slice.ts";
import { isElsewhere, showProject } from "./project-switch.ts";
import { applyRunTraces, dropRun, ENDED, mergeRuns, shelveEndedTraces } from "./runs-slice.ts";
import { focusRun } from "./selection.ts";
import type { StudioData } from "./studio-state.ts";

export function applyBatch(data: StudioData, events: readonly StudioEvent[]): Partial<StudioData> {
  const fresh = events.filter((event) => event.seq > data.lastSeq);
  if (fresh.length === 0) return {};
  let next: StudioData = { ...data, lastSeq: fresh.reduce((max, e) => Math.max(max, e.seq), data.lastSeq) };
  // Trace events are grouped per run and applied once per run at the end of the batch.
  const traces = new Map<string, TraceEvent[]>();
  for (const event of fresh) {
    if (event.type !== "snapshot") next = applyEvent(next, event, traces);
    else for (const part of eventsOf(event.seq, event.snapshot)) next = applyEvent(next, part, traces);
  }
  if (traces.size > 0) next = { ...next, runs: applyRunTraces(next.runs, traces) };
  for (const runId of traces.keys()) if (!next.runOrder.includes(runId)) next = { ...next, runOrder: [...next.runOrder, runId] };
  // A snapshot's ended run comes as its summary: whatever the window held of its trace may lack
  // its end, so it goes, the shown one's too (connection-slice.ts reads that one back).
  const summarised = fresh.flatMap((event) => (event.type === "snapshot" ? event.snapshot.runs.map(({ run }) => run.runId) : []));
  next = shelveEndedTraces(next, summarised, { evenShown: true });
  const ended = fresh.flatMap((event) => (event.type === "run-ended" ? [event.run.runId] : []));
  return shelveEndedTraces(next, ended);
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
      next = showProject(next, event.project);
      break;
    case "run-started":
    case "run-ended":
      // Another folder's run (still live when its folder was left): not listed here; what it asked leaves the inbox.
      if (isElsewhere(next, event.run.runId)) {
        if (event.type === "run-ended") next = dropRunRequests(next, event.run.runId);
        break;
      }
      next = mergeRuns(next, [event.run]);
      if (event.type === "run-ended") next = dropRunRequests(next, event.run.runId);
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
      if (!isElsewhere(next, event.runId)) {
        const list = traces.get(event.runId) ?? [];
        list.push(event.event);
        traces.set(event.runId, list);
      }
      // The trace's own resolution event closes the request even if no decision event follows.
      if (event.event.type === "approval-resolved") next = dropFromInbox(next, event.event.approvalId);
      break;
    }
    case "approval-requested":
      next = mergePending(next, [event.approval]);
      break;
    case "approval-decided":
      next = dropFromInbox(next, event.record.approvalId);
      // A decision on another folder's run is that folder's history (approvalHistory brings it back there).
      if (!isElsewhere(next, event.record.runId)) next = mergeHistory(next, [event.record]);
      break;
  }
  return next;
}
