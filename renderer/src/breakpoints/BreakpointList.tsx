// The studio's breakpoints (they apply to every run, live and new), each with Remove.
import { breakpointLabel } from "../debug/index.ts";
import { useStudio } from "../store/index.ts";

export function BreakpointList() {
  const breakpoints = useStudio((s) => s.breakpoints);
  const setBreakpoints = useStudio((s) => s.setBreakpoints);
  return (
    <div className="breakpoints">
      <div className="breakpoints-head">
        <h3 className="section-title" id="breakpoints-title">
          Breakpoints
        </h3>
        {breakpoints.length > 1 && (
          <button type="button" className="link small" onClick={() => void setBreakpoints([])}>
            Remove all breakpoints
          </button>
        )}
      </div>
      {breakpoints.length === 0 ? (
        <p className="muted small">None. Set one on an agent, step or tool in the Agent tree, Capabilities or the Trace.</p>
      ) : (
        <ul className="breakpoint-list" aria-labelledby="breakpoints-title">
          {breakpoints.map((breakpoint) => {
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
                  onClick={() => void setBreakpoints(breakpoints.filter((b) => breakpointLabel(b) !== label))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
