// One execution of a tool as its layers see it, and how they compose: each layer is a function
// that wraps the next one's execute, in the order the composition lists them (the first is the
// outermost). A layer answers synchronously unless it has something to wait for, so a call with
// nothing to wait for reaches the tool in the tick the SDK called it, as the bare tool would.
import type { ToolExecutionOptions } from "ai";
import type { ToolAnswer } from "../../replay/index.ts";

export interface ToolCall {
  /** The tool's name in the step's tool set. */
  readonly toolName: string;
  readonly toolCallId: string;
  readonly input: unknown;
  readonly options: ToolExecutionOptions<any>;
  /** Where the answer comes from: the replay layer sets the record's (default: live). */
  answer: ToolAnswer;
  /** The call's node, once the trace layer has started it. */
  nodeId?: string;
}

/** Runs a call: its output, or a promise of it; a failure throws (or rejects). */
export type Execute = (call: ToolCall) => unknown;

/** A layer: given the execute below it, the execute that wraps it. */
export type ToolLayer = (next: Execute) => Execute;

/** The answer of a call nothing recorded: run the tool. */
export const LIVE: ToolAnswer = { kind: "live" };

/**
 * `execute` wrapped in `layers`, the first outermost.
 *
 * @example
 * const run = composeLayers([boundaryLayer(place, stepNodeId), traceLayer(place, stepNodeId, node)], liveExecute(tool, place));
 */
export function composeLayers(layers: readonly ToolLayer[], execute: Execute): Execute {
  return layers.reduceRight<Execute>((next, layer) => layer(next), execute);
}

/** A tool call made from the SDK's `execute(input, options)`. */
export function toolCall(toolName: string, input: unknown, options: ToolExecutionOptions<any>): ToolCall {
  return { toolName, toolCallId: options.toolCallId, input, options, answer: LIVE };
}
