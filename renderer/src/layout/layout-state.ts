// The workbench's own state: which side columns are folded away (and the toggles the top bar, the
// keyboard and the command palette use), and which tab the right column shows on a narrow window.
// The Workbench registers its columns' imperative handles; the state follows the panels' real
// sizes (a drag to the edge folds a column too).
import type { PanelImperativeHandle } from "react-resizable-panels";
import { create } from "zustand";

export type Column = "left" | "right";
export type RightTab = "approvals" | "inspect" | "usage";

interface LayoutState {
  collapsed: Record<Column, boolean>;
  handles: Partial<Record<Column, PanelImperativeHandle | null>>;
  register(column: Column, handle: PanelImperativeHandle | null): void;
  setCollapsed(column: Column, collapsed: boolean): void;
  toggle(column: Column): void;
  /** Makes sure `column` is shown (the approval key, a palette action). */
  reveal(column: Column): void;
  rightTab: RightTab;
  showRightTab(tab: RightTab): void;
}

export const useLayout = create<LayoutState>((set, get) => ({
  collapsed: { left: false, right: false },
  handles: {},
  register(column, handle) {
    set((s) => ({ handles: { ...s.handles, [column]: handle } }));
  },
  setCollapsed(column, collapsed) {
    if (get().collapsed[column] === collapsed) return;
    set((s) => ({ collapsed: { ...s.collapsed, [column]: collapsed } }));
  },
  toggle(column) {
    const handle = get().handles[column];
    if (!handle) return;
    if (handle.isCollapsed()) handle.expand();
    else handle.collapse();
    get().setCollapsed(column, handle.isCollapsed());
  },
  reveal(column) {
    const handle = get().handles[column];
    if (handle?.isCollapsed()) {
      handle.expand();
      get().setCollapsed(column, false);
    }
  },
  rightTab: "approvals",
  showRightTab(tab) {
    set({ rightTab: tab });
  },
}));

export const COLUMN_NAMES: Record<Column, string> = { left: "left sidebar", right: "right sidebar" };
