// Handing a call to a composite tool, and what it hands back. The frame is set right before a
// tool's execute is called and read by the composite runner synchronously, first thing — a plain
// slot, not an AsyncLocalStorage, whose promise hooks would slow every promise in the process
// (measured: +27–60% on a raw loop).
import type { Place } from "../run-context.ts";

export interface ToolCallFrame {
  nodeId: string;
  place: Place;
}

let handOff: ToolCallFrame | undefined;
let taken = false;

/** The tool call whose execute is being entered right now (read it synchronously, first thing). */
export function takeToolCall(): ToolCallFrame | undefined {
  const frame = handOff;
  handOff = undefined;
  if (frame) taken = true;
  return frame;
}

/** The tool call being entered right now, left for a composite runner to take (an MCP tool's host reads it). */
export function peekToolCall(): ToolCallFrame | undefined {
  return handOff;
}

/**
 * Calls `execute` (a tool's, with `tool` as `this`) with `frame` handed off; `tookCall()` right
 * after says whether a composite runner took it. No closure and no result object per call: this
 * is every tool call's path.
 */
export function enter<I, O>(frame: ToolCallFrame, execute: (this: unknown, input: I, options: O) => unknown, tool: unknown, input: I, options: O): unknown {
  handOff = frame;
  taken = false;
  try {
    return execute.call(tool, input, options);
  } finally {
    handOff = undefined;
  }
}

/** Whether a composite runner took the call the last `enter` handed off (ask right after it). */
export function tookCall(): boolean {
  return taken;
}

/** Marks a composite tool's output (its value, usage and whole trace). */
export const COMPOSITE_OUTPUT = Symbol.for("june.composite-output");

/**
 * A composite's output holds its whole trace, which is already the tool call's child node; the
 * node keeps what the model got and the usage, not a second copy of the tree.
 */
export function traceableOutput(output: unknown): unknown {
  if (output && typeof output === "object" && COMPOSITE_OUTPUT in output) {
    const { output: value, usage } = output as unknown as { output: unknown; usage: unknown };
    return { output: value, usage };
  }
  return output;
}
