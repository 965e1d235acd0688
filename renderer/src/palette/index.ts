// Public surface of palette/: the command palette and the global keys it brings (App mounts it
// once), the table of actions it lists, and the focus moves other folders may reuse.
export { CommandPalette, PALETTE_TITLE, keysOf } from "./CommandPalette.tsx";
export { ACTIONS, agentActions } from "./actions.ts";
export type { PaletteAction, ActionGroup } from "./actions.ts";
export { focusFirstApproval } from "./focus-approval.ts";
export { usePalette } from "./palette-state.ts";
