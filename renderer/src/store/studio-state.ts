// The studio's state as the renderer holds it: plain data, filled by the host's events.
import type { ApprovalRecord, Breakpoint, PendingApproval, ProjectSnapshot, RunSummary, StudioError } from "../contract/index.ts";
import { emptyRunTrace, type RunTrace } from "../trace/index.ts";

export interface RunView {
  summary: RunSummary;
  trace: RunTrace;
  /** Known only from trace events so far; the summary is a stand-in until listRuns answers. */
  provisional?: true;
}

/** An agent shown in the Capabilities and Inherited inspectors: from the entry's inspect tree, or a run's trace. */
export interface AgentRef {
  runId: string | null;
  nodeId: string;
}

export type Theme = "light" | "dark";

/** The transport's state, for hosts whose bridge reports one (the web host's WebSocket). */
export type Connection = "connecting" | "open" | "reconnecting" | "closed";

/** Where an error is shown: inline in its panel (Agents, Run, Runs), or in the app's alert strip ("global"). */
export type NoticeArea = "project" | "run" | "runs" | "global";

export interface Notice {
  id: number;
  area: NoticeArea;
  error: StudioError;
}

export interface StudioData {
  host: "electron" | "web";
  connection: Connection;
  project: ProjectSnapshot | null;
  /** The folder being loaded ("project-loading"), until its snapshot arrives. */
  loadingFolder: string | null;
  selectedEntryId: string | null;
  /** The node selected in the Agent tree graph (entry's inspect tree). */
  selectedGraphNodeId: string | null;
  inspected: AgentRef | null;
  selectedRunId: string | null;
  selectedTraceNodeId: string | null;
  runs: Record<string, RunView>;
  /** Run ids in the order they started (by startedAt). */
  runOrder: string[];
  /** The studio's breakpoints (they apply to every run); the service's `breakpoints` event is the truth. */
  breakpoints: Breakpoint[];
  /** "Start paused": Run, Replay and Fork start the run stopped at its first boundary. */
  startPaused: boolean;
  /** Pending approvals of every live run, oldest first. */
  inbox: PendingApproval[];
  /** Decisions, newest first. */
  history: ApprovalRecord[];
  /** Approvals being decided (request sent, no answer yet). */
  deciding: Record<string, "approve" | "deny">;
  approvalErrors: Record<string, StudioError>;
  /** The highest studio event seq applied; a re-subscription starts after it. */
  lastSeq: number;
  theme: Theme;
  notices: Notice[];
  /** False until the first snapshot requests have answered. */
  ready: boolean;
}

export function initialData(host: StudioData["host"], theme: Theme): StudioData {
  return {
    host,
    connection: "open",
    project: null,
    loadingFolder: null,
    selectedEntryId: null,
    selectedGraphNodeId: null,
    inspected: null,
    selectedRunId: null,
    selectedTraceNodeId: null,
    runs: {},
    runOrder: [],
    breakpoints: [],
    startPaused: false,
    inbox: [],
    history: [],
    deciding: {},
    approvalErrors: {},
    lastSeq: 0,
    theme,
    notices: [],
    ready: false,
  };
}

export function newRunView(summary: RunSummary): RunView {
  return { summary, trace: emptyRunTrace };
}
