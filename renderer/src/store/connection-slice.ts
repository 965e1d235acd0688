// The connection slice: the transport's state, the event stream (subscribed from the last seq
// applied, so a re-subscription after a reconnect applies nothing twice), what start() loads from
// the host, and a run known only from its trace, asked of listRuns once. Missing events are
// recovered in one place, by the studio's seq: the web host's bridge asks again from the last one
// it has (or takes a snapshot standing for them), Electron's IPC delivers them in order; a run's
// trace then never misses any, so nothing here fetches a trace to fill a gap.
import type { Bridge, EventBatch } from "../contract/index.ts";
import { applyBatch } from "./apply-batch.ts";
import { mergeHistory, mergePending } from "./approvals-slice.ts";
import { putElsewhere } from "./project-switch.ts";
import { mergeRuns } from "./runs-slice.ts";
import { reselect } from "./selection.ts";
import type { SliceContext, StudioSlice } from "./slice.ts";
import type { StudioData } from "./studio-state.ts";

/** The transport's state, for hosts whose bridge reports one (the web host's WebSocket). */
export type Connection = "connecting" | "open" | "reconnecting" | "closed";

/** What a bridge may add beyond the contract: its connection's state (WebSocketBridge does). */
interface ObservableConnection {
  readonly state?: Connection;
  onConnectionChange?(listener: (state: Connection) => void): () => void;
}

export interface ConnectionData {
  host: "electron" | "web";
  connection: Connection;
  /** The highest studio event seq applied; a re-subscription starts after it. */
  lastSeq: number;
  /** False until the first snapshot requests have answered. */
  ready: boolean;
}

export interface ConnectionActions {
  /** Subscribes to the event stream and loads what the host already holds. */
  start(): Promise<void>;
  /** Re-subscribes after a reconnect, from the last seq seen. */
  resubscribe(): void;
  stop(): void;
  applyBatch(batch: EventBatch): void;
}

export function initialConnection(host: ConnectionData["host"], connection: Connection = "open"): ConnectionData {
  return { host, connection, lastSeq: 0, ready: false };
}

export function connectionSlice({ bridge, call, traceRequests }: SliceContext): StudioSlice<ConnectionData & ConnectionActions> {
  return (set, get) => {
    const observable = bridge as Bridge & ObservableConnection;
    let unsubscribe: (() => void) | undefined;
    let unwatchConnection: (() => void) | undefined;
    /** True once a `breakpoints` event arrived: it is newer than any getBreakpoints answer. */
    let breakpointsSeen = false;
    /** Provisional runs listRuns was already asked about (asked once each, not on every batch). */
    const listed = new Set<string>();
    /** Asks listRuns about runs known only from their trace (a re-subscription joined mid-run). */
    const listUnknownRuns = (): void => {
      const unlisted: string[] = [];
      for (const [runId, view] of Object.entries(get().runs)) if (view.provisional && !listed.has(runId)) unlisted.push(runId);
      if (unlisted.length === 0) return;
      for (const runId of unlisted) listed.add(runId);
      const folder = get().project?.folder;
      void call(() => bridge.listRuns({}), "global").then((runs) => {
        if (!runs || get().project?.folder !== folder) return;
        // listRuns is the open project's history: a run it doesn't name is another folder's.
        const named = new Set(runs.map((r) => r.runId));
        set(putElsewhere(mergeRuns(get(), runs), unlisted.filter((runId) => !named.has(runId))));
      });
    };
    const subscribe = (): void => {
      unsubscribe?.();
      unsubscribe = bridge.onEvents(get().lastSeq, (batch) => get().applyBatch(batch));
    };

    return {
      ...initialConnection(bridge.host, observable.state ?? "open"),

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
        listUnknownRuns();
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
        listUnknownRuns();
        // This batch let go of the shown run's trace (a snapshot brought it as its summary): read it
        // back whole. Only then: a run whose record has no events stays rootless, and asking on
        // every batch would ask again every frame.
        const shown = get().selectedRunId;
        const held = shown ? before.runs[shown]?.trace.root : undefined;
        if (shown && held && !get().runs[shown]?.trace.root && !traceRequests.has(shown)) void get().loadRunTrace(shown);
        // A (re)loaded project may record its runs elsewhere, another folder has its own: the history follows it.
        if (patch.project !== undefined && patch.project !== before.project) void get().projectShown(before.project?.folder);
      },
    };
  };
}
