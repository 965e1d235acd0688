// The trace of a tool call: a node under the step (a tool-call, or a block load for a block's
// loader) with the input, then the output or the error, aborted if the run was. It is also where
// the abort is checked: no tool starts in an aborted run.
import type { NodeError } from "../../trace/index.ts";
import { emit, endNode, startNode, type Place } from "../run-context.ts";
import { isAbort, toNodeError } from "../node-errors.ts";
import { abortReason } from "./abort.ts";
import { traceableOutput } from "./composite.ts";
import { HookLayer, type ToolCall, type ToolHooks, type ToolLayer } from "./tool-call.ts";
import { SHAPE_ONLY, keepShape } from "../../shapes/index.ts";

/** What the node is: a tool call by the tool's name, or a block load by the block's. */
export interface ToolNode {
  kind: "tool-call" | "block-load";
  name: string;
}

/**
 * Records each call as a node, a child of `stepNodeId`.
 *
 * @example
 * composeLayers([traceLayer(place, stepNodeId, { kind: "tool-call", name: "search" })], liveExecute(tool, place));
 */
export function traceLayer(place: Place, stepNodeId: string, node: ToolNode): ToolLayer {
  return new TraceTool(place, stepNodeId, node);
}

class TraceTool extends HookLayer implements ToolHooks {
  readonly #place: Place;
  readonly #stepNodeId: string;
  readonly #node: ToolNode;

  constructor(place: Place, stepNodeId: string, node: ToolNode) {
    super();
    this.#place = place;
    this.#stepNodeId = stepNodeId;
    this.#node = node;
  }

  before(call: ToolCall): undefined {
    const place = this.#place;
    const ctx = place.ctx;
    // The SDK still executes calls after an abort (approved ones when the loop continues, a
    // response that arrived as the run was aborted): no tool starts in an aborted run.
    if (place.signal.aborted) throw abortReason(place.signal);
    const nodeId = startNode(ctx, { parentId: this.#stepNodeId, kind: this.#node.kind, name: this.#node.name, input: call.input, callId: call.toolCallId });
    call.nodeId = nodeId;
    // Its start may be what the run's recorder failed on, which stopped the run.
    if (place.signal.aborted) {
      const reason = abortReason(place.signal);
      this.failed(call, reason);
      throw reason;
    }
    if (call.answer.kind === "recorded") emit(ctx, { type: "replayed", nodeId, from: { runId: ctx.replay!.runId, nodeId: call.answer.nodeId } });
    return undefined;
  }

  succeeded(call: ToolCall, output: unknown): unknown {
    endNode(this.#place.ctx, call.nodeId!, "succeeded", { output: traceableOutput(output) });
    return output;
  }

  failed(call: ToolCall, error: unknown): void {
    const place = this.#place;
    endNode(place.ctx, call.nodeId!, isAbort(error, place.signal) ? "aborted" : "failed", { error: toolError(error) });
  }
}
keepShape(new TraceTool(SHAPE_ONLY, "", SHAPE_ONLY));

// A tool that throws is the tool's failure (which the model sees), not a bug in June. The error's
// class name is kept: the model saw `TypeError: …`, and a replay must show it the same text.
function toolError(error: unknown): NodeError {
  const base = toNodeError(error);
  const named = error instanceof Error && error.name !== "Error" ? { name: error.name } : {};
  return base.code === "JUNE_INTERNAL" ? { ...base, code: "JUNE_TOOL_FAILED", ...named } : { ...base, ...named };
}
