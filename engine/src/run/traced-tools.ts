// Each tool a step is offered, wrapped so every execution is a tool-call node (input, output or
// error). The wrapper changes nothing about how the tool runs; a composite tool finds the call it
// belongs to through the async context set here.
import { AsyncLocalStorage } from "node:async_hooks";
import type { ToolExecutionOptions, ToolSet } from "ai";
import { endNode, startNode, type Place } from "./run-context.ts";
import { isAbort, toNodeError } from "./node-errors.ts";

export interface ToolCallFrame {
  nodeId: string;
  place: Place;
}

export const currentToolCall = new AsyncLocalStorage<ToolCallFrame>();

export function tracedTools(tools: ToolSet, place: Place, stepNodeId: string): ToolSet {
  const traced: ToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute;
    if (typeof execute !== "function") {
      traced[name] = tool;
      continue;
    }
    traced[name] = {
      ...tool,
      execute: async (input: unknown, options: ToolExecutionOptions<any>) => {
        const nodeId = startNode(place.ctx, { parentId: stepNodeId, kind: "tool-call", name, input, callId: options.toolCallId });
        try {
          const output = await currentToolCall.run({ nodeId, place }, () => execute.call(tool, input as never, options));
          endNode(place.ctx, nodeId, "succeeded", { output: traceableOutput(output) });
          return output;
        } catch (error) {
          endNode(place.ctx, nodeId, isAbort(error, place.signal) ? "aborted" : "failed", { error: toNodeError(error) });
          throw error;
        }
      },
    } as ToolSet[string];
  }
  return traced;
}

// A composite's output holds its whole trace, which is already the tool call's child node; the
// node keeps what the model got and the usage, not a second copy of the tree.
function traceableOutput(output: unknown): unknown {
  if (output && typeof output === "object" && COMPOSITE_OUTPUT in output) {
    const { output: value, usage } = output as unknown as { output: unknown; usage: unknown };
    return { output: value, usage };
  }
  return output;
}

export const COMPOSITE_OUTPUT = Symbol.for("june.composite-output");
