// What the studio shows belongs to the open project. When another folder's snapshot arrives (its
// own Open folder, or another window's), the runs, the decisions made and the selection of the
// folder left are put away: its selection is remembered by folder (in memory, for this window),
// its runs are known to be elsewhere, so the events a still-live one streams on don't list it
// here; the folder opened gets its remembered selection back and its runs and decisions from the
// host (listRuns, approvalHistory). Breakpoints are the host's per folder: its `breakpoints` event
// follows the project's. What waits for approval stays in the one inbox, whichever run asked.
import type { ProjectSnapshot } from "../contract/index.ts";
import type { SelectionData } from "./selection-slice.ts";
import { reselect, selectEntry } from "./selection.ts";
import type { StudioData } from "./studio-state.ts";

/** A folder's selection as it was left. */
export type RememberedSelection = SelectionData;

export interface ProjectMemory {
  /** Each folder left's selection, by folder. */
  selections: Record<string, RememberedSelection>;
  /** Runs of another folder than the open one (run id → folder, "" when unknown): kept out of the lists. */
  runsElsewhere: Record<string, string>;
  /** The folder just left and its runs that were still live, until the user is told they go on (projectShown). */
  leftLive: { folder: string; runIds: string[] } | null;
}

export function initialProjectMemory(): ProjectMemory {
  return { selections: {}, runsElsewhere: {}, leftLive: null };
}

/**
 * The state with `project` shown: the same folder keeps everything (a reload, a trust) and only
 * reselects what is gone; another folder puts the one left away and takes its own back.
 *
 * @example
 * set(showProject(get(), snapshot)); // from a "project" event or an openFolder answer
 */
export function showProject(data: StudioData, project: ProjectSnapshot): StudioData {
  const left = data.project?.folder;
  if (left === undefined || left === project.folder) return { ...data, project, loadingFolder: null, ...reselect(data, project) };
  const runsElsewhere = { ...data.runsElsewhere };
  for (const runId of data.runOrder) runsElsewhere[runId] = left;
  // The folder opened again: its runs are its own again (listRuns brings them back).
  for (const [runId, folder] of Object.entries(runsElsewhere)) if (folder === project.folder) delete runsElsewhere[runId];
  const cleared: StudioData = {
    ...data,
    project,
    loadingFolder: null,
    runs: {},
    runOrder: [],
    history: [],
    // A file of the folder left is no part of the one opened.
    source: null,
    selections: { ...data.selections, [left]: selectionOf(data) },
    runsElsewhere,
    leftLive: { folder: left, runIds: data.runOrder.filter((runId) => data.runs[runId]?.summary.status === "running") },
  };
  return { ...cleared, ...restoredSelection(cleared, project) };
}

/** Whether a run belongs to another folder than the open one (its events are not this project's). */
export function isElsewhere(data: Pick<ProjectMemory, "runsElsewhere">, runId: string): boolean {
  return Object.hasOwn(data.runsElsewhere, runId);
}

/** Runs listRuns (the open project's history) did not name, known before only from their traces: another folder's. */
export function putElsewhere(data: StudioData, runIds: readonly string[]): StudioData {
  const gone = runIds.filter((runId) => data.runs[runId]?.provisional);
  if (gone.length === 0) return data;
  const runs = { ...data.runs };
  const runsElsewhere = { ...data.runsElsewhere };
  for (const runId of gone) {
    delete runs[runId];
    runsElsewhere[runId] = "";
  }
  const selected = data.selectedRunId !== null && gone.includes(data.selectedRunId);
  return { ...data, runs, runOrder: data.runOrder.filter((id) => !gone.includes(id)), runsElsewhere, ...(selected ? { selectedRunId: null, selectedTraceNodeId: null } : {}) };
}

/** Runs listRuns named are the open project's, whatever was thought of them before (a folder unknown, ""). */
export function reclaimListed(data: StudioData): StudioData {
  const claimed = data.runOrder.filter((runId) => isElsewhere(data, runId));
  if (claimed.length === 0) return data;
  const runsElsewhere = { ...data.runsElsewhere };
  for (const runId of claimed) delete runsElsewhere[runId];
  return { ...data, runsElsewhere };
}

/**
 * Once the open project's runs are listed: a remembered run that is listed shows again (the
 * caller loads its trace), one that is gone gives way to the entry's latest run.
 */
export function settleRestoredRun(data: StudioData): Partial<StudioData> {
  const runId = data.selectedRunId;
  if (runId === null || data.runs[runId]) return {};
  const { selectedRunId } = selectEntry(data, data.selectedEntryId);
  return { selectedRunId: selectedRunId ?? null, selectedTraceNodeId: null, ...(data.inspected?.runId === runId ? { inspected: selectEntry(data, data.selectedEntryId).inspected ?? null } : {}) };
}

/**
 * What to tell of the runs left live in the folder just left (they go on; what they ask waits in
 * Approvals), as a notice's error; undefined when none was.
 */
export function leftLiveNotice(left: ProjectMemory["leftLive"]): { code: string; message: string } | undefined {
  if (!left || left.runIds.length === 0) return undefined;
  const count = left.runIds.length === 1 ? "1 run" : `${left.runIds.length} runs`;
  return {
    code: "STUDIO_RUNS_ELSEWHERE",
    message:
      `${count} of ${left.folder} ${left.runIds.length === 1 ? "was" : "were"} still running when another folder opened: ` +
      `${left.runIds.length === 1 ? "it goes" : "they go"} on, and what ${left.runIds.length === 1 ? "it asks" : "they ask"} waits in Approvals. Open ${left.folder} again to see ${left.runIds.length === 1 ? "it" : "them"} (${left.runIds.join(", ")}).`,
  };
}

function selectionOf(data: StudioData): RememberedSelection {
  const { selectedEntryId, selectedGraphNodeId, inspected, selectedRunId, selectedTraceNodeId } = data;
  return { selectedEntryId, selectedGraphNodeId, inspected, selectedRunId, selectedTraceNodeId };
}

/** The folder's remembered selection where it still holds (its entry, graph node, run), else its first entry's. */
function restoredSelection(data: StudioData, project: ProjectSnapshot): Partial<StudioData> {
  const remembered = data.selections[project.folder];
  if (!remembered || !project.entries.some((e) => e.id === remembered.selectedEntryId)) return selectEntry(data, project.entries[0]?.id ?? null);
  // The entry's graph node and inspected agent are checked against its tree as any reload's are.
  return { ...remembered, ...reselect({ ...data, ...remembered }, project) };
}
