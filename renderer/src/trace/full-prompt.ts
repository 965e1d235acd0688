// A model call's whole prompt. The trace stores each call's messages new since the step's previous
// call (input.messages, from input.messageOffset); the whole prompt is the earlier calls' messages
// of the same step, in order, then its own — each call's offset says where its messages start.
import type { TraceNode } from "../contract/index.ts";

interface ModelCallInput {
  messageOffset?: number;
  messages?: unknown[];
}

/**
 * The prompt the model call `nodeId` was sent, rebuilt from it and its earlier siblings.
 *
 * @example
 * fullPrompt(run.trace.nodes, "n12"); // [user message, assistant tool call, tool result]
 */
export function fullPrompt(nodes: ReadonlyMap<string, TraceNode>, nodeId: string): unknown[] {
  const call = nodes.get(nodeId);
  if (!call || call.kind !== "model-call") return [];
  const parent = call.parentId === null ? undefined : nodes.get(call.parentId);
  const siblings = parent ? parent.children : [call];
  const upTo = siblings.indexOf(call);
  return siblings.slice(0, upTo + 1).reduce(extend, [] as unknown[]);
}

/**
 * The prompt of the model call a run is stopped before (no node yet): the step's model calls so
 * far, then the stop's own messages from its offset.
 *
 * @example
 * promptAtStop(run.trace.nodes, stop.stepNodeId, stop.request); // the whole prompt about to be sent
 */
export function promptAtStop(nodes: ReadonlyMap<string, TraceNode>, stepNodeId: string, request: ModelCallInput): unknown[] {
  const step = nodes.get(stepNodeId);
  const earlier = step ? step.children.reduce(extend, [] as unknown[]) : [];
  return apply(earlier, request);
}

function extend(prompt: unknown[], node: TraceNode): unknown[] {
  return node.kind === "model-call" ? apply(prompt, (node.input ?? {}) as ModelCallInput) : prompt;
}

function apply(prompt: unknown[], input: ModelCallInput): unknown[] {
  const offset = Math.min(input.messageOffset ?? prompt.length, prompt.length);
  return [...prompt.slice(0, offset), ...(input.messages ?? [])];
}
