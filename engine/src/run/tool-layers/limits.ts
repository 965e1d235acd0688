// The bounds on a tool's result (run/value-limits.ts): a result past them is the tool's failure,
// which the model hears the reason for; nothing records the result itself. A recorded answer is
// what the run got then, and is not measured again (this layer sits below the replay's answer).
import type { RunContext } from "../run-context.ts";
import { measureValue, valueLimitError } from "../value-limits.ts";
import { traceableOutput } from "./composite.ts";
import { HookLayer, type ToolCall, type ToolHooks, type ToolLayer } from "./tool-call.ts";
import { SHAPE_ONLY, keepShape } from "../../shapes/index.ts";

/**
 * Holds each result of the tool `toolName` to `ctx.limits` (a composite's as its node keeps it).
 *
 * @example
 * composeLayers([traceLayer(place, stepNodeId, node), limitsLayer(ctx, "search")], liveExecute(tool, place));
 */
export function limitsLayer(ctx: RunContext, toolName: string): ToolLayer {
  return new BoundedTool(ctx, toolName);
}

class BoundedTool extends HookLayer implements ToolHooks {
  readonly #ctx: RunContext;
  readonly #toolName: string;

  constructor(ctx: RunContext, toolName: string) {
    super();
    this.#ctx = ctx;
    this.#toolName = toolName;
  }

  succeeded(_call: ToolCall, output: unknown): unknown {
    const problem = measureValue(traceableOutput(output), this.#ctx.limits);
    if (problem) throw valueLimitError(problem, `the result of the tool "${this.#toolName}"`);
    return output;
  }
}
keepShape(new BoundedTool(SHAPE_ONLY, ""));
