// What every slice of the studio store is given (zustand's slices pattern: each slice is a
// StateCreator over the whole Studio, so it can read and set what another slice holds): the bridge,
// the one way to call it, and the one fact slices share that is no state a component reads.
import type { StateCreator } from "zustand/vanilla";
import type { Bridge, Result } from "../contract/index.ts";
import type { NoticeArea } from "./notices-slice.ts";
import type { Studio } from "./studio-state.ts";

/** A slice: its own state and actions, made with the whole studio's set and get. */
export type StudioSlice<T> = StateCreator<Studio, [], [], T>;

export interface SliceContext {
  bridge: Bridge;
  /** A bridge call: its value, or undefined once its error is a notice in `area` (never swallowed). */
  call<T>(request: () => Promise<Result<T>>, area: NoticeArea): Promise<T | undefined>;
  /** Runs whose full trace is being fetched (loadRunTrace), so selecting again does not ask twice. */
  traceRequests: Set<string>;
}

/** A bridge call's Result; a bridge that throws (a transport failure) becomes a STUDIO_BRIDGE_FAILED error. */
export async function attempt<T>(request: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await request();
  } catch (error) {
    return { ok: false, error: { code: "STUDIO_BRIDGE_FAILED", message: error instanceof Error ? error.message : String(error) } };
  }
}

/** The context of one store: its errors go to the notices slice through `get().report`. */
export function sliceContext(bridge: Bridge, get: () => Studio): SliceContext {
  return {
    bridge,
    async call(request, area) {
      const result = await attempt(request);
      if (result.ok) return result.value;
      get().report(area, result.error);
      return undefined;
    },
    traceRequests: new Set(),
  };
}
