// Opening a project folder: its parts are loaded in this process (loading/) or, isolated, with
// every import, render and run of the folder's code in workers (isolated-parts.ts over isolate/).
// Which one a project is stays here, so the loading floor knows nothing of workers and the
// isolate's worker builds its project from the loading floor alone.
import { realpath } from "node:fs/promises";
import type { IsolateOptions } from "../isolate/index.ts";
import {
  assembleLocal,
  loadLocalParts,
  refuseSystemFolder,
  reloadLocalMarkdown,
  reloadLocalWorkflows,
  type LoadOptions,
  type Project,
  type ProjectParts,
} from "../loading/index.ts";
import { isolatedParts, isolatedProject, reloadIsolatedMarkdown, reloadIsolatedWorkflows, type IsolatedState } from "./isolated-parts.ts";

export interface OpenOptions extends LoadOptions {
  /**
   * Load, render and run the folder's code (workflow files, june.config.ts) in worker threads,
   * each import and render bounded in time (see IsolateOptions): a file that exits, loops or never
   * settles is a Problem naming it, and this process stays up. The CLI and the studio open
   * projects this way; `config` and `element()` are then not available here (use start()).
   */
  isolate?: boolean | IsolateOptions;
}

/** A project's parts as opened: loaded here, or (`isolated`) kept as plain data while workers hold the code. */
export interface OpenParts extends ProjectParts {
  options: OpenOptions;
  /** Set when the project's code runs in workers (OpenOptions.isolate). */
  isolated?: IsolatedState;
}

/**
 * Opens a project folder.
 *
 * @example
 * const project = await openProject("samples");
 * project.entries.map((e) => e.name); // ["Release", "Triage", "reviewer", …]
 * run(project.element("workflow:release.tsx"), project.runDefaults);
 */
export async function openProject(folder: string, options: OpenOptions = {}): Promise<Project> {
  return assemble(await loadParts(folder, options));
}

export async function loadParts(folder: string, options: OpenOptions): Promise<OpenParts> {
  // Before anything is read (a config at / would run): the root, home and system folders are no project.
  refuseSystemFolder(await realpath(folder).catch(() => folder));
  if (options.isolate && options.trusted !== false) return isolatedParts(folder, options);
  return { ...(await loadLocalParts(folder, options)), options };
}

/** Re-reads the workflow files given (added, changed or removed); the rest is kept. */
export function reloadWorkflows(parts: OpenParts, files: readonly string[]): Promise<void> {
  return parts.isolated ? reloadIsolatedWorkflows(parts, files) : reloadLocalWorkflows(parts, files);
}

export function reloadMarkdown(parts: OpenParts): Promise<ProjectParts["markdown"]> {
  return parts.isolated ? reloadIsolatedMarkdown(parts) : reloadLocalMarkdown(parts);
}

/** The Project a set of parts describes. */
export function assemble(parts: OpenParts): Project {
  const project = assembleLocal(parts);
  return parts.isolated ? isolatedProject(project, parts) : project;
}
