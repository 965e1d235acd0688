// The debugging slice: the studio's breakpoints (they apply to every run; the service's
// `breakpoints` event is the truth), "Start paused", and stepping a live run. Where a run is
// stopped is read from its trace (selectors.ts: currentStop, selectedStop).
import type { Breakpoint } from "../contract/index.ts";
import { toggleBreakpoint } from "../debug/index.ts";
import type { SliceContext, StudioSlice } from "./slice.ts";

export interface DebuggingData {
  /** The studio's breakpoints (they apply to every run); the service's `breakpoints` event is the truth. */
  breakpoints: Breakpoint[];
  /** "Start paused": Run, Replay and Fork start the run stopped at its first boundary. */
  startPaused: boolean;
}

export interface DebuggingActions {
  pauseRun(runId: string): Promise<void>;
  stepRun(runId: string): Promise<void>;
  continueRun(runId: string): Promise<void>;
  setStartPaused(startPaused: boolean): void;
  /** Sends the studio's breakpoints to the service (shown at once; the `breakpoints` event confirms). */
  setBreakpoints(breakpoints: Breakpoint[]): Promise<void>;
  /** Adds the breakpoint, or removes it when it is set. */
  toggleBreakpoint(breakpoint: Breakpoint): Promise<void>;
}

export function initialDebugging(): DebuggingData {
  return { breakpoints: [], startPaused: false };
}

export function debuggingSlice({ bridge, call }: SliceContext): StudioSlice<DebuggingData & DebuggingActions> {
  return (set, get) => ({
    ...initialDebugging(),

    async pauseRun(runId) {
      await call(() => bridge.pauseRun({ runId }), "run");
    },

    async stepRun(runId) {
      await call(() => bridge.stepRun({ runId }), "run");
    },

    async continueRun(runId) {
      await call(() => bridge.continueRun({ runId }), "run");
    },

    setStartPaused(startPaused) {
      set({ startPaused });
    },

    async setBreakpoints(breakpoints) {
      const before = get().breakpoints;
      set({ breakpoints });
      const done = await call(() => bridge.setBreakpoints({ breakpoints }), "global");
      // Refused: show what the service still has, unless something newer came meanwhile.
      if (done === undefined && get().breakpoints === breakpoints) set({ breakpoints: before });
    },

    async toggleBreakpoint(breakpoint) {
      await get().setBreakpoints(toggleBreakpoint(get().breakpoints, breakpoint));
    },
  });
}
