// A snapshot draws what the full replay draws. The service lets go of its events once a run ends
// and sends a window that subscribes from an earlier seq one `snapshot` standing for them: live
// runs with their compacted traces, ended runs as their summaries (a window reads the one it
// shows back from its record), so the two are compared as a window draws runs; here the
// service's own SessionState (electron/src/service, pure) sums up a recorded session and the store's
// reducer applies its snapshot then the live events, against the same reducer fed every event.
// The session: a run with tool calls and streamed text (report), a run with streamed text and a
// denied approval (release-denied), and a third run waiting for its approval when the snapshot is
// taken, decided and ended live afterwards.
import { beforeEach, describe, expect, it } from "vitest";
import { SessionState } from "../../../electron/src/service/session-snapshot.ts";
import { ev, pending, resetSeq, runSummary } from "../../test/events.ts";
import { recordedEvents, samplesProject } from "../../test/fixtures.ts";
import type { ApprovalRecord, StudioEvent, TraceEvent } from "../contract/index.ts";
import { applyBatch } from "./apply-batch.ts";
import { initialData, type StudioData } from "./studio-state.ts";
import { ENDED } from "./runs-slice.ts";
import { emptyRunTrace } from "../trace/index.ts";

beforeEach(() => resetSeq());

const SPENT = { inputTokens: 30, outputTokens: 12, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 42 };

/** A run's studio events as the service streams them: started, its trace (each approval asked and decided in the inbox), ended. */
function runEvents(runId: string, trace: TraceEvent[], options: { entryId: string; approvalId?: string }): StudioEvent[] {
  const summary = runSummary(runId, { entryId: options.entryId });
  const events = [ev({ type: "run-started", run: summary })];
  for (const event of trace) {
    const own = renameApproval({ ...event, runId }, options.approvalId);
    events.push(ev({ type: "trace", runId, event: own }));
    if (own.type === "approval-requested") {
      events.push(ev({ type: "approval-requested", approval: pending(runId, own.approval.approvalId, { nodeId: own.approval.nodeId, requestedAt: own.time }) }));
    } else if (own.type === "approval-resolved") {
      const { toolName, input, agentPath, step, entryName } = pending(runId, own.approvalId);
      const record: ApprovalRecord = { runId, entryName, approvalId: own.approvalId, toolName, input, agentPath, step, approved: own.approved, decidedAt: own.time };
      events.push(ev({ type: "approval-decided", record: own.reason ? { ...record, reason: own.reason } : record }));
    }
  }
  events.push(ev({ type: "run-ended", run: { ...summary, status: "succeeded", endedAt: trace.at(-1)!.time, usage: SPENT } }));
  return events;
}

/** Two runs of one recording must not share an approval id (the inbox is keyed by it). */
function renameApproval(event: TraceEvent, approvalId: string | undefined): TraceEvent {
  if (!approvalId) return event;
  if (event.type === "approval-requested") return { ...event, approval: { ...event.approval, approvalId } };
  if (event.type === "approval-resolved") return { ...event, approvalId };
  return event;
}

/** The whole session, and how many of its events came before the third run waits for its approval. */
function recordedSession(): { events: StudioEvent[]; waiting: number } {
  const release = recordedEvents("release-denied");
  const events = [
    ev({ type: "project-loading", folder: "/project" }),
    ev({ type: "project", project: samplesProject() }),
    ev({ type: "breakpoints", breakpoints: [{ kind: "tool", tool: "deploy" }] }),
    ...runEvents("r_report", recordedEvents("report"), { entryId: "workflow:article.tsx" }),
    ...runEvents("r_denied", release, { entryId: "workflow:release.tsx" }),
    ...runEvents("r_waiting", release, { entryId: "workflow:article.tsx", approvalId: "approval-waiting" }),
  ];
  const waiting = events.findIndex((e) => e.type === "approval-requested" && e.approval.runId === "r_waiting") + 1;
  return { events, waiting };
}

