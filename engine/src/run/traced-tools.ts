// Each tool a step is offered, wrapped so every execution is a tool-call node (input, output or
// error). The wrapper changes nothing about how the tool runs; a composite tool finds the call it
// belongs to through the async context set here.
import type { ToolExecutionOptions, ToolSet } from "ai";
import { blockNameOf, isBlockLoader } from "../blocks/index.ts";
import { endNode, startNode, type Place } from "./run-context.ts";
import { isAbort, toNodeError } from "./node-errors.ts";
import type { NodeError } from "../trace/index.ts";

// A tool that throws is the tool's failure (which the model sees), not a bug in June.
function toolError(error: unknown): NodeError {
  const base = toNodeError(error);
  return base.code === "JUNE_INTERNAL" ? { ...base, code: "JUNE_TOOL_FAILED" } : base;
}

export interface ToolCallFrame {
  nodeId: string;
  place: Place;
}

// Handing the call to a composite tool: set right before a tool's execute is called and read by
// the composite runner synchronously, first thing — a plain slot, not an AsyncLocalStorage, whose
// promise hooks would slow every promise in the process (measured: +27–60% on a raw loop).
let handOff: ToolCallFrame | undefined;

/** The tool call whose execute is being entered right now (read it synchronously, first thing). */
export function takeToolCall(): ToolCallFrame | undefined {
  const frame = handOff;
  handOff = undefined;
  return frame;
}

function enter<T>(frame: ToolCallFrame, call: () => T): T {
  handOff = frame;
  try {
    return call();
  } finally {
    handOff = undefined;
  }
}

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
        // A block loader assembles context rather than acting: it is recorded as a block load.
        const block = isBlockLoader(tool) ? blockNameOf(tool) : undefined;
        if (block !== undefined) place.ctx.blocksLoaded.push({ block, agentPath: [...place.agentPath], step: place.stepId ?? "" });
        const nodeId = startNode(place.ctx, {
          parentId: stepNodeId,
          kind: block !== undefined ? "block-load" : "tool-call",
          name: block ?? name,
          input,
          callId: options.toolCallId,
        });
        try {
          // A tool that ignores the abort signal must not keep its node (or the run) open.
          const output = await settleOrAbort(
            enter({ nodeId, place }, () => execute.call(tool, input as never, options)),
            place.signal,
          );
          endNode(place.ctx, nodeId, "succeeded", { output: traceableOutput(output) });
          return output;
        } catch (error) {
          endNode(place.ctx, nodeId, isAbort(error, place.signal) ? "aborted" : "failed", { error: toolError(error) });
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

function settleOrAbort<T>(work: Promise<T> | T, signal: AbortSignal): Promise<T> {
  if (!(work instanceof Promise)) return Promise.resolve(work);
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(signal.reason ?? new DOMException("aborted", "AbortError"));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => {});
      reject(signal.reason ?? new DOMException("aborted", "AbortError"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => (signal.removeEventListener("abort", onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener("abort", onAbort), reject(error)),
    );
  });
}
