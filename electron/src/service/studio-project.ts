// The folder the studio has open: opening one (trusted or in restricted mode, its code isolated
// in workers), watching it and announcing it when it changes, trusting it, and opening one of its
// files in the user's editor. Only the latest openFolder wins; a failed one leaves the previous
// project standing.
import { realpath, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { LiveProject, type Project } from "june/project";
import type { ProjectSnapshot, RequestOf, Result } from "../contract/index.ts";
import { openInEditor } from "../editor/index.ts";
import type { StudioEventInput } from "./event-log.ts";
import { jsonText } from "./plain-json.ts";
import { projectSnapshot } from "./project-snapshot.ts";
import { closed } from "./refusals.ts";
import { fail, failFromError, ok } from "./results.ts";
import type { FolderTrust } from "./trust/index.ts";

export interface StudioProjectOptions {
  emit(event: StudioEventInput): void;
  now(): number;
  /** Where JUNE_EDITOR, VISUAL, EDITOR and PATH come from for "open in editor". */
  env: NodeJS.ProcessEnv;
  /** Undefined: every folder is trusted (see StudioServiceOptions.trust). */
  trust: FolderTrust | undefined;
  /** The user's opt-ins for Claude Code projects (StudioServiceOptions.claude). */
  claude?: ClaudeOptIns;
  /** A project was opened (not each reload of it). */
  opened(project: Project): void;
  /** The studio is closing: nothing opens any more, and an opening under way is dropped. */
  closed(): boolean;
}

/** What only the user can turn on for Claude Code projects (engine OpenOptions of the same names). */
export interface ClaudeOptIns {
  /** The user's own agents folder, loaded beside the project's. */
  userAgents?: string;
  /** Honour agents' `permissionMode: bypassPermissions`. */
  allowBypassPermissions?: boolean;
}

export class StudioProject {
  readonly #options: StudioProjectOptions;
  #live: LiveProject | undefined;
  #snapshot: ProjectSnapshot | null = null;
  /** Counts openFolder calls: an opening that finishes after a later one began is dropped. */
  #opening = 0;

  constructor(options: StudioProjectOptions) {
    this.#options = options;
  }

  /** The open project as loaded now (undefined: no folder open). */
  get project(): Project | undefined {
    return this.#live?.project;
  }

  /** What windows were last told of the project (null: no folder open). */
  get snapshot(): ProjectSnapshot | null {
    return this.#snapshot;
  }

  async open(request: RequestOf<"openFolder">): Promise<Result<ProjectSnapshot>> {
    if (this.#options.closed()) return closed();
    if (!request.folder) {
      return fail("STUDIO_FOLDER_REQUIRED", "june studio: openFolder needs a folder path here (only the desktop app asks with a dialog). Type the project folder's path.");
    }
    const folder = resolve(request.folder);
    const info = await stat(folder).catch(() => undefined);
    if (!info) return fail("STUDIO_FOLDER_NOT_FOUND", `june studio: there is no folder ${folder}. Check the path.`);
    if (!info.isDirectory()) return fail("STUDIO_NOT_A_FOLDER", `june studio: ${folder} is a file, not a folder. Open the project folder that holds it.`);

    const { emit, trust } = this.#options;
    const attempt = ++this.#opening;
    emit({ type: "project-loading", folder });
    let live: LiveProject;
    try {
      // Trust goes by the real path: a link to a trusted folder is that folder, and no other.
      const trusted = trust ? await trust.isTrusted(await realpath(folder)) : true;
      // Isolated: the folder's code loads, renders and runs in workers, so a file that exits, loops
      // or throws later is a problem or a failed run, never the end of the studio.
      live = await LiveProject.open(folder, { isolate: true, ...this.#options.claude, ...(trusted ? {} : { trusted: false }) });
    } catch (error) {
      // Whoever saw "loading" learns it's over: the previous project stands.
      if (this.#snapshot && attempt === this.#opening) emit({ type: "project", project: this.#snapshot });
      return failFromError(error, `june studio: opening ${folder} failed`);
    }
    if (attempt !== this.#opening || this.#options.closed()) {
      live.close();
      return fail("STUDIO_OPEN_SUPERSEDED", `june studio: opening ${folder} was overtaken by a later openFolder or by closing the studio.`);
    }
    this.#live?.close();
    this.#live = live;
    const snapshot = this.#publish(live);
    this.#options.opened(live.project);
    live.watch(() => {
      // A run writing files in the folder reloads it often; only a changed project is news.
      if (this.#live === live && !this.#options.closed() && !sameProject(this.#snapshot, live.project)) this.#publish(live);
    });
    return ok(snapshot);
  }

  /** Trusts the open folder (it must be the one named) and opens it again, its code loaded. */
  async trust(request: RequestOf<"trustFolder">): Promise<Result<ProjectSnapshot>> {
    if (this.#options.closed()) return closed();
    const open = this.#snapshot?.folder;
    if (!open) return fail("STUDIO_NO_PROJECT", "june studio: no folder is open, so there is no folder to trust.");
    if (resolve(request.folder) !== open) {
      return fail("STUDIO_NOT_OPEN_FOLDER", `june studio: ${resolve(request.folder)} is not the open folder (${open}); only the open folder can be trusted. Open it first.`);
    }
    const { trust } = this.#options;
    if (trust) {
      try {
        await trust.trust(await realpath(open));
      } catch (error) {
        return fail("STUDIO_TRUST_NOT_SAVED", `june studio: trusting ${open} could not be saved: ${error instanceof Error ? error.message : String(error)}. The folder stays in restricted mode.`);
      }
    }
    return this.open({ folder: open });
  }

  async openInEditor(request: RequestOf<"openInEditor">): Promise<Result<null>> {
    const folder = this.#snapshot?.folder;
    if (!folder) return fail("STUDIO_NO_PROJECT", "june studio: no folder is open, so there is no project file to open in the editor.");
    try {
      return await openInEditor({ ...request, folder, env: this.#options.env });
    } catch (error) {
      return failFromError(error, `june studio: opening ${request.file} in the editor failed`);
    }
  }

  /** Stops watching (the studio is closing). */
  close(): void {
    this.#live?.close();
  }

  #publish(live: LiveProject): ProjectSnapshot {
    this.#snapshot = projectSnapshot(live.project, this.#options.now());
    this.#options.emit({ type: "project", project: this.#snapshot });
    return this.#snapshot;
  }
}

function sameProject(snapshot: ProjectSnapshot | null, project: Project): boolean {
  if (!snapshot) return false;
  const { loadedAt: _, ...before } = snapshot;
  const { loadedAt: __, ...after } = projectSnapshot(project, 0);
  return jsonText(before) === jsonText(after);
}
