// "Problems": every load and resolution error of the project before any run, errors first, one
// compact row each (where, code, first sentence; the whole message on demand) in a list that
// scrolls on its own, so a folder with many problems doesn't push the panels below away.
import { useEffect, useMemo } from "react";
import type { Problem } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { useSlotFold } from "../ui/slot-fold.ts";
import { countProblems, countsText } from "./problem-counts.ts";
import { ProblemRow } from "./ProblemRow.tsx";
import { onRevealProblems } from "./reveal-problems.ts";
import "./problems.css";

export function ProblemsPanel() {
  const project = useStudio((s) => s.project);
  const problems = useMemo(() => sortProblems(project?.problems ?? []), [project]);
  const counts = useMemo(() => countProblems(problems), [problems]);
  const names = useMemo(() => new Map(project?.entries.map((e) => [e.id, e.name])), [project]);
  // Revealed (the top bar's count), a folded Problems slot opens.
  const fold = useSlotFold("Problems");
  useEffect(
    () =>
      onRevealProblems(() => {
        if (fold?.collapsed) fold.toggle();
      }),
    [fold],
  );

  return (
    <Panel
      title="Problems"
      meta={project ? <span className={counts.errors > 0 ? "text-error" : undefined}>{countsText(counts)}</span> : undefined}
      className="problems-panel"
    >
      {!project ? (
        <EmptyState title="No folder open" />
      ) : problems.length === 0 ? (
        <EmptyState title="No problems">
          <p className="muted">Every workflow and agent loaded and resolved.</p>
        </EmptyState>
      ) : (
        <div className="problem-scroll">
          <ul className="problem-list" aria-label="Problems of this folder">
            {problems.map((problem, index) => (
              <ProblemRow key={`${index}:${problem.code}:${problem.file}:${problem.line}`} problem={problem} entryName={problem.entryId === undefined ? undefined : names.get(problem.entryId)} />
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}

/** Errors before warnings, then by file and line. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  const rank = (p: Problem) => (p.severity === "error" ? 0 : 1);
  return [...problems].sort((a, b) => rank(a) - rank(b) || (a.file ?? "").localeCompare(b.file ?? "", "en") || (a.line ?? 0) - (b.line ?? 0));
}
