// Where a model call, tool call or approval sits in a run, as a key that is the same in the
// recorded run and in its replay: the path of nodes from the run's root, each named by kind and
// name plus its occurrence among like siblings (a retried step is `step:plan#1`), tool calls by
// the model's call id (stable, since replayed model answers carry the recorded ids), and model
// calls by their index within the step (not their model: a fork may change the model).
import type { TraceNode } from "../trace/index.ts";

export type NodeLookup = (id: string) => TraceNode | undefined;

function segment(node: TraceNode, parent: TraceNode | undefined): string {
  if (node.kind === "model-call") return `model-call#${parent ? parent.children.filter((c) => c.kind === "model-call").indexOf(node) : 0}`;
  if (node.callId !== undefined) return `${node.kind}:${node.name}@${node.callId}`;
  const occurrence = parent ? parent.children.filter((c) => c.kind === node.kind && c.name === node.name).indexOf(node) : 0;
  return `${node.kind}:${node.name}#${occurrence}`;
}

/** The key of a node that exists (in a recorded tree or the live one). */
export function nodeKey(node: TraceNode, lookup: NodeLookup): string {
  const segments: string[] = [];
  for (let current: TraceNode | undefined = node; current && current.parentId !== null; ) {
    const parent = lookup(current.parentId);
    segments.push(segment(current, parent));
    current = parent;
  }
  return segments.reverse().join("/");
}

/** The key of the step's model call number `index` (0-based), before its node exists. */
export function modelCallKey(stepKey: string, index: number): string {
  return `${stepKey}/model-call#${index}`;
}

/** The key a tool call (or its approval, or a block load) under `step` will have. */
export function callKey(step: TraceNode, lookup: NodeLookup, kind: "tool-call" | "approval" | "block-load", name: string, callId: string): string {
  return `${nodeKey(step, lookup)}/${kind}:${name}@${callId}`;
}
