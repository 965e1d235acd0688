// "You are now in the run": after Run (the button, F5, Ctrl+Enter, the palette) the focus goes to
// the new run's trace tree once it is drawn. Run asks here; the Trace answers (TracePanel.tsx).
// The Run button is disabled while the start is in flight, so without this the focus falls to the
// page's body. The focus moves only while the person is still where they asked from (or nowhere):
// someone who has gone on to another panel keeps their place.
import { create } from "zustand";

interface TraceFocusRequest {
  /** The run whose tree should take the focus once drawn. */
  runId: string | null;
  /** Where the focus was when Run was asked for. */
  from: Element | null;
  request(runId: string, from: Element | null): void;
  clear(): void;
}

export const useTraceFocus = create<TraceFocusRequest>((set) => ({
  runId: null,
  from: null,
  request(runId, from) {
    set({ runId, from });
  },
  clear() {
    set({ runId: null, from: null });
  },
}));

/** Whether the focus may still be moved for a request made from `from` (the Run region). */
export function focusStillAt(from: Element | null, doc: Document = document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || (from !== null && from.contains(active));
}
