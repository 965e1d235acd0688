// Public surface of layout/: the workbench (resizable, foldable columns; the main stage; tabs on
// narrow windows) and its state (column folding, the right column's tab).
export { Workbench } from "./Workbench.tsx";
export { useLayout, COLUMN_NAMES } from "./layout-state.ts";
export type { Column, RightTab } from "./layout-state.ts";
export { NARROW_QUERY, useMediaQuery } from "./use-media-query.ts";
