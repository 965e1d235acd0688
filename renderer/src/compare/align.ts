// Two runs side by side: their steps aligned on agent path + step id (+ occurrence, for a step a
// composite ran again), and within an aligned pair the model calls, tool calls and approvals
// aligned by their index in the step. Each pair becomes sections of fields (the prompt, the
// messages sent, the tools offered, the tool calls, outputs, decisions, tokens, cost), each field
// marked same / changed / only in left / only in right. Pure: trees in, plain data out.
import type { Cost, ModelCallInput, TraceNode, TraceNodeOf, Usage } from "../contract/index.ts";
import { STATUS_LABEL, formatCost, formatTokens, formatUsd } from "../ui/format.ts";
import { stepLabel, stepsOf, type RunStep } from "../run-figures/index.ts";
import { canonical, messagesText, valueText, withoutIds } from "./values.ts";

export type DiffStatus = "same" | "changed" | "only-left" | "only-right";

/** How a status reads, beside its colour. */
export const DIFF_TEXT: Record<DiffStatus, string> = { same: "same", changed: "changed", "only-left": "only in left", "only-right": "only in right" };

export interface FieldDiff {
  name: string;
  status: DiffStatus;
  /** What the side shows; undefined when the side has no such field. */
  left?: string;
  right?: string;
}

export interface SectionDiff {
  /** "Run", "Step", "Model call 2", "Tool call 1", "Approval 1". */
  title: string;
  status: DiffStatus;
  fields: FieldDiff[];
}

export interface AlignedStep {
  key: string;
  agentPath: string[];
  /** `research:findings`, with `(2)` when a composite ran it again. */
  label: string;
  status: DiffStatus;
  leftNodeId?: string;
  rightNodeId?: string;
  sections: SectionDiff[];
}

export interface RunComparison {
  run: SectionDiff;
  steps: AlignedStep[];
  /** How many aligned steps have each status. */
  counts: Record<DiffStatus, number>;
}

/** One run as compared: its trace's root, and its totals when they are known better elsewhere (a finished run's summary). */
export interface RunSide {
  root: TraceNode | undefined;
  usage?: Usage;
  cost?: Cost | undefined;
}

/**
 * @example
 * const result = compareRuns({ root: buildRunTrace(a).root }, { root: buildRunTrace(b).root });
 * result.steps.filter((s) => s.status !== "same").map((s) => s.label); // ["research:findings"]
 */
export function compareRuns(left: RunSide, right: RunSide): RunComparison {
  const run = diffSection("Run", runFacts(left), runFacts(right));
  const steps = alignSteps(stepsOf(left.root), stepsOf(right.root)).map(({ key, left: l, right: r }) => diffStep(key, l, r));
  const counts: Record<DiffStatus, number> = { same: 0, changed: 0, "only-left": 0, "only-right": 0 };
  for (const step of steps) counts[step.status] += 1;
  return { run, steps, counts };
}

/** The step's alignment key: agent path, prefixed step id, occurrence. */
export function stepKey(step: Pick<RunStep, "agentPath" | "step" | "occurrence">): string {
  return `${step.agentPath.join("\u0000")}\u0001${step.step}\u0001${step.occurrence}`;
}

/**
 * Pairs steps by key, in the left run's order, a step only the right run has placed after the
 * step that comes before it in the right run.
 */
export function alignSteps(left: readonly RunStep[], right: readonly RunStep[]): Array<{ key: string; left?: RunStep; right?: RunStep }> {
  const rows: Array<{ key: string; left?: RunStep; right?: RunStep }> = left.map((step) => ({ key: stepKey(step), left: step }));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  let anchor = -1;
  for (const step of right) {
    const key = stepKey(step);
    const row = byKey.get(key);
    if (row) {
      row.right = step;
      anchor = rows.indexOf(row);
    } else {
      rows.splice(++anchor, 0, { key, right: step });
    }
  }
  return rows;
}

