// The debugger's boundary before a tool executes: where a stepping run (or a breakpoint, or a
// pause) stops, showing the call. Running on costs one check and no promise: while nothing can
// stop a tool call (not stepping, no tool breakpoint, no stop) the boundary isn't even built.
import type { Place } from "../run-context.ts";
import { HookLayer, type ToolCall, type ToolHooks, type ToolLayer } from "./tool-call.ts";
import { SHAPE_ONLY, keepShape } from "../../shapes/index.ts";

/**
 * Waits before each call where the run stops.
 *
 * @example
 * composeLayers([boundaryLayer(place, stepNodeId), traceLayer(place, stepNodeId, node)], liveExecute(tool, place));
 */
export function boundaryLayer(place: Place, stepNodeId: string): ToolLayer {
  return new BoundaryTool(place, stepNodeId);
}

class BoundaryTool extends HookLayer implements ToolHooks {
  readonly #place: Place;
  readonly #stepNodeId: string;

  constructor(place: Place, stepNodeId: string) {
    super();
    this.#place = place;
    this.#stepNodeId = stepNodeId;
  }

  before(call: ToolCall): Promise<void> | undefined {
    const place = this.#place;
    const debug = place.ctx.debug;
    if (debug.passesToolCall()) return undefined;
    return debug.boundary({
      kind: "tool-call",
      agentPath: place.agentPath,
      step: place.stepId ?? "",
      stepNodeId: this.#stepNodeId,
      agentNodeId: place.agent?.nodeId,
      toolName: call.toolName,
      replayed: call.answer.kind === "recorded",
      details: () => ({ tool: { toolName: call.toolName, toolCallId: call.toolCallId, input: call.input } }),
    });
  }
}
keepShape(new BoundaryTool(SHAPE_ONLY, ""));
