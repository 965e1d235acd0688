// One problem, compact: its severity, where (a link that opens the editor), its code and the
// first sentence of its message; a disclosure shows the whole message.
import { memo, useId, useState } from "react";
import type { Problem } from "../contract/index.ts";
import { SourceLink } from "../ui/SourceLink.tsx";
import { messageSummary } from "./message-summary.ts";

export interface ProblemRowProps {
  problem: Problem;
  /** The name of the agent it belongs to, when it belongs to one. */
  entryName: string | undefined;
}

export const ProblemRow = memo(function ProblemRow({ problem, entryName }: ProblemRowProps) {
  const [open, setOpen] = useState(false);
  const wholeId = useId();
  const { summary, more } = messageSummary(problem.message);
  return (
    <li className={`problem problem-compact problem-${problem.severity}`}>
      <div className="problem-line">
        <span className={`severity severity-${problem.severity}`}>{problem.severity}</span>
        <span className="problem-where">
          {problem.file ? (
            <SourceLink source={{ file: problem.file, ...(problem.line ? { line: problem.line } : {}), ...(problem.column ? { column: problem.column } : {}) }} />
          ) : (
            <span className="muted">project</span>
          )}
        </span>
        <code className="code problem-code">{problem.code}</code>
      </div>
      <div className="problem-summary-line">
        {more && (
          <button
            type="button"
            className="problem-disclosure"
            aria-expanded={open}
            aria-controls={wholeId}
            aria-label="Full message"
            title={open ? "Hide the full message" : "Show the full message"}
            onClick={() => setOpen(!open)}
          >
            <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          </button>
        )}
        <span className="problem-summary" title={more && !open ? problem.message : undefined}>
          {summary}
          {entryName !== undefined && <span className="muted problem-entry"> · {entryName}</span>}
        </span>
      </div>
      {more && (
        <div id={wholeId} className="problem-whole" hidden={!open}>
          {problem.message}
        </div>
      )}
    </li>
  );
});
