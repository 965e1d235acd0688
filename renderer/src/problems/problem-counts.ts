// How many errors and warnings a project has, and how the studio says it ("2 errors · 1 warning").
import type { Problem } from "../contract/index.ts";

export interface ProblemCounts {
  errors: number;
  warnings: number;
}

export function countProblems(problems: readonly Problem[]): ProblemCounts {
  let errors = 0;
  for (const problem of problems) if (problem.severity === "error") errors++;
  return { errors, warnings: problems.length - errors };
}

/**
 * The counts as the Problems panel and the top bar show them.
 *
 * @example
 * countsText({ errors: 2, warnings: 1 }); // "2 errors · 1 warning"
 */
export function countsText({ errors, warnings }: ProblemCounts): string {
  return `${plural(errors, "error")} · ${plural(warnings, "warning")}`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
