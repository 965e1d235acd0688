// The project slice: the open folder's snapshot (its entries, problems and trust), the folder
// being loaded, what other folders left behind (project-switch.ts), and the host calls about the
// folder: open it, trust it, open one of its files.
import type { ProjectSnapshot } from "../contract/index.ts";
import { mergeHistory } from "./approvals-slice.ts";
import { initialProjectMemory, leftLiveNotice, reclaimListed, settleRestoredRun, showProject, type ProjectMemory } from "./project-switch.ts";
import type { SliceContext, StudioSlice } from "./slice.ts";

export interface ProjectData extends ProjectMemory {
  project: ProjectSnapshot | null;
  /** The folder being loaded ("project-loading"), until its snapshot arrives. */
  loadingFolder: string | null;
}

export interface ProjectActions {
  /** Opens a folder (Electron asks with a dialog when none is given); false when it failed. */
  openFolder(folder?: string): Promise<boolean>;
  /** Trusts the open folder (restricted mode ends: its code loads and it can run). */
  trustFolder(): Promise<boolean>;
  openInEditor(location: { file: string; line?: number; column?: number }): Promise<void>;
  /**
   * Brings the lists up to date after a project snapshot was shown (`before`: the folder shown
   * until then): its runs, and when the folder changed its decisions and its remembered run.
   */
  projectShown(before: string | undefined): Promise<void>;
}

export function initialProject(): ProjectData {
  return { project: null, loadingFolder: null, ...initialProjectMemory() };
}

export function projectSlice({ bridge, call, traceRequests }: SliceContext): StudioSlice<ProjectData & ProjectActions> {
  return (set, get) => {
    /**
     * Applies the project a host call answered with (open, trust), unless a newer one came first.
     * The host also sends a "project" event; applying the answer now makes the UI independent of it.
     */
    const adoptProject = (project: ProjectSnapshot): void => {
      const data = get();
      if (!data.project || project.loadedAt >= data.project.loadedAt) set(showProject(data, project));
    };

    return {
      ...initialProject(),

      async openFolder(folder) {
        const before = get().project?.folder;
        const project = await call(() => bridge.openFolder(folder === undefined ? {} : { folder }), "project");
        if (!project) return false;
        adoptProject(project);
        await get().projectShown(before);
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

      async projectShown(before) {
        const folder = get().project?.folder;
        const switched = folder !== before;
        // The "project" event may have switched already; the folder's history is asked either way.
        const history = switched ? call(() => bridge.approvalHistory({}), "global") : undefined;
        // A run left live is not lost: it goes on, and the user is told where it is.
        const left = get().leftLive;
        if (left) {
          set({ leftLive: null });
          const notice = leftLiveNotice(left);
          if (notice) get().report("runs", notice);
        }
        await get().refreshRuns();
        set(reclaimListed(get()));
        if (!switched || get().project?.folder !== folder) return;
        set(settleRestoredRun(get()));
        const shown = get().selectedRunId;
        if (shown && get().runs[shown] && !get().runs[shown]!.trace.root && !traceRequests.has(shown)) void get().loadRunTrace(shown);
        const records = await history;
        if (records && get().project?.folder === folder) set(mergeHistory(get(), records));
      },

      async openInEditor(location) {
        const request = { file: location.file, ...(location.line ? { line: location.line } : {}), ...(location.column ? { column: location.column } : {}) };
        await call(() => bridge.openInEditor(request), "global");
      },
    };
  };
}
