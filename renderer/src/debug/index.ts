// Public surface of debug/: breakpoints, the debug controls' states and their keys (pure rules;
// the buttons live in run/, the stop in stop/, the toggles in breakpoints/).
export { armedNodeIds, breakpointForNode, breakpointHolds, breakpointLabel, isArmed, sameBreakpoint, stepPrefixOf, toggleBreakpoint } from "./breakpoints.ts";
export { debugControls, WAITING_FOR_APPROVAL } from "./controls.ts";
export type { DebugControls } from "./controls.ts";
export { DEBUG_KEYS, debugKeyAction } from "./keys.ts";
export type { DebugAction, KeyPress } from "./keys.ts";
