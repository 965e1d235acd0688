// A run's steps in run order, each with what is its own: the model calls, tool calls and
// approvals it made, and its own tokens and cost. A step's trace node rolls up everything under
// it, including the steps of a composite tool it called; here those count for themselves, so the
// figures of all steps add up to the run's and nothing is counted twice.
import type { Cost, TraceNode, TraceNodeOf, Usage } from "../contract/index.ts";
import { subtractCost, subtractUsage } from "./cost.ts";

export interface RunStep {
  node: TraceNodeOf<"step">;
  /** The step id prefixed by the composite tools it runs in: `research:findings`. */
  step: string;
  /** Agent names from the run's root to the step's agent. */
  agentPath: string[];
  /** 1 for the first step with this agent path and id; 2, 3… when a composite runs again. */
  occurrence: number;
  /** Tokens of the step's own model calls. */
  usage: Usage;
  /** Cost of the step's own model calls; undefined when the trace has no cost. */
  cost: Cost | undefined;
  /** The step's own model calls, tool calls and approvals, in run order. */
  modelCalls: TraceNodeOf<"model-call">[];
  toolCalls: TraceNodeOf<"tool-call">[];
  approvals: TraceNodeOf<"approval">[];
}

/**
 * Every step of a run, in the order they started.
 *
 * @example
 * stepsOf(tree.root).map((s) => s.step); // ["report", "research:findings"]
 */
export function stepsOf(root: TraceNode | undefined): RunStep[] {
  const steps: RunStep[] = [];
  const seen = new Map<string, number>();
  // What each step's node rolls up from the steps nested under it, to subtract.
  const nested = new Map<RunStep, TraceNodeOf<"step">[]>();

  const visit = (node: TraceNode, agentPath: string[], prefix: string, current: RunStep | undefined): void => {
    let path = agentPath;
    let inner = prefix;
    let step = current;
    switch (node.kind) {
      case "agent":
        path = [...agentPath, node.name];
        break;
      case "composite":
        inner = `${prefix}${node.name}:`;
        break;
      case "step": {
        const id = `${prefix}${node.name}`;
        const key = `${path.join("\u0000")}\u0001${id}`;
        const occurrence = (seen.get(key) ?? 0) + 1;
        seen.set(key, occurrence);
        step = { node, step: id, agentPath: path, occurrence, usage: node.usage, cost: node.cost, modelCalls: [], toolCalls: [], approvals: [] };
        steps.push(step);
        if (current) nested.set(current, [...(nested.get(current) ?? []), node]);
        break;
      }
      case "model-call":
        current?.modelCalls.push(node);
        break;
      case "tool-call":
        current?.toolCalls.push(node);
        break;
      case "approval":
        current?.approvals.push(node);
        break;
    }
    for (const child of node.children) visit(child, path, inner, step);
  };
  if (root) visit(root, [], "", undefined);

  for (const [step, inner] of nested) {
    for (const node of inner) {
      step.usage = subtractUsage(step.usage, node.usage);
      step.cost = subtractCost(step.cost, node.cost);
    }
  }
  return steps;
}

/** The step's name as a person reads it: `research:findings`, `research:findings (2)` the second time. */
export function stepLabel(step: Pick<RunStep, "step" | "occurrence">): string {
  return step.occurrence > 1 ? `${step.step} (${step.occurrence})` : step.step;
}
