// The runs slice: every run the studio knows (live and recorded) with its trace, the engine's
// RunTrace folded from its events; the calls that start, stop, replay, fork, resume, delete and
// export runs; and the pure merges the event reducer and start() share.
import type { ModelExchangeReply, RequestOf, Result, RunExport, RunSummary, TraceEvent } from "../contract/index.ts";
import { applyTraceEvents, emptyRunTrace, emptyUsage, type RunTrace } from "../trace/index.ts";
import { firstAgent, focusRun } from "./selection.ts";
import { attempt, type SliceContext, type StudioSlice } from "./slice.ts";
import type { NoticeArea } from "./notices-slice.ts";
import type { StudioData } from "./studio-state.ts";

export interface RunView {
  summary: RunSummary;
  trace: RunTrace;
  /** Known only from trace events so far; the summary is a stand-in until listRuns answers. */
  provisional?: true;
}

export interface RunsData {
  runs: Record<string, RunView>;
  /** Run ids in the order they started (by startedAt). */
  runOrder: string[];
}

export interface RunsActions {
  /** Starts a run; `paused` stops it at its first boundary (before its first model call). */
  startRun(entryId: string, input: unknown, paused?: boolean): Promise<boolean>;
  abortRun(runId: string): Promise<void>;
  /** Asks listRuns again and takes its answer as the run history. */
  refreshRuns(): Promise<void>;
  /** Runs a recorded run again from its record (no provider calls) and selects the new run. */
  replayRun(runId: string): Promise<boolean>;
  /** Continues an interrupted run and selects the new run. */
  resumeRun(runId: string): Promise<boolean>;
  /** Forks a recorded run at a model call; the error comes back for the form to show. */
  forkRun(request: RequestOf<"forkRun">): Promise<Result<{ runId: string }>>;
  /** Deletes a run's record; false when the host refused. */
  deleteRun(runId: string): Promise<boolean>;
  /** A run as a self-contained JSON document (RunExport); undefined when the host refused. */
  exportRun(runId: string): Promise<RunExport | undefined>;
  /** Loads a run's full trace (a past run, or one with missing events). */
  loadRunTrace(runId: string): Promise<void>;
  /** A model call's raw provider bodies, read from the run's record on demand; the error comes back for the detail to show. */
  getModelExchange(runId: string, nodeId: string): Promise<Result<ModelExchangeReply>>;
}

export function initialRuns(): RunsData {
  return { runs: {}, runOrder: [] };
}

export function newRunView(summary: RunSummary): RunView {
  return { summary, trace: emptyRunTrace };
}

