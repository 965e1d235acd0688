// "Problems": every load and resolution error of the project before any run, errors first, each
// linking to its file and line in the user's editor.
import { useMemo } from "react";
import type { Problem } from "../contract/index.ts";
import { useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { SourceLink } from "../ui/SourceLink.tsx";

export function ProblemsPanel() {
  const project = useStudio((s) => s.project);
  const problems = useMemo(() => sortProblems(project?.problems ?? []), [project]);
  const errors = problems.filter((p) => p.severity === "error").length;
  const entryName = (id: string | undefined) => project?.entries.find((e) => e.id === id)?.name;

  return (
    <Panel
      title="Problems"
      meta={project ? <span className={errors > 0 ? "text-error" : undefined}>{plural(errors, "error")} · {plural(problems.length - errors, "warning")}</span> : undefined}
      className="problems-panel"
    >
      {!project ? (
        <EmptyState title="No folder open" />
      ) : problems.length === 0 ? (
        <EmptyState title="No problems">
          <p className="muted">Every workflow and agent loaded and resolved.</p>
        </EmptyState>
      ) : (
        <ul className="problem-list" aria-label="Problems of this folder">
          {problems.map((problem, index) => (
            <li key={`${index}:${problem.code}:${problem.file}:${problem.line}`} className={`problem problem-${problem.severity}`}>
              <span className={`severity severity-${problem.severity}`}>{problem.severity}</span>
              <div className="problem-text">
                <div className="problem-message">
                  <code className="code">{problem.code}</code> {problem.message}
                </div>
                <div className="problem-where">
                  {problem.file ? (
                    <SourceLink source={{ file: problem.file, ...(problem.line ? { line: problem.line } : {}), ...(problem.column ? { column: problem.column } : {}) }} />
                  ) : (
                    <span className="muted">project</span>
                  )}
                  {entryName(problem.entryId) && <span className="muted"> · {entryName(problem.entryId)}</span>}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Errors before warnings, then by file and line. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  const rank = (p: Problem) => (p.severity === "error" ? 0 : 1);
  return [...problems].sort((a, b) => rank(a) - rank(b) || (a.file ?? "").localeCompare(b.file ?? "", "en") || (a.line ?? 0) - (b.line ?? 0));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
