// Public surface of breakpoints/: the toggle a node carries and the list in Run.
export { BreakpointToggle } from "./BreakpointToggle.tsx";
export type { BreakpointToggleProps } from "./BreakpointToggle.tsx";
export { BreakpointList } from "./BreakpointList.tsx";