function diffStep(key: string, left: RunStep | undefined, right: RunStep | undefined): AlignedStep {
  const any = (left ?? right)!;
  const sections = [diffSection("Step", left && stepFacts(left), right && stepFacts(right))];
  const pairs = <N extends TraceNode>(title: string, of: (s: RunStep) => N[], facts: (n: N) => Fact[]): void => {
    const l = left ? of(left) : [];
    const r = right ? of(right) : [];
    for (let i = 0; i < Math.max(l.length, r.length); i++) {
      sections.push(diffSection(`${title} ${i + 1}`, l[i] && facts(l[i]!), r[i] && facts(r[i]!)));
    }
  };
  pairs("Model call", (s) => s.modelCalls, modelCallFacts);
  pairs("Tool call", (s) => s.toolCalls, toolCallFacts);
  pairs("Approval", (s) => s.approvals, approvalFacts);
  const status: DiffStatus = !left ? "only-right" : !right ? "only-left" : sections.some((s) => s.status !== "same") ? "changed" : "same";
  return {
    key,
    agentPath: any.agentPath,
    label: stepLabel(any),
    status,
    ...(left ? { leftNodeId: left.node.id } : {}),
    ...(right ? { rightNodeId: right.node.id } : {}),
    sections,
  };
}

// ── Fields ───────────────────────────────────────────────────────────────────────────────────

/** A field of one side: what is compared (`key`, canonical) and what is shown (`text`). */
interface Fact {
  name: string;
  key: string;
  text: string;
}

function fact(name: string, value: unknown, text: string = valueText(value)): Fact[] {
  return value === undefined ? [] : [{ name, key: canonical(value), text }];
}

/**
 * Fields present on both sides are compared; a field one side lacks (an error, a reasoning text)
 * is a change. A section one side lacks is "only in" the other, and so is each of its fields.
 */
function diffSection(title: string, left: Fact[] | undefined, right: Fact[] | undefined): SectionDiff {
  if (!left || !right) {
    const side = left ? "only-left" : "only-right";
    const facts = left ?? right ?? [];
    return { title, status: side, fields: facts.map((f) => ({ name: f.name, status: side, ...(left ? { left: f.text } : { right: f.text }) })) };
  }
  const names = [...left.map((f) => f.name), ...right.map((f) => f.name).filter((n) => !left.some((f) => f.name === n))];
  const fields = names.map((name): FieldDiff => {
    const l = left.find((f) => f.name === name);
    const r = right.find((f) => f.name === name);
    return { name, status: l?.key === r?.key ? "same" : "changed", ...(l ? { left: l.text } : {}), ...(r ? { right: r.text } : {}) };
  });
  return { title, status: fields.some((f) => f.status !== "same") ? "changed" : "same", fields };
}

function runFacts(side: RunSide): Fact[] | undefined {
  const root = side.root;
  if (!root) return undefined;
  return [
    ...fact("status", root.status, STATUS_LABEL[root.status] ?? root.status),
    ...fact("output", root.output),
    ...errorFact(root),
    ...usageFact(side.usage ?? root.usage),
    ...costFact(side.cost ?? root.cost),
  ];
}

function stepFacts(step: RunStep): Fact[] {
  const node = step.node;
  return [
    ...fact("prompt", node.input?.prompt),
    ...fact("status", node.status, STATUS_LABEL[node.status] ?? node.status),
    ...fact("output", node.output),
    ...errorFact(node),
    ...usageFact(step.usage),
    ...costFact(step.cost),
  ];
}

