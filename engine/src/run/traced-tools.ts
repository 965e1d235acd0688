// Each tool a step is offered, wrapped in June's layers (run/tool-layers/) so every execution is a
// node in the trace. From the outside in: the replay's lookup of the call's answer, the debugger's
// boundary, a resumed run's new decision on a tool whose outcome it doesn't know, the node, the
// replay's recorded answer, the bounds on the result, and the tool itself (handing the call to a
// composite runner). A block's loader has its own: the block load, the node, the bounds. The
// layers change nothing about how the tool runs.
import type { Tool, ToolExecutionOptions, ToolSet } from "ai";
import { blockNameOf, isBlockLoader } from "../blocks/index.ts";
import { asPromise } from "./model-layers/compose.ts";
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
  type ToolExecutor,
  type ToolLayer,
} from "./tool-layers/index.ts";
import { SHAPE_ONLY, keepShape } from "../shapes/index.ts";

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
  const running = new Running();
  for (const [name, tool] of Object.entries(tools)) {
    if (typeof tool.execute !== "function") {
      traced[name] = tool;
      continue;
    }
    const layered = new LayeredTool(name, composeLayers(layersOf(name, tool, place, stepNodeId), liveExecute(tool, place)), running);
    // One function for every tool of every step, called as the tool's method (the SDK's
    // `executeTool` calls `tool.execute(input, options)`): a bound function made per step is a
    // new call target there each step, which made V8 compile `executeTool` twice a run.
    traced[name] = { ...tool, execute: executeLayered, [LAYERED]: layered } as unknown as ToolSet[string];
  }
  return { tools: traced, settled: () => running.settled() };
}

const LAYERED = Symbol("june.layeredTool");

// The traced tool's `execute`: its `this` is the tool object the SDK calls it on.
function executeLayered(this: { [LAYERED]: LayeredTool }, input: unknown, options: ToolExecutionOptions<any>): Promise<unknown> {
  return this[LAYERED].execute(input, options);
}

// How many of a step's executions are running, and who waits for none to be. A count and one
// handler, not a set of the executions and an async function per call to take each out: the
// handler is made once a step, and a call adds one reaction to its own promise.
class Running {
  #count = 0;
  #idle: PromiseWithResolvers<void> | undefined;
  readonly ended = (): void => {
    if (--this.#count === 0 && this.#idle) {
      this.#idle.resolve();
      this.#idle = undefined;
    }
  };

  add(execution: Promise<unknown>): void {
    this.#count++;
    // Its failure is the SDK's to handle (it has `execution` itself); this reaction only counts.
    void execution.then(this.ended, this.ended);
  }

  settled(): Promise<void> {
    if (this.#count === 0) return Promise.resolve();
    this.#idle ??= Promise.withResolvers<void>();
    return this.#idle.promise;
  }
}
keepShape(new Running());

class LayeredTool {
  readonly #name: string;
  readonly #executor: ToolExecutor;
  readonly #running: Running;

  constructor(name: string, executor: ToolExecutor, running: Running) {
    this.#name = name;
    this.#executor = executor;
    this.#running = running;
  }

  execute(input: unknown, options: ToolExecutionOptions<any>): Promise<unknown> {
    // A promise whatever the layers did: one that throws first (a replay mismatch, an aborted run) rejects it.
    let execution: Promise<unknown>;
    try {
      execution = asPromise(this.#executor.execute(toolCall(this.#name, input, options)));
    } catch (error) {
      execution = Promise.reject(error);
    }
    this.#running.add(execution);
    return execution;
  }
}
keepShape(new LayeredTool("", SHAPE_ONLY, SHAPE_ONLY));

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
