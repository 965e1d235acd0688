// Public surface of compare/: the "Compare runs" button and region, and the pure alignment of
// two runs' traces it shows.
export { CompareRunsButton, CompareRuns, COMPARE_TITLE } from "./CompareRuns.tsx";
export { compareRuns, alignSteps, stepKey, DIFF_TEXT } from "./align.ts";
export type { AlignedStep, DiffStatus, FieldDiff, RunComparison, RunSide, SectionDiff } from "./align.ts";
