// The studio's breakpoints (they apply to every run, live and new), each with Remove, on one line
// beside their heading. Removing one moves the focus to the next (or the heading when none is left).
import { useEffect, useRef } from "react";
import type { Breakpoint } from "../contract/index.ts";
import { breakpointLabel } from "../debug/index.ts";
import { useStudio } from "../store/index.ts";

export function BreakpointList() {
  const breakpoints = useStudio((s) => s.breakpoints);
  const setBreakpoints = useStudio((s) => s.setBreakpoints);
  const box = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Where the focus goes once the list shows a removal: the remove button now at this index. */
  const focusAt = useRef<number | null>(null);

  useEffect(() => {
    if (focusAt.current === null) return;
    const buttons = box.current?.querySelectorAll<HTMLButtonElement>(".breakpoint-item button");
    const next = buttons && buttons.length > 0 ? buttons[Math.min(focusAt.current, buttons.length - 1)] : undefined;
    focusAt.current = null;
    (next ?? heading.current)?.focus();
  }, [breakpoints]);

  const remove = (kept: Breakpoint[], index: number) => {
    focusAt.current = index;
    void setBreakpoints(kept);
  };

  return (
    <div className="breakpoints" ref={box}>
      <h3 className="section-title" id="breakpoints-title" tabIndex={-1} ref={heading}>
        Breakpoints
      </h3>
      {breakpoints.length === 0 ? (
        <p className="muted small breakpoints-none">None — set one on an agent, step or tool in the Agent tree, Capabilities or the Trace.</p>
      ) : (
        <ul className="breakpoint-list" aria-labelledby="breakpoints-title">
          {breakpoints.map((breakpoint, index) => {
            const label = breakpointLabel(breakpoint);
            return (
              <li key={label} className="breakpoint-item">
                <span className="breakpoint-dot is-armed" aria-hidden="true" />
                <span className="chip">{breakpoint.kind}</span>
                <code>{label.slice(breakpoint.kind.length + 1)}</code>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove breakpoint on ${label}`}
                  title={`Remove the breakpoint on ${label}`}
                  onClick={() =>
                    remove(
                      breakpoints.filter((b) => breakpointLabel(b) !== label),
                      index,
                    )
                  }
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {breakpoints.length > 1 && (
        <button type="button" className="link small breakpoints-clear" onClick={() => remove([], 0)}>
          Remove all breakpoints
        </button>
      )}
    </div>
  );
}
