// The studio store: one zustand vanilla store over a Bridge, composed of a slice per concern
// (zustand's slices pattern): connection, project, runs, selection, approvals, debugging, MCP,
// notices, theme. Components read it through the thin React binding in use-studio.ts; tests drive it
// directly with a fake Bridge.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Bridge } from "../contract/index.ts";
import { approvalsSlice } from "./approvals-slice.ts";
import { connectionSlice } from "./connection-slice.ts";
import { debuggingSlice } from "./debugging-slice.ts";
import { mcpSlice } from "./mcp-slice.ts";
import { noticesSlice } from "./notices-slice.ts";
import { projectSlice } from "./project-slice.ts";
import { runsSlice } from "./runs-slice.ts";
import { selectionSlice } from "./selection-slice.ts";
import { sliceContext } from "./slice.ts";
import { sourceSlice } from "./source-slice.ts";
import type { Studio, Theme } from "./studio-state.ts";
import { themeSlice } from "./theme-slice.ts";

export type { Studio, StudioActions } from "./studio-state.ts";
export type StudioStore = StoreApi<Studio>;

export interface StudioStoreOptions {
  theme?: Theme;
  /** Called when the theme changes (persisting it is the host page's business). */
  onThemeChange?: (theme: Theme) => void;
}

/**
 * Creates the store for one bridge.
 *
 * @example
 * const store = createStudioStore(bridge);
 * await store.getState().start();
 */
export function createStudioStore(bridge: Bridge, options: StudioStoreOptions = {}): StudioStore {
  return createStore<Studio>()((...store) => {
    const context = sliceContext(bridge, store[1]);
    return {
      ...connectionSlice(context)(...store),
      ...projectSlice(context)(...store),
      ...runsSlice(context)(...store),
      ...selectionSlice(context)(...store),
      ...approvalsSlice(context)(...store),
      ...debuggingSlice(context)(...store),
      ...mcpSlice(context)(...store),
      ...noticesSlice()(...store),
      ...sourceSlice(context)(...store),
      ...themeSlice(options.theme ?? "dark", options.onThemeChange)(...store),
    };
  });
}
