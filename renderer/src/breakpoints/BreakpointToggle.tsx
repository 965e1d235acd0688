// A breakpoint's toggle: a button named "Breakpoint on tool deploy", pressed while it is set.
// Used on the Agent tree's nodes, the Capabilities cards and the trace's node detail.
import type { Breakpoint } from "../contract/index.ts";
import { breakpointLabel, isArmed } from "../debug/index.ts";
import { useStudio } from "../store/index.ts";

export interface BreakpointToggleProps {
  breakpoint: Breakpoint;
  /** Extra classes: "nodrag nopan nokey" keeps @xyflow/react's node from taking its clicks and keys. */
  className?: string;
  /** Shows the word beside the dot (the node detail has room for it). */
  withText?: boolean;
}

export function BreakpointToggle({ breakpoint, className, withText = false }: BreakpointToggleProps) {
  const armed = useStudio((s) => isArmed(s.breakpoints, breakpoint));
  const toggle = useStudio((s) => s.toggleBreakpoint);
  const label = breakpointLabel(breakpoint);
  return (
    <button
      type="button"
      className={`breakpoint-toggle${armed ? " is-armed" : ""}${withText ? " with-text" : ""}${className ? ` ${className}` : ""}`}
      aria-label={`Breakpoint on ${label}`}
      aria-pressed={armed}
      title={armed ? `Remove the breakpoint on ${label}` : `Stop the run at ${label}`}
      onClick={(event) => {
        // Inside a graph node or a row, the toggle must not also select what it sits on.
        event.stopPropagation();
        void toggle(breakpoint);
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      <span className="breakpoint-dot" aria-hidden="true" />
      {withText && <span>{armed ? "Breakpoint set" : "Set breakpoint"}</span>}
    </button>
  );
}