/** The snapshot the service sends a window subscribing from `afterSeq` once it holds `events`. */
function snapshotAfter(events: StudioEvent[], afterSeq: number): StudioEvent {
  const state = new SessionState();
  const traces = new Map<string, TraceEvent[]>();
  for (const event of events) {
    state.apply(event);
    if (event.type === "trace") traces.set(event.runId, [...(traces.get(event.runId) ?? []), event.event]);
  }
  // A window gets it as JSON, like every event.
  const snapshot = JSON.parse(JSON.stringify(state.snapshot(afterSeq, (runId) => traces.get(runId) ?? [])));
  return { seq: events.at(-1)!.seq, type: "snapshot", afterSeq, snapshot };
}

/** The store's state after each batch, in order, with ended runs as their summaries (what a window holds of a run it doesn't show). */
function applied(...batches: StudioEvent[][]): StudioData {
  let data = initialData("web", "dark");
  for (const batch of batches) data = { ...data, ...applyBatch(data, batch) };
  const runs = Object.fromEntries(Object.entries(data.runs).map(([id, view]) => [id, ENDED.has(view.summary.status) ? { ...view, trace: emptyRunTrace } : view]));
  return { ...data, runs };
}

describe("a snapshot draws what the full replay draws", () => {
  it("a window opening mid-session: the snapshot, then live events, end where every event ends", () => {
    const { events, waiting } = recordedSession();
    const snapshot = snapshotAfter(events.slice(0, waiting), 0);
    const live = events.slice(waiting);

    const atSnapshot = applied([snapshot]);
    expect(atSnapshot).toEqual(applied(events.slice(0, waiting)));
    expect(atSnapshot.inbox.map((a) => [a.runId, a.approvalId])).toEqual([["r_waiting", "approval-waiting"]]);
    expect(applied([snapshot], live)).toEqual(applied(events));
    expect(applied([snapshot], live).history.map((r) => r.runId).sort()).toEqual(["r_denied", "r_waiting"]);
  });

  it("a live run's trace comes compacted (its streamed text without the deltas); an ended run's not at all", () => {
    const { events, waiting } = recordedSession();
    const snapshot = snapshotAfter(events.slice(0, waiting), 0);
    if (snapshot.type !== "snapshot") throw new Error("not a snapshot");
    const deltas = (trace: TraceEvent[]) => trace.filter((e) => e.type === "node-update" && e.textDelta !== undefined).length;
    expect(snapshot.snapshot.runs.find((r) => r.run.runId === "r_report")!.trace).toEqual([]);
    const live = snapshot.snapshot.runs.find((r) => r.run.runId === "r_waiting")!;
    const streamed = events.slice(0, waiting).flatMap((e) => (e.type === "trace" && e.runId === "r_waiting" ? [e.event] : []));
    expect(deltas(streamed)).toBeGreaterThan(0);
    expect(deltas(live.trace)).toBe(0);
    expect(applied([snapshot]).runs.r_waiting!.trace.lastSeq).toBe(streamed.at(-1)!.seq);
  });

  it("a window re-subscribing from any seq the service let go of ends where every event ends", () => {
    const { events, waiting } = recordedSession();
    const whole = applied(events);
    // Every cut: mid-stream, between runs, right after the approval was asked.
    for (let cut = 1; cut < waiting; cut++) {
      const snapshot = snapshotAfter(events.slice(0, waiting), cut);
      expect(applied(events.slice(0, cut), [snapshot], events.slice(waiting)), `from seq ${cut}`).toEqual(whole);
    }
  });

  it("a snapshot from a seq holds only what changed after it", () => {
    const { events, waiting } = recordedSession();
    const afterReport = events.findIndex((e) => e.type === "run-ended") + 1;
    const snapshot = snapshotAfter(events.slice(0, waiting), afterReport);
    if (snapshot.type !== "snapshot") throw new Error("not a snapshot");
    expect(snapshot.snapshot.project).toBeUndefined();
    expect(snapshot.snapshot.breakpoints).toBeUndefined();
    expect(snapshot.snapshot.runs.map((r) => r.run.runId)).toEqual(["r_denied", "r_waiting"]);
  });
});
