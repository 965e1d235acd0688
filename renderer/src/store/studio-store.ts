// The studio store: a zustand vanilla store (state + actions) over a Bridge. Components read it
// through the thin React binding in use-studio.ts; tests drive it directly with a fake Bridge.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Bridge, EventBatch, PendingApproval, Result, StudioError } from "../contract/index.ts";
import { applyTraceEvents, flushHeld, hasGap, indexTree } from "../trace/index.ts";
import { applyBatch, mergeHistory, mergePending, mergeRuns } from "./apply-batch.ts";
import { agentFor, reselect, selectEntry } from "./selection.ts";
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
  selectEntry(entryId: string): void;
  selectGraphNode(nodeId: string): void;
  selectRun(runId: string): void;
  selectTraceNode(nodeId: string | null): void;
  /** Inspects an agent of the selected run's trace in the Capabilities and Inherited panels. */
  inspectTraceAgent(nodeId: string): void;
  startRun(entryId: string, input: unknown): Promise<boolean>;
  abortRun(runId: string): Promise<void>;
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
    const call = async <T>(request: () => Promise<Result<T>>, area: NoticeArea): Promise<T | undefined> => {
      try {
        return settle(await request(), area);
      } catch (error) {
        get().report(area, { code: "STUDIO_BRIDGE_FAILED", message: error instanceof Error ? error.message : String(error) });
        return undefined;
      }
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
        const [project, runs, pending, history] = await Promise.all([
          call(() => bridge.getProject({}), "project"),
          call(() => bridge.listRuns({}), "global"),
          call(() => bridge.pendingApprovals({}), "global"),
          call(() => bridge.approvalHistory({}), "global"),
        ]);
        let data: StudioData = get();
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
        const patch = applyBatch(get(), batch.events);
        if (Object.keys(patch).length === 0) return;
        set(patch);
        fetchMissing();
      },

      async openFolder(folder) {
        const project = await call(() => bridge.openFolder(folder === undefined ? {} : { folder }), "project");
        if (!project) return false;
        // The host also sends a "project" event; applying the answer now makes the UI independent of it.
        const data = get();
        if (!data.project || project.loadedAt >= data.project.loadedAt) set({ project, loadingFolder: null, ...reselect(data, project) });
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
        set({ selectedRunId: runId, selectedTraceNodeId: null });
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

      async startRun(entryId, input) {
        const started = await call(() => bridge.startRun({ entryId, input }), "run");
        if (!started) return false;
        set({ selectedRunId: started.runId, selectedTraceNodeId: null });
        return true;
      },

      async abortRun(runId) {
        await call(() => bridge.abortRun({ runId, reason: "stopped from June Studio" }), "run");
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
      let result: Result<null>;
      try {
        result = await request();
      } catch (error) {
        result = { ok: false, error: { code: "STUDIO_BRIDGE_FAILED", message: error instanceof Error ? error.message : String(error) } };
      }
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
