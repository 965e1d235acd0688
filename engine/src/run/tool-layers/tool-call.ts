// One execution of a tool as its layers see it, and how they compose: each layer wraps the next
// one's executor, in the order the composition lists them (the first is the outermost). A call
// reaches the tool in the tick the SDK called it, as the bare tool would, unless a layer has
// something to wait for. The layers on every call's path (boundary, trace, limits) are hooks run
// side by side in one frame; the rest wrap the executor below them. Executors are objects whose `execute` is a method, not closures made per
// step or per call: V8 keeps a method's optimized code for the process's life, while a closure's
// dies with the last closure made from it, and a run's closures die with it, so every run paid to
// compile them again (measured: docs/benchmarks.md, "Shapes that outlive a run").
import type { ToolExecutionOptions } from "ai";
import type { ToolAnswer } from "../../replay/index.ts";
import { SHAPE_ONLY, keepShape } from "../../shapes/index.ts";

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

/**
 * A layer: given the executor below it, the executor that wraps it; or one of June's hot layers
 * as hooks (a HookLayer), which the composition runs side by side with its neighbours.
 */
export type ToolLayer = ((next: ToolExecutor) => ToolExecutor) | HookLayer;

/**
 * What a layer on every call's path does around the call, as hooks, rather than an executor that
 * calls the one below: consecutive HookLayers run in one async frame per call, not one each (the
 * model layers' CallLayer does the same, model-layers/compose.ts; docs/benchmarks.md, "June's
 * layers in one frame").
 */
export interface ToolHooks {
  /**
   * Before the call goes down, the outermost layer first. A promise holds the call (and the
   * layers below) until it settles; a throw or a rejection fails the call for the layers above.
   */
  before?(call: ToolCall): Promise<unknown> | undefined;
  /** The call's output on its way up, the innermost layer first: it, or a throw that fails the call for the layers above. */
  succeeded?(call: ToolCall, output: unknown): unknown;
  /** The call failed below this layer (or was held and never went down), with `error`. */
  failed?(call: ToolCall, error: unknown): void;
}

/** A layer whose behaviour is its ToolHooks (a subclass implements them). */
export abstract class HookLayer {}

type HookedLayer = HookLayer & ToolHooks;

/** The answer of a call nothing recorded: run the tool. */
export const LIVE: ToolAnswer = { kind: "live" };

/**
 * `execute` wrapped in `layers`, the first outermost.
 *
 * @example
 * const run = composeLayers([boundaryLayer(place, stepNodeId), traceLayer(place, stepNodeId, node)], liveExecute(tool, place));
 */
export function composeLayers(layers: readonly ToolLayer[], execute: ToolExecutor): ToolExecutor {
  let next = execute;
  for (let i = layers.length - 1; i >= 0; ) {
    const layer = layers[i]!;
    if (!(layer instanceof HookLayer)) {
      next = layer(next);
      i--;
      continue;
    }
    let first = i;
    while (first > 0 && layers[first - 1] instanceof HookLayer) first--;
    next = new HookedTool(layers.slice(first, i + 1) as HookedLayer[], next);
    i = first - 1;
  }
  return next;
}

// Side-by-side HookLayers over the executor below them.
class HookedTool implements ToolExecutor {
  readonly #layers: readonly HookedLayer[];
  readonly #next: ToolExecutor;

  constructor(layers: readonly HookedLayer[], next: ToolExecutor) {
    this.#layers = layers;
    this.#next = next;
  }

  execute(call: ToolCall): Promise<unknown> {
    return through(this.#layers, this.#next, call);
  }
}
keepShape(new HookedTool([], SHAPE_ONLY));

// One call through side-by-side layers: their befores, the executor below, then the output back
// up through them, the innermost first. Whatever fails (a before, the executor, a succeeded)
// fails the call for the layers above it, nearest first. The executor below is reached in the
// tick the call came in unless a before holds it.
async function through(layers: readonly HookedLayer[], next: ToolExecutor, call: ToolCall): Promise<unknown> {
  let i = 0;
  try {
    for (; i < layers.length; i++) {
      const held = layers[i]!.before?.(call);
      if (held !== undefined) await held;
    }
  } catch (error) {
    failAbove(layers, i, call, error);
    throw error;
  }
  let output: unknown;
  try {
    output = await next.execute(call);
  } catch (error) {
    failAbove(layers, layers.length, call, error);
    throw error;
  }
  for (let j = layers.length - 1; j >= 0; j--) {
    const layer = layers[j]!;
    if (layer.succeeded === undefined) continue;
    try {
      output = layer.succeeded(call, output);
    } catch (error) {
      failAbove(layers, j, call, error);
      throw error;
    }
  }
  return output;
}

function failAbove(layers: readonly HookedLayer[], below: number, call: ToolCall, error: unknown): void {
  for (let k = below - 1; k >= 0; k--) layers[k]!.failed?.(call, error);
}

/** An executor from a function, for a layer off the hot path (a replay's, a block load's). */
export function layer(execute: (call: ToolCall) => unknown): ToolExecutor {
  return { execute };
}

/** A tool call made from the SDK's `execute(input, options)`. */
export function toolCall(toolName: string, input: unknown, options: ToolExecutionOptions<any>): ToolCall {
  return { toolName, toolCallId: options.toolCallId, input, options, answer: LIVE, nodeId: undefined };
}
