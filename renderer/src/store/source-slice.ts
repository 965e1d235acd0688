// The source slice: which project file the Source panel shows, at which line, as the host read it
// (readSource), and what became of asking the editor to open it. One source at a time: opening
// another replaces it, and an answer for one no longer shown is dropped. Errors stay in the panel
// (beside what they are about), not in the notices.
import type { SourceFile, StudioError } from "../contract/index.ts";
import type { SliceContext, StudioSlice } from "./slice.ts";
import { attempt } from "./slice.ts";

/** A place in a project file, as file:line links carry it. */
export interface SourceTarget {
  file: string;
  line?: number | undefined;
  column?: number | undefined;
}

/** What became of "Open in editor": asked, opened (the host started the editor), or why not. */
export type EditorOutcome = { status: "opening" } | { status: "opened" } | { status: "failed"; error: StudioError };

export interface SourceView {
  /** One per open: a new one (even of the same place) scrolls to the line again. */
  id: number;
  location: SourceTarget;
  /** The file as read; kept from the previous view of the same file while it is read again. */
  file?: SourceFile;
  status: "loading" | "ready" | "failed";
  error?: StudioError;
  editor?: EditorOutcome;
}

export interface SourceData {
  /** The source the Source panel shows; null: the panel is closed. */
  source: SourceView | null;
}

export interface SourceActions {
  /** Shows `location` in the Source panel, reading the file from the host. */
  openSource(location: SourceTarget): Promise<void>;
  closeSource(): void;
  /** Opens the shown file at its line in the user's editor; the outcome shows in the panel. */
  openSourceInEditor(): Promise<void>;
}

export function initialSource(): SourceData {
  return { source: null };
}

let views = 0;

export function sourceSlice({ bridge }: SliceContext): StudioSlice<SourceData & SourceActions> {
  return (set, get) => {
    /** Updates the view `id` if it is still the one shown. */
    const update = (id: number, change: Partial<SourceView>): void => {
      const source = get().source;
      if (source?.id === id) set({ source: { ...source, ...change } });
    };

    return {
      ...initialSource(),

      async openSource(location) {
        const id = ++views;
        const clean: SourceTarget = { file: location.file, ...(location.line ? { line: location.line } : {}), ...(location.column && location.line ? { column: location.column } : {}) };
        const previous = get().source?.file;
        const keep = previous && previous.file === location.file ? { file: previous } : {};
        set({ source: { id, location: clean, status: "loading", ...keep } });
        const result = await attempt(() => bridge.readSource({ file: location.file }));
        if (result.ok) update(id, { status: "ready", file: result.value, error: undefined });
        else update(id, { status: "failed", file: undefined, error: result.error });
      },

      closeSource() {
        set({ source: null });
      },

      async openSourceInEditor() {
        const source = get().source;
        if (!source) return;
        const { file, line, column } = source.location;
        update(source.id, { editor: { status: "opening" } });
        const result = await attempt(() => bridge.openInEditor({ file, ...(line ? { line } : {}), ...(column ? { column } : {}) }));
        update(source.id, { editor: result.ok ? { status: "opened" } : { status: "failed", error: result.error } });
      },
    };
  };
}
