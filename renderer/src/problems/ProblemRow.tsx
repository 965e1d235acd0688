// One problem, compact: its severity mark and where it is (a link to the file and line, whole,
// wrapping rather than cut), the first sentence of its message, its code and agent; a disclosure
// in the gutter shows the whole message.
import { memo, useEffect, useId, useRef, useState } from "react";
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
  const row = useRef<HTMLLIElement>(null);
  // The Problems slot may be a few rows high: an opened problem scrolls into view, its head first.
  useEffect(() => {
    if (open) row.current?.scrollIntoView?.({ block: "nearest" });
  }, [open]);
  return (
    <li ref={row} className={`problem problem-compact problem-${problem.severity}`}>
      <span className="problem-gutter">
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
      </span>
      <div className="problem-head">
        <span className={`problem-mark problem-mark-${problem.severity}`} title={problem.severity}>
          <span aria-hidden="true">{problem.severity === "error" ? "✕" : "!"}</span>
          <span className="sr-only">{problem.severity}</span>
        </span>
        <span className="problem-where">
          {problem.file ? (
            <SourceLink source={{ file: problem.file, ...(problem.line ? { line: problem.line } : {}), ...(problem.column ? { column: problem.column } : {}) }} />
          ) : (
            <span className="muted">project</span>
          )}
        </span>
      </div>
      <p className="problem-summary" title={more && !open ? problem.message : undefined}>
        {summary}
      </p>
      <p className="problem-meta">
        <code className="problem-code">{problem.code}</code>
        {entryName !== undefined && <span className="problem-entry"> · {entryName}</span>}
      </p>
      {more && (
        <div id={wholeId} className="problem-whole" hidden={!open}>
          {problem.message}
        </div>
      )}
    </li>
  );
});