export function runsSlice({ bridge, call, traceRequests }: SliceContext): StudioSlice<RunsData & RunsActions> {
  return (set, get) => {
    let refreshing: Promise<void> | undefined;
    let refreshAgain = false;
    /** Selects a run the studio just started (its summary may not have arrived yet). */
    const selectStarted = (runId: string): void => {
      set(showRun(get(), get().runs[runId] ? focusRun(get(), runId) : { selectedRunId: runId, selectedTraceNodeId: null }));
    };
    /** A bridge call whose error shows in `area` and whose answer is a new run to select. */
    const startFrom = async (request: () => Promise<Result<{ runId: string }>>, area: NoticeArea): Promise<boolean> => {
      const started = await call(request, area);
      if (!started) return false;
      selectStarted(started.runId);
      return true;
    };

    return {
      ...initialRuns(),

      getModelExchange: (runId, nodeId) => attempt(() => bridge.getModelExchange({ runId, nodeId })),

      async startRun(entryId, input, paused = false) {
        return startFrom(() => bridge.startRun({ entryId, input, ...(paused ? { paused: true } : {}) }), "run");
      },

      async abortRun(runId) {
        await call(() => bridge.abortRun({ runId, reason: "stopped from June Studio" }), "run");
      },

      async refreshRuns() {
        if (refreshing) {
          refreshAgain = true;
          return refreshing;
        }
        refreshing = (async () => {
          do {
            refreshAgain = false;
            const knownBefore = new Set(Object.keys(get().runs));
            const folder = get().project?.folder;
            const runs = await call(() => bridge.listRuns({}), "runs");
            // An answer about a folder left meanwhile is that folder's (the next round asks again).
            if (runs && get().project?.folder === folder) set(replaceRuns(get(), runs, knownBefore));
          } while (refreshAgain);
        })();
        try {
          await refreshing;
        } finally {
          refreshing = undefined;
        }
      },

      async replayRun(runId) {
        const paused = get().startPaused;
        return startFrom(() => bridge.replayRun({ runId, ...(paused ? { paused: true } : {}) }), "runs");
      },

      async resumeRun(runId) {
        return startFrom(() => bridge.resumeRun({ runId }), "runs");
      },

      async forkRun(request) {
        const result = await attempt(() => bridge.forkRun(request));
        if (result.ok) selectStarted(result.value.runId);
        return result;
      },

      async deleteRun(runId) {
        const deleted = await call(() => bridge.deleteRun({ runId }), "runs");
        if (deleted === undefined) return false;
        // The host's "run-deleted" event says the same; the list need not wait for it.
        set(dropRun(get(), runId));
        return true;
      },

      async exportRun(runId) {
        return call(() => bridge.exportRun({ runId }), "runs");
      },

      async loadRunTrace(runId) {
        traceRequests.add(runId);
        try {
          const events = await call(() => bridge.getRunEvents({ runId }), "global");
          const view = get().runs[runId];
          if (!view || !events) return;
          // What streamed in meanwhile is not applied twice: the fold skips seqs it has.
          set({ runs: { ...get().runs, [runId]: { ...view, trace: applyTraceEvents(view.trace, events) } } });
        } finally {
          traceRequests.delete(runId);
        }
      },
    };
  };
}

/** Statuses a run never leaves ("interrupted" is final too: resuming it starts a new run). */
export const ENDED = new Set(["succeeded", "failed", "aborted", "interrupted"]);

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

/** Forgets a run (deleted from the history): its requests leave the inbox, and it is unselected. */
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

/**
 * Lets go of the traces of the runs named that have ended and are not shown: such a run is its
 * summary until it is shown again (selecting it loads its record), so a long session's window
 * holds the traces of its live runs and the ones it shows, not of every run it saw. Called for
 * the runs that just ended and for the run just unselected; `evenShown` for a snapshot's ended
 * runs, whose held traces may lack their end. Returns `data` itself when nothing goes.
 */
export function shelveEndedTraces(data: StudioData, runIds: Iterable<string>, { evenShown = false } = {}): StudioData {
  let runs: Record<string, RunView> | undefined;
  for (const runId of runIds) {
    const view = (runs ?? data.runs)[runId];
    if (!view || (runId === data.selectedRunId && !evenShown) || view.trace === emptyRunTrace || !ENDED.has(view.summary.status)) continue;
    runs ??= { ...data.runs };
    runs[runId] = { ...view, trace: emptyRunTrace };
  }
  return runs ? { ...data, runs } : data;
}

/** `data` with another run shown (`selection`); the run shown before, if it has ended, lets go of its trace. */
export function showRun(data: StudioData, selection: Partial<StudioData>): StudioData {
  const before = data.selectedRunId;
  return shelveEndedTraces({ ...data, ...selection }, before ? [before] : []);
}

/** Folds a batch's trace events into each run's trace, once per run. A run seen only through its trace joins as provisional. */
export function applyRunTraces(runs: Record<string, RunView>, traces: ReadonlyMap<string, TraceEvent[]>): Record<string, RunView> {
  const next = { ...runs };
  for (const [runId, events] of traces) {
    const view = next[runId] ?? { ...newRunView(provisionalSummary(runId, events)), provisional: true as const };
    next[runId] = { ...view, trace: applyTraceEvents(view.trace, events) };
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

// The inspectors go back to the selected entry's first agent when the run they showed is gone.
function inspectEntryAgent(data: StudioData): StudioData["inspected"] {
  const agent = firstAgent(data.project?.entries.find((e) => e.id === data.selectedEntryId)?.tree);
  return agent ? { runId: null, nodeId: agent.id } : null;
}
