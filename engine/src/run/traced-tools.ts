// Each tool a step is offered, wrapped in June's layers (run/tool-layers/) so every execution is a
// node in the trace. From the outside in: the replay's lookup of the call's answer, the debugger's
// boundary, a resumed run's new decision on a tool whose outcome it doesn't know, the node, the
// replay's recorded answer, the bounds on the result, and the tool itself (handing the call to a
// composite runner). A block's loader has its own: the block load, the node, the bounds. The
// layers change nothing about how the tool runs.
import type { Tool, ToolExecutionOptions, ToolSet } from "ai";
import { blockNameOf, isBlockLoader } from "../blocks/index.ts";
import { promised } from "./model-layers/compose.ts";
import type { Place } from "./run-context.ts";
import {
  blockLoadLayer,
  boundaryLayer,
  composeLayers,
  limitsLayer,
  liveExecute,
  outcomeUnknownLayer,
  replayAnswer,
  replayChoice,
  toolCall,
  traceLayer,
  type ToolLayer,
} from "./tool-layers/index.ts";

/** A step's traced tools, and a way to wait for the executions still running. */
export interface TracedTools {
  tools: ToolSet;
  /**
   * Resolves when every execution started so far has ended. The AI SDK gives up on a step's other
   * calls when one rejects (an abort): the step waits for them, so no node outlives its step.
   */
  settled(): Promise<void>;
}

/** Wraps each of a step's `tools` that executes: its calls become children of `stepNodeId`. */
export function tracedTools(tools: ToolSet, place: Place, stepNodeId: string): TracedTools {
  const traced: ToolSet = {};
  const running = new Set<Promise<unknown>>();
  for (const [name, tool] of Object.entries(tools)) {
    if (typeof tool.execute !== "function") {
      traced[name] = tool;
      continue;
    }
    const execute = composeLayers(layersOf(name, tool, place, stepNodeId), liveExecute(tool, place));
    traced[name] = {
      ...tool,
      execute: (input: unknown, options: ToolExecutionOptions<any>) => {
        // A promise whatever the layers did: one that throws first (a replay mismatch, an aborted run) rejects it.
        const execution = promised(() => execute(toolCall(name, input, options)));
        running.add(execution);
        const done = () => void running.delete(execution);
        execution.then(done, done);
        return execution;
      },
    } as ToolSet[string];
  }
  return {
    tools: traced,
    settled: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

function layersOf(name: string, tool: Tool, place: Place, stepNodeId: string): ToolLayer[] {
  const ctx = place.ctx;
  const block = isBlockLoader(tool) ? blockNameOf(tool) : undefined;
  if (block !== undefined) {
    return [blockLoadLayer(place, block), traceLayer(place, stepNodeId, { kind: "block-load", name: block }), limitsLayer(ctx, name)];
  }
  // A run that replays nothing has no replay layers.
  const replay = ctx.replay;
  return [
    ...(replay ? [replayChoice(place, stepNodeId, replay)] : []),
    boundaryLayer(place, stepNodeId),
    ...(replay ? [outcomeUnknownLayer(place, stepNodeId, tool.description)] : []),
    traceLayer(place, stepNodeId, { kind: "tool-call", name }),
    ...(replay ? [replayAnswer()] : []),
    limitsLayer(ctx, name),
  ];
}
