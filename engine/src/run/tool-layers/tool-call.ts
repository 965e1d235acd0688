// One execution of a tool as its layers see it, and how they compose: each layer wraps the next
// one's executor, in the order the composition lists them (the first is the outermost). A call
// reaches the tool in the tick the SDK called it, as the bare tool would, unless a layer has
// something to wait for. Executors are objects whose `execute` is a method, not closures made per
// step or per call: V8 keeps a method's optimized code for the process's life, while a closure's
// dies with the last closure made from it, and a run's closures die with it, so every run paid to
// compile them again (measured: docs/benchmarks.md, "Shapes that outlive a run").
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
export interface ToolExecutor {
  execute(call: ToolCall): unknown;
}

/** A layer: given the executor below it, the executor that wraps it. */
export type ToolLayer = (next: ToolExecutor) => ToolExecutor;

/** The answer of a call nothing recorded: run the tool. */
export const LIVE: ToolAnswer = { kind: "live" };

/**
 * `execute` wrapped in `layers`, the first outermost.
 *
 * @example
 * const run = composeLayers([boundaryLayer(place, stepNodeId), traceLayer(place, stepNodeId, node)], liveExecute(tool, place));
 */
export function composeLayers(layers: readonly ToolLayer[], execute: ToolExecutor): ToolExecutor {
  return layers.reduceRight<ToolExecutor>((next, layer) => layer(next), execute);
}

/** An executor from a function, for a layer off the hot path (a replay's, a block load's). */
export function layer(execute: (call: ToolCall) => unknown): ToolExecutor {
  return { execute };
}

/** A tool call made from the SDK's `execute(input, options)`. */
export function toolCall(toolName: string, input: unknown, options: ToolExecutionOptions<any>): ToolCall {
  return { toolName, toolCallId: options.toolCallId, input, options, answer: LIVE };
}
