// A model call's prompt, delta-encoded. Each model-call node records only the messages new since
// the step's previous call (`messages`, from `messageOffset`), so a long loop's trace grows with
// its length, not with its square; a stop before a call shows its request the same way. The whole
// prompt of a call is the step's earlier calls' prompt, cut at the call's offset, then its own
// messages. This is the one module that writes the encoding and the one that reads it back.
// Browser-safe (reached through browser.ts).
import type { PromptMessage } from "./payloads.ts";
import type { TraceNode } from "./types.ts";

/** The part of a prompt a call records: where its new messages begin, and them. */
export interface PromptDelta<M = PromptMessage> {
  messageOffset: number;
  messages: M[];
}

/**
 * What a call records of `prompt` when the trace already holds its first `offset` messages (0 for
 * a step's first call, or a prompt that is not the previous one grown: then it is recorded whole).
 *
 * @example
 * encodePrompt([system, user, assistant, tool], 2); // { messageOffset: 2, messages: [assistant, tool] }
 */
export function encodePrompt<M>(prompt: readonly M[], offset: number): PromptDelta<M> {
  return { messageOffset: offset, messages: prompt.slice(offset) };
}

/**
 * The prompt `delta` was taken from, given the prompt the step's earlier calls add up to. A
 * record without an offset goes on from all of `before`; one without messages adds none.
 *
 * @example
 * decodePrompt([user], { messageOffset: 1, messages: [assistant, tool] }); // [user, assistant, tool]
 */
export function decodePrompt(before: readonly PromptMessage[], delta: Partial<PromptDelta> | undefined): PromptMessage[] {
  const offset = Math.min(delta?.messageOffset ?? before.length, before.length);
  return [...before.slice(0, offset), ...(delta?.messages ?? [])];
}

/**
 * The prompt the model call `nodeId` was sent, rebuilt from it and its earlier siblings; empty for
 * anything but a model call.
 *
 * @example
 * fullPrompt(trace.nodes, "n12"); // [user message, assistant tool call, tool result]
 */
export function fullPrompt(nodes: ReadonlyMap<string, TraceNode>, nodeId: string): PromptMessage[] {
  const call = nodes.get(nodeId);
  if (!call || call.kind !== "model-call") return [];
  const parent = call.parentId === null ? undefined : nodes.get(call.parentId);
  const siblings = parent ? parent.children : [call];
  return promptOfCalls(siblings.slice(0, siblings.indexOf(call) + 1));
}

/**
 * The prompt of the model call a run is stopped before (it has no node yet): the step's model
 * calls so far, then the stop's own messages from its offset.
 *
 * @example
 * promptAtStop(trace.nodes, stop.stepNodeId, stop.request); // the whole prompt about to be sent
 */
export function promptAtStop(nodes: ReadonlyMap<string, TraceNode>, stepNodeId: string, request: Partial<PromptDelta>): PromptMessage[] {
  const step = nodes.get(stepNodeId);
  return decodePrompt(step ? promptOfCalls(step.children) : [], request);
}

// A step's children in order; only its model calls carry prompt.
function promptOfCalls(nodes: readonly TraceNode[]): PromptMessage[] {
  let prompt: PromptMessage[] = [];
  for (const node of nodes) if (node.kind === "model-call") prompt = decodePrompt(prompt, node.input);
  return prompt;
}
