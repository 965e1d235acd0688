// The project slice: the open folder's snapshot (its entries, problems and trust), the folder
// being loaded, and the host calls about the folder: open it, trust it, open one of its files.
import type { ProjectSnapshot } from "../contract/index.ts";
import { reselect } from "./selection.ts";
import type { SliceContext, StudioSlice } from "./slice.ts";

export interface ProjectData {
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
}

export function initialProject(): ProjectData {
  return { project: null, loadingFolder: null };
}

export function projectSlice({ bridge, call }: SliceContext): StudioSlice<ProjectData & ProjectActions> {
  return (set, get) => {
    /**
     * Applies the project a host call answered with (open, trust), unless a newer one came first.
     * The host also sends a "project" event; applying the answer now makes the UI independent of it.
     */
    const adoptProject = (project: ProjectSnapshot): void => {
      const data = get();
      if (!data.project || project.loadedAt >= data.project.loadedAt) set({ project, loadingFolder: null, ...reselect(data, project) });
    };

    return {
      ...initialProject(),

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

      async openInEditor(location) {
        const request = { file: location.file, ...(location.line ? { line: location.line } : {}), ...(location.column ? { column: location.column } : {}) };
        await call(() => bridge.openInEditor(request), "global");
      },
    };
  };
}