function modelCallFacts(node: TraceNodeOf<"model-call">): Fact[] {
  const input: Partial<ModelCallInput> = node.input ?? {};
  const output = node.output ?? {};
  // A record is JSON as written: the checks below keep a record of another shape readable.
  const model = typeof input.modelId === "string" ? `${typeof input.provider === "string" ? `${input.provider}:` : ""}${input.modelId}` : node.name;
  const tools = Array.isArray(input.tools) ? input.tools.map(toolName).sort() : undefined;
  const settings = input.settings && typeof input.settings === "object" && Object.keys(input.settings).length > 0 ? input.settings : undefined;
  const calls = Array.isArray(output.toolCalls) ? output.toolCalls : undefined;
  return [
    ...fact("model", model),
    ...(input.messages === undefined ? [] : [{ name: "messages", key: canonical(withoutIds(input.messages)), text: messagesText(input.messages) }]),
    ...fact("tools offered", tools, tools?.join(", ") || "(none)"),
    ...fact("settings", settings),
    ...fact("text", typeof output.text === "string" && output.text !== "" ? output.text : undefined),
    ...fact("reasoning", typeof output.reasoning === "string" && output.reasoning !== "" ? output.reasoning : undefined),
    ...(calls && calls.length > 0
      ? [{ name: "tool calls", key: canonical(withoutIds(calls.map((c) => ({ toolName: c.toolName, input: c.input })))), text: calls.map((c) => `${String(c.toolName)}(${JSON.stringify(c.input)})`).join("\n") }]
      : []),
    ...fact("finish reason", output.finishReason),
    ...fact("status", node.status, STATUS_LABEL[node.status] ?? node.status),
    ...errorFact(node),
    ...usageFact(node.usage),
    ...costFact(node.cost),
  ];
}

function toolCallFacts(node: TraceNodeOf<"tool-call">): Fact[] {
  return [
    ...fact("tool", node.name),
    ...fact("input", withoutIds(node.input)),
    ...fact("result", node.output === undefined ? undefined : withoutIds(node.output)),
    ...fact("status", node.status, STATUS_LABEL[node.status] ?? node.status),
    ...errorFact(node),
  ];
}

function approvalFacts(node: TraceNodeOf<"approval">): Fact[] {
  return [...fact("tool", node.name), ...fact("input", withoutIds(node.input)), ...fact("decision", decision(node))];
}

/** What was decided: "approved", "denied: not on a Friday", or where the approval stands. */
export function decision(node: TraceNodeOf<"approval">): string {
  const output = node.output;
  if (output && typeof output.approved === "boolean") {
    const reason = typeof output.reason === "string" && output.reason ? `: ${output.reason}` : "";
    return `${output.approved ? "approved" : "denied"}${reason}`;
  }
  if (node.status === "waiting" || node.status === "running") return "waiting for a decision";
  return `not decided (${STATUS_LABEL[node.status] ?? node.status})`;
}

function errorFact(node: TraceNode): Fact[] {
  return node.error ? fact("error", `${node.error.code}: ${node.error.message}`) : [];
}

function usageFact(usage: Usage): Fact[] {
  const t = formatTokens;
  const text = `${t(usage.totalTokens)} tokens — ${t(usage.inputTokens)} input (${t(usage.cachedInputTokens)} cached), ${t(usage.outputTokens)} output (${t(usage.reasoningTokens)} reasoning)`;
  return fact("tokens", usage, text);
}

function costFact(cost: Cost | undefined): Fact[] {
  // Sums of floats differ in the last digits; a tenth of a micro-dollar is the same cost. Shown
  // to three significant digits below a cent, so two costs marked "changed" never read the same.
  const usd = Number(cost?.usd.toFixed(7));
  const precise = usd > 0 && usd < 0.01 ? `$${usd.toFixed(Math.min(12, 2 - Math.floor(Math.log10(usd))))}` : undefined;
  const text = cost && precise ? formatCost(cost).replace(formatUsd(cost.usd), precise) : formatCost(cost);
  return cost ? fact("cost", { usd, unpricedCalls: cost.unpricedCalls }, text) : [];
}

function toolName(tool: unknown): string {
  if (typeof tool === "string") return tool;
  if (tool && typeof tool === "object" && typeof (tool as { name?: unknown }).name === "string") return (tool as { name: string }).name;
  return JSON.stringify(tool);
}
