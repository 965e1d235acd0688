// The top bar's count of the open project's errors and warnings: a button that brings the
// Problems panel into view and focus. "No problems" when there are none.
import { useMemo } from "react";
import { useStudio } from "../store/index.ts";
import { countProblems, countsText, plural } from "./problem-counts.ts";
import { revealProblems } from "./reveal-problems.ts";
import "./problems.css";

/** `beforeReveal` makes the column Problems is in visible (the workbench's, which problems/ doesn't know). */
export function ProblemCount({ beforeReveal }: { beforeReveal?: () => void }) {
  const problems = useStudio((s) => s.project?.problems);
  const counts = useMemo(() => (problems ? countProblems(problems) : undefined), [problems]);
  if (!counts) return null;
  const none = counts.errors + counts.warnings === 0;
  const tone = counts.errors > 0 ? "has-errors" : counts.warnings > 0 ? "has-warnings" : "none";
  return (
    <button
      type="button"
      className={`topbar-problems topbar-problems-${tone}`}
      // The name holds the visible text ("No problems", "2 errors · 1 warning"), as WCAG 2.5.3 asks.
      aria-label={none ? "No problems" : `Problems: ${plural(counts.errors, "error")}, ${plural(counts.warnings, "warning")}`}
      title="Show Problems"
      onClick={() => {
        beforeReveal?.();
        revealProblems();
      }}
    >
      <span className="topbar-problems-mark" aria-hidden="true">
        {counts.errors > 0 ? "✕" : counts.warnings > 0 ? "!" : "✓"}
      </span>
      {none ? "No problems" : countsText(counts)}
    </button>
  );
}
