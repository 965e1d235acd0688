// The "Tokens per step" chart's data: one bar per step, its tokens split into four parts that
// add up to input + output. Providers count cached input inside input and reasoning inside
// output, so the parts are input less cached, cached, output less reasoning, reasoning.
import type { Usage } from "../contract/index.ts";
import { formatTokens } from "../ui/format.ts";
import { stepLabel, type RunStep } from "../run-figures/index.ts";

export type SegmentKind = "input" | "cached" | "output" | "reasoning";

export const SEGMENTS: ReadonlyArray<{ kind: SegmentKind; label: string }> = [
  { kind: "input", label: "input" },
  { kind: "cached", label: "cached input" },
  { kind: "output", label: "output" },
  { kind: "reasoning", label: "reasoning" },
];

export interface ChartBar {
  key: string;
  /** `research:findings`; `(2)` added when the step ran again. */
  label: string;
  agentPath: string[];
  total: number;
  segments: Array<{ kind: SegmentKind; tokens: number }>;
  /** Every number in words, for the bar's title: the chart reads without colour. */
  title: string;
}

/**
 * @example
 * chartBars(stepsOf(root))[0]; // { label: "report", total: 58, segments: [{ kind: "input", tokens: 36 }, …], title: "report: 58 tokens — …" }
 */
export function chartBars(steps: readonly RunStep[]): ChartBar[] {
  return steps.map((step) => {
    const label = stepLabel(step);
    const segments = splitUsage(step.usage);
    return { key: step.node.id, label, agentPath: step.agentPath, total: step.usage.totalTokens, segments, title: barTitle(label, step.usage) };
  });
}

export function splitUsage(usage: Usage): ChartBar["segments"] {
  const cached = clamp(usage.cachedInputTokens, usage.inputTokens);
  const reasoning = clamp(usage.reasoningTokens, usage.outputTokens);
  return [
    { kind: "input", tokens: Math.max(0, usage.inputTokens - cached) },
    { kind: "cached", tokens: cached },
    { kind: "output", tokens: Math.max(0, usage.outputTokens - reasoning) },
    { kind: "reasoning", tokens: reasoning },
  ];
}

export function barTitle(label: string, usage: Usage): string {
  const t = formatTokens;
  return `${label}: ${t(usage.totalTokens)} tokens — ${t(usage.inputTokens)} input (${t(usage.cachedInputTokens)} cached), ${t(usage.outputTokens)} output (${t(usage.reasoningTokens)} reasoning)`;
}

function clamp(part: number, whole: number): number {
  return Math.max(0, Math.min(part, whole));
}
