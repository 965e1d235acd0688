// The approval decisions of runs recorded in earlier sessions, read back from their records, so
// the inbox's history doesn't start empty each time the studio opens a folder.
import { stat } from "node:fs/promises";
import type { TraceEvent } from "june";
import type { ApprovalRecord } from "../contract/index.ts";
import { approvalRecord } from "./approval-inbox.ts";
import { readRecordedEvents, recordedRunIds } from "./run-history.ts";
import { eventsFile } from "./run-record.ts";

/**
 * Every decision in the `newest` runs recorded in `runsFolder` (except `skip`, the runs live
 * here), oldest first. Approvals answered from a record (replays) are not decisions; an unreadable record is
 * skipped (the history lists it with its error).
 */
export async function pastDecisions(runsFolder: string, skip: (runId: string) => boolean, newest = MAX_RUNS): Promise<ApprovalRecord[]> {
  const decisions: ApprovalRecord[] = [];
  for (const runId of await newestRuns(runsFolder, newest)) {
    if (skip(runId)) continue;
    const events = readRecordedEvents(runsFolder, runId);
    if (events.ok) decisions.push(...decisionsIn(runId, events.value));
    // Each record is read in one go; between them the studio answers whatever else is asked.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return decisions.sort((a, b) => a.decidedAt - b.decidedAt);
}

/** The history goes back this many runs: opening a folder never reads an unbounded history. */
const MAX_RUNS = 200;

async function newestRuns(runsFolder: string, count: number): Promise<string[]> {
  const ids = await recordedRunIds(runsFolder);
  const dated = await Promise.all(
    ids.map(async (runId) => ({ runId, mtime: (await stat(eventsFile(runsFolder, runId)).catch(() => undefined))?.mtimeMs ?? 0 })),
  );
  return dated.sort((a, b) => b.mtime - a.mtime).slice(0, count).map((d) => d.runId);
}

/** The decisions one run's events hold: each asked approval with its resolution. */
export function decisionsIn(runId: string, events: readonly TraceEvent[]): ApprovalRecord[] {
  const root = events.find((e) => e.type === "node-start" && e.node.parentId === null);
  const entryName = root?.type === "node-start" ? root.node.name : runId;
  const asked = new Map<string, Extract<TraceEvent, { type: "approval-requested" }>["approval"]>();
  const decisions: ApprovalRecord[] = [];
  for (const event of events) {
    if (event.type === "approval-requested" && !event.approval.replayed) asked.set(event.approval.approvalId, event.approval);
    if (event.type !== "approval-resolved") continue;
    const request = asked.get(event.approvalId);
    if (!request) continue;
    decisions.push(approvalRecord(runId, entryName, request, event, event.time));
  }
  return decisions;
}
