// The studio store: a zustand vanilla store (state + actions) over a Bridge. Components read it
// through the thin React binding in use-studio.ts; tests drive it directly with a fake Bridge.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Breakpoint, Bridge, EventBatch, PendingApproval, ProjectSnapshot, RequestOf, Result, RunExport, StudioError } from "../contract/index.ts";
import { toggleBreakpoint } from "../debug/index.ts";
import { applyTraceEvents, flushHeld, hasGap, indexTree } from "../trace/index.ts";
import { applyBatch, dropRun, mergeHistory, mergePending, mergeRuns, replaceRuns } from "./apply-batch.ts";
import { agentFor, focusRun, reselect, selectEntry } from "./selection.ts";
import { initialData, type Connection, type NoticeArea, type StudioData, type Theme } from "./studio-state.ts";

/** What a bridge may add beyond the contract: its connection's state (WebSocketBridge does). */
interface ObservableConnection {
  readonly state?: Connection;
  onConnectionChange?(listener: (state: Connection) => void): () => void;
}

export interface StudioActions {
  /** Subscribes to the event stream and loads what the host already holds. */
  start(): Promise<void>;
  /** Re-subscribes after a reconnect, from the last seq seen. */
  resubscribe(): void;
  stop(): void;
  applyBatch(batch: EventBatch): void;
  /** Opens a folder (Electron asks with a dialog when none is given); false when it failed. */
  openFolder(folder?: string): Promise<boolean>;
  /** Trusts the open folder (restricted mode ends: its code loads and it can run). */
  trustFolder(): Promise<boolean>;
  selectEntry(entryId: string): void;
  selectGraphNode(nodeId: string): void;
  selectRun(runId: string): void;
  selectTraceNode(nodeId: string | null): void;
  /** Inspects an agent of the selected run's trace in the Capabilities and Inherited panels. */
  inspectTraceAgent(nodeId: string): void;
  /** Starts a run; `paused` stops it at its first boundary (before its first model call). */
  startRun(entryId: string, input: unknown, paused?: boolean): Promise<boolean>;
  abortRun(runId: string): Promise<void>;
  pauseRun(runId: string): Promise<void>;
  stepRun(runId: string): Promise<void>;
  continueRun(runId: string): Promise<void>;
  setStartPaused(startPaused: boolean): void;
  /** Sends the studio's breakpoints to the service (shown at once; the `breakpoints` event confirms). */
  setBreakpoints(breakpoints: Breakpoint[]): Promise<void>;
  /** Adds the breakpoint, or removes it when it is set. */
  toggleBreakpoint(breakpoint: Breakpoint): Promise<void>;
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
  approve(approval: PendingApproval): Promise<void>;
  deny(approval: PendingApproval, reason?: string): Promise<void>;
  openInEditor(location: { file: string; line?: number; column?: number }): Promise<void>;
  /** Loads a run's full trace (a past run, or one with missing events). */
  loadRunTrace(runId: string): Promise<void>;
  toggleTheme(): void;
  dismissNotice(id: number): void;
  report(area: NoticeArea, error: StudioError): void;
}

export type Studio = StudioData & StudioActions;
export type StudioStore = StoreApi<Studio>;

export interface StudioStoreOptions {
  theme?: Theme;
  /** Called when the theme changes (persisting it is the host page's business). */
  onThemeChange?: (theme: Theme) => void;
}

let noticeIds = 0;

/** A bridge call's Result; a bridge that throws (a transport failure) becomes a STUDIO_BRIDGE_FAILED error. */
async function attempt<T>(request: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await request();
  } catch (error) {
    return { ok: false, error: { code: "STUDIO_BRIDGE_FAILED", message: error instanceof Error ? error.message : String(error) } };
  }
}

/**
 * Creates the store for one bridge.
 *
 * @example
 * const store = createStudioStore(bridge);
 * await store.getState().start();
 */
