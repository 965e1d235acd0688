// Public surface of problems/: the Problems panel, the top bar's count, and how a message is cut short.
export { ProblemsPanel, sortProblems } from "./ProblemsPanel.tsx";
export { ProblemCount } from "./ProblemCount.tsx";
export { messageSummary, type MessageSummary } from "./message-summary.ts";
export { countProblems, countsText, type ProblemCounts } from "./problem-counts.ts";
export { revealProblems } from "./reveal-problems.ts";
