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
  let prompt: unknown[] = [];
  for (const sibling of siblings) {
    if (sibling.kind !== "model-call") continue;
    const input = (sibling.input ?? {}) as ModelCallInput;
    const offset = Math.min(input.messageOffset ?? prompt.length, prompt.length);
    prompt = [...prompt.slice(0, offset), ...(input.messages ?? [])];
    if (sibling.id === nodeId) break;
  }
  return prompt;
}
