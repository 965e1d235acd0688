// The debugger's boundary before a tool executes: where a stepping run (or a breakpoint, or a
// pause) stops, showing the call. Running on costs one check and no promise.
import type { Place } from "../run-context.ts";
import type { ToolLayer } from "./tool-call.ts";

/**
 * Waits before each call where the run stops.
 *
 * @example
 * composeLayers([boundaryLayer(place, stepNodeId), traceLayer(place, stepNodeId, node)], liveExecute(tool, place));
 */
export function boundaryLayer(place: Place, stepNodeId: string): ToolLayer {
  return (next) => (call) => {
    const wait = place.ctx.debug.boundary({
      kind: "tool-call",
      agentPath: place.agentPath,
      step: place.stepId ?? "",
      stepNodeId,
      agentNodeId: place.agent?.nodeId,
      toolName: call.toolName,
      replayed: call.answer.kind === "recorded",
      details: () => ({ tool: { toolName: call.toolName, toolCallId: call.toolCallId, input: call.input } }),
    });
    return wait ? wait.then(() => next(call)) : next(call);
  };
}
