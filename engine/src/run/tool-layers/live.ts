// The bottom of a tool's layers: its own execute, run live, with the call handed off to a
// composite runner should the tool be one.
import type { Tool } from "ai";
import type { Place } from "../run-context.ts";
import { settleOrAbort } from "./abort.ts";
import { enter, tookCall } from "./composite.ts";
import type { ToolCall, ToolExecutor } from "./tool-call.ts";
import { SHAPE_ONLY, keepShape } from "../../shapes/index.ts";

/**
 * Runs `tool` for a call whose node the trace layer started.
 *
 * @example
 * composeLayers([traceLayer(place, stepNodeId, { kind: "tool-call", name })], liveExecute(tool, place));
 */
export function liveExecute(tool: Tool, place: Place): ToolExecutor {
  return new LiveTool(tool, place);
}

class LiveTool implements ToolExecutor {
  readonly #tool: Tool;
  readonly #place: Place;

  constructor(tool: Tool, place: Place) {
    this.#tool = tool;
    this.#place = place;
  }

  execute(call: ToolCall): unknown {
    const place = this.#place;
    const value = enter({ nodeId: call.nodeId!, place }, this.#tool.execute!, this.#tool, call.input as never, call.options);
    // A tool that ignores the abort signal must not keep its node (or the run) open. A
    // composite's workflow gives way to the abort by itself, and its nodes must end before
    // its call does: racing it would let the run end with them still running.
    return tookCall() ? value : settleOrAbort(value, place.signal);
  }
}
keepShape(new LiveTool(SHAPE_ONLY, SHAPE_ONLY));
