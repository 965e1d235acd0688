// A tool wrapped in the given layers, the way run/traced-tools.ts wraps a step's tools, for testing
// layers on their own through the AI SDK.
import type { Tool, ToolExecutionOptions } from "ai";
import type { Place } from "../run-context.ts";
import { liveExecute } from "./live.ts";
import { composeLayers, toolCall, type ToolLayer } from "./tool-call.ts";

export function layeredTool<T extends Tool>(name: string, tool: T, place: Place, layers: ToolLayer[]): T {
  const execute = composeLayers(layers, liveExecute(tool, place));
  return { ...tool, execute: async (input: unknown, options: ToolExecutionOptions<any>) => execute.execute(toolCall(name, input, options)) };
}

/** The options the SDK passes a tool's execute, for calling it directly. */
export function executionOptions(toolCallId: string): ToolExecutionOptions<any> {
  return { toolCallId, messages: [] } as unknown as ToolExecutionOptions<any>;
}