export function createStudioStore(bridge: Bridge, options: StudioStoreOptions = {}): StudioStore {
  let unsubscribe: (() => void) | undefined;
  let unwatchConnection: (() => void) | undefined;
  const traceRequests = new Set<string>();
  const observable = bridge as Bridge & ObservableConnection;

  return createStore<Studio>()((set, get) => {
    /** Unwraps a Result; an error becomes a notice in `area` and `undefined`. */
    const settle = <T>(result: Result<T>, area: NoticeArea): T | undefined => {
      if (result.ok) return result.value;
      get().report(area, result.error);
      return undefined;
    };
    /** A bridge call that throws (a transport failure) is reported, never swallowed. */
    const call = async <T>(request: () => Promise<Result<T>>, area: NoticeArea): Promise<T | undefined> => settle(await attempt(request), area);
    /**
     * Applies the project a host call answered with (open, trust), unless a newer one came first.
     * The host also sends a "project" event; applying the answer now makes the UI independent of it.
     */
    const adoptProject = (project: ProjectSnapshot): void => {
      const data = get();
      if (!data.project || project.loadedAt >= data.project.loadedAt) set({ project, loadingFolder: null, ...reselect(data, project) });
    };
    /** Provisional runs listRuns was already asked about (asked once each, not on every batch). */
    const listed = new Set<string>();
    /** Fills what the stream missed: a run's events after a gap, a run known only from its trace. */
    const fetchMissing = (): void => {
      const unlisted: string[] = [];
      for (const [runId, view] of Object.entries(get().runs)) {
        if (hasGap(view.trace) && !traceRequests.has(runId)) void get().loadRunTrace(runId);
        if (view.provisional && !listed.has(runId)) unlisted.push(runId);
      }
      if (unlisted.length === 0) return;
      for (const runId of unlisted) listed.add(runId);
      void call(() => bridge.listRuns({}), "global").then((runs) => {
        if (runs) set(mergeRuns(get(), runs));
      });
    };
    /** True once a `breakpoints` event arrived: it is newer than any getBreakpoints answer. */
    let breakpointsSeen = false;
    let refreshing: Promise<void> | undefined;
    let refreshAgain = false;
    /** Selects a run the studio just started (its summary may not have arrived yet). */
    const selectStarted = (runId: string): void => {
      set(get().runs[runId] ? focusRun(get(), runId) : { selectedRunId: runId, selectedTraceNodeId: null });
    };
    /** A bridge call whose error shows in `area` and whose answer is a new run to select. */
    const startFrom = async (request: () => Promise<Result<{ runId: string }>>, area: NoticeArea): Promise<boolean> => {
      const started = await call(request, area);
      if (!started) return false;
      selectStarted(started.runId);
      return true;
    };
    const subscribe = (): void => {
      unsubscribe?.();
      unsubscribe = bridge.onEvents(get().lastSeq, (batch) => get().applyBatch(batch));
    };

    return {
      ...initialData(bridge.host, options.theme ?? "dark"),
      connection: observable.state ?? "open",

      async start() {
        unwatchConnection ??= observable.onConnectionChange?.((connection) => set({ connection }));
        subscribe();
        const [project, runs, pending, history, breakpoints] = await Promise.all([
          call(() => bridge.getProject({}), "project"),
          call(() => bridge.listRuns({}), "global"),
          call(() => bridge.pendingApprovals({}), "global"),
          call(() => bridge.approvalHistory({}), "global"),
          call(() => bridge.getBreakpoints({}), "global"),
        ]);
        let data: StudioData = get();
        if (breakpoints && !breakpointsSeen) data = { ...data, breakpoints };
        if (project && (!data.project || project.loadedAt > data.project.loadedAt)) data = { ...data, project, ...reselect(data, project) };
        if (runs) data = mergeRuns(data, runs);
        if (history) data = mergeHistory(data, history);
        if (pending) data = mergePending(data, pending);
        set({ ...data, ready: true });
        fetchMissing();
      },

      resubscribe() {
        subscribe();
      },

      stop() {
        unsubscribe?.();
        unsubscribe = undefined;
        unwatchConnection?.();
        unwatchConnection = undefined;
      },

      applyBatch(batch) {
        const before = get();
        const patch = applyBatch(before, batch.events);
        if (Object.keys(patch).length === 0) return;
        if (patch.breakpoints !== undefined && patch.breakpoints !== before.breakpoints) breakpointsSeen = true;
        set(patch);
        fetchMissing();
        // A (re)loaded project may record its runs elsewhere: the history follows it.
        if (patch.project !== undefined && patch.project !== before.project) void get().refreshRuns();
      },

      async openFolder(folder) {
        const project = await call(() => bridge.openFolder(folder === undefined ? {} : { folder }), "project");
        if (!project) return false;
        adoptProject(project);
        void get().refreshRuns();
        return true;
      },

      async trustFolder() {
        const folder = get().project?.folder;
        if (folder === undefined) return false;
        const project = await call(() => bridge.trustFolder({ folder }), "project");
        if (!project) return false;
        adoptProject(project);
        return true;
      },

      selectEntry(entryId) {
        set(selectEntry(get(), entryId));
      },

      selectGraphNode(nodeId) {
        const data = get();
        const entry = data.project?.entries.find((e) => e.id === data.selectedEntryId);
        const nodes = indexTree(entry?.tree);
        const node = nodes.get(nodeId);
        if (!node) return;
        const agent = agentFor(nodes, node);
        set({ selectedGraphNodeId: nodeId, inspected: agent ? { runId: null, nodeId: agent.id } : data.inspected });
      },

      selectRun(runId) {
        set(focusRun(get(), runId));
        const view = get().runs[runId];
        if (view && !view.trace.root && !traceRequests.has(runId)) void get().loadRunTrace(runId);
      },

      selectTraceNode(nodeId) {
        const data = get();
        const view = data.selectedRunId ? data.runs[data.selectedRunId] : undefined;
        const node = nodeId === null ? undefined : view?.trace.nodes.get(nodeId);
        set({
          selectedTraceNodeId: nodeId,
          ...(node?.kind === "agent" && data.selectedRunId ? { inspected: { runId: data.selectedRunId, nodeId: node.id } } : {}),
        });
      },

      inspectTraceAgent(nodeId) {
        const runId = get().selectedRunId;
        if (runId) set({ inspected: { runId, nodeId } });
      },

      async startRun(entryId, input, paused = false) {
        return startFrom(() => bridge.startRun({ entryId, input, ...(paused ? { paused: true } : {}) }), "run");
      },

      async abortRun(runId) {
        await call(() => bridge.abortRun({ runId, reason: "stopped from June Studio" }), "run");
      },

      async pauseRun(runId) {
        await call(() => bridge.pauseRun({ runId }), "run");
      },

      async stepRun(runId) {
        await call(() => bridge.stepRun({ runId }), "run");
      },

      async continueRun(runId) {
        await call(() => bridge.continueRun({ runId }), "run");
      },

      setStartPaused(startPaused) {
        set({ startPaused });
      },

      async setBreakpoints(breakpoints) {
        const before = get().breakpoints;
        set({ breakpoints });
        const done = await call(() => bridge.setBreakpoints({ breakpoints }), "global");
        // Refused: show what the service still has, unless something newer came meanwhile.
        if (done === undefined && get().breakpoints === breakpoints) set({ breakpoints: before });
      },

      async toggleBreakpoint(breakpoint) {
        await get().setBreakpoints(toggleBreakpoint(get().breakpoints, breakpoint));
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
            const runs = await call(() => bridge.listRuns({}), "runs");
            if (runs) set(replaceRuns(get(), runs, knownBefore));
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

      async approve(approval) {
        await decide(approval, "approve", () => bridge.approve({ runId: approval.runId, approvalId: approval.approvalId }));
      },

      async deny(approval, reason) {
        const trimmed = reason?.trim();
        await decide(approval, "deny", () =>
          bridge.deny({ runId: approval.runId, approvalId: approval.approvalId, ...(trimmed ? { reason: trimmed } : {}) }),
        );
      },

      async openInEditor(location) {
        const request = { file: location.file, ...(location.line ? { line: location.line } : {}), ...(location.column ? { column: location.column } : {}) };
        await call(() => bridge.openInEditor(request), "global");
      },

      async loadRunTrace(runId) {
        traceRequests.add(runId);
        try {
          const events = await call(() => bridge.getRunEvents({ runId }), "global");
          const view = get().runs[runId];
          if (!view) return;
          if (!events) {
            // Nothing more is coming: show what streamed in rather than wait on the gap.
            set({ runs: { ...get().runs, [runId]: { ...view, trace: flushHeld(view.trace) } } });
            return;
          }
          // The full list fills whatever gap the stream left (duplicates are skipped by seq); events
          // still missing after it are not coming, so what is held is applied across the gap.
          const trace = flushHeld(applyTraceEvents(view.trace, events));
          set({ runs: { ...get().runs, [runId]: { ...view, trace } } });
        } finally {
          traceRequests.delete(runId);
        }
      },

      toggleTheme() {
        const theme: Theme = get().theme === "dark" ? "light" : "dark";
        set({ theme });
        options.onThemeChange?.(theme);
      },

      dismissNotice(id) {
        set({ notices: get().notices.filter((n) => n.id !== id) });
      },

      report(area, error) {
        set({ notices: [...get().notices, { id: ++noticeIds, area, error }] });
      },
    };

    async function decide(approval: PendingApproval, verdict: "approve" | "deny", request: () => Promise<Result<null>>): Promise<void> {
      const id = approval.approvalId;
      const { [id]: _old, ...approvalErrors } = get().approvalErrors;
      set({ deciding: { ...get().deciding, [id]: verdict }, approvalErrors });
      const result = await attempt(request);
      const { [id]: _done, ...deciding } = get().deciding;
      if (result.ok) {
        // The host's "approval-decided" event adds it to the history; the inbox drops it now.
        set({ deciding, inbox: get().inbox.filter((a) => a.approvalId !== id) });
      } else {
        set({ deciding, approvalErrors: { ...get().approvalErrors, [id]: result.error } });
      }
    }
  });
}
