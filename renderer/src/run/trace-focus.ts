// "You are now in the run": after Run (the button, F5, Ctrl+Enter, the palette) the focus goes to
// the new run's trace tree once it is drawn. Run asks here; the Trace answers (TracePanel.tsx).
// The Run button is disabled while the start is in flight, so without this the focus falls to the
// page's body. The focus moves only while the person is still where they asked from (or nowhere):
// someone who has gone on to another panel keeps their place.
import { create } from "zustand";

interface TraceFocusRequest {
  /** The run whose tree should take the focus once drawn. */
  runId: string | null;
  /** Where the person asked from: the Run region, and what had the focus then (a key, the palette). */
  from: readonly Element[];
  request(runId: string, from: readonly Element[]): void;
  clear(): void;
}

export const useTraceFocus = create<TraceFocusRequest>((set) => ({
  runId: null,
  from: [],
  request(runId, from) {
    set({ runId, from });
  },
  clear() {
    set({ runId: null, from: [] });
  },
}));

/** Whether the focus may still be moved for a request made from `from`: it is nowhere else. */
export function focusStillAt(from: readonly Element[], doc: Document = document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || from.some((el) => el.contains(active));
}
