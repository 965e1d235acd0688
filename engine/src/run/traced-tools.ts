// Each tool a step is offered, wrapped so every execution is a tool-call node (input, output or
// error). The wrapper changes nothing about how the tool runs; a composite tool finds the call it
// belongs to through the async context set here.
import type { ToolExecutionOptions, ToolSet } from "ai";
import { blockNameOf, isBlockLoader } from "../blocks/index.ts";
import { JuneError, type JuneErrorCode } from "../errors/index.ts";
import { callKey, type ToolAnswer } from "../replay/index.ts";
import { askApproval } from "./ask-approval.ts";
import { emit, endNode, startNode, type Place } from "./run-context.ts";
import { isAbort, toNodeError } from "./node-errors.ts";
import { measureValue, valueLimitError } from "./value-limits.ts";
import type { NodeError } from "../trace/index.ts";

// A tool that throws is the tool's failure (which the model sees), not a bug in June. The error's
// class name is kept: the model saw `TypeError: …`, and a replay must show it the same text.
function toolError(error: unknown): NodeError {
  const base = toNodeError(error);
  const named = error instanceof Error && error.name !== "Error" ? { name: error.name } : {};
  return base.code === "JUNE_INTERNAL" ? { ...base, code: "JUNE_TOOL_FAILED", ...named } : { ...base, ...named };
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

/** Calls a tool's execute with `frame` handed off; `composite` says a composite runner took it. */
function enter<T>(frame: ToolCallFrame, call: () => T): { value: T; composite: boolean } {
  handOff = frame;
  try {
    const value = call();
    return { value, composite: handOff !== frame };
  } finally {
    handOff = undefined;
  }
}

/** A step's traced tools, and a way to wait for the executions still running. */
export interface TracedTools {
  tools: ToolSet;
  /**
   * Resolves when every execution started so far has ended. The AI SDK gives up on a step's other
   * calls when one rejects (an abort): the step waits for them, so no node outlives its step.
   */
  settled(): Promise<void>;
}

export function tracedTools(tools: ToolSet, place: Place, stepNodeId: string): TracedTools {
  const traced: ToolSet = {};
  const running = new Set<Promise<unknown>>();
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute;
    if (typeof execute !== "function") {
      traced[name] = tool;
      continue;
    }
    const traceExecution = async (input: unknown, options: ToolExecutionOptions<any>) => {
      // A block loader assembles context rather than acting: it is recorded as a block load,
      // runs live in a replay and is no boundary.
      const block = isBlockLoader(tool) ? blockNameOf(tool) : undefined;
      if (block !== undefined) place.ctx.blocksLoaded.push({ block, agentPath: [...place.agentPath], step: place.stepId ?? "" });
      const call = { toolName: name, toolCallId: options.toolCallId, input };
      // Most calls have nothing to wait for before they run: no promise, no extra tick.
      const before = block === undefined ? beforeTool(place, stepNodeId, call, tool.description) : LIVE;
      const answer = before instanceof Promise ? await before : before;
      // The SDK still executes calls after an abort (approved ones when the loop continues, a
      // response that arrived as the run was aborted): no tool starts in an aborted run.
      if (place.signal.aborted) throw abortReason(place.signal);
      const nodeId = startNode(place.ctx, {
        parentId: stepNodeId,
        kind: block !== undefined ? "block-load" : "tool-call",
        name: block ?? name,
        input,
        callId: options.toolCallId,
      });
      try {
        // Its start may be what the run's recorder failed on, which stopped the run.
        if (place.signal.aborted) throw abortReason(place.signal);
        if (answer.kind === "recorded") {
          emit(place.ctx, { type: "replayed", nodeId, from: { runId: place.ctx.replay!.runId, nodeId: answer.nodeId } });
          if (answer.error) throw replayedToolError(answer.error);
          endNode(place.ctx, nodeId, "succeeded", { output: answer.output });
          return answer.output;
        }
        const entered = enter({ nodeId, place }, () => execute.call(tool, input as never, options));
        // A tool that ignores the abort signal must not keep its node (or the run) open. A
        // composite's workflow gives way to the abort by itself, and its nodes must end before
        // its call does: racing it would let the run end with them still running.
        const output = await (entered.composite ? entered.value : settleOrAbort(entered.value, place.signal));
        const traceable = traceableOutput(output);
        // A result past the bounds is the tool's failure: the model hears why, nothing records it.
        const problem = measureValue(traceable, place.ctx.limits);
        if (problem) throw valueLimitError(problem, `the result of the tool "${name}"`);
        endNode(place.ctx, nodeId, "succeeded", { output: traceable });
        return output;
      } catch (error) {
        endNode(place.ctx, nodeId, isAbort(error, place.signal) ? "aborted" : "failed", { error: toolError(error) });
        throw error;
      }
    };
    traced[name] = {
      ...tool,
      execute: (input: unknown, options: ToolExecutionOptions<any>) => {
        const execution = traceExecution(input, options);
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

// A composite's output holds its whole trace, which is already the tool call's child node; the
// node keeps what the model got and the usage, not a second copy of the tree.
function traceableOutput(output: unknown): unknown {
  if (output && typeof output === "object" && COMPOSITE_OUTPUT in output) {
    const { output: value, usage } = output as unknown as { output: unknown; usage: unknown };
    return { output: value, usage };
  }
  return output;
}

const LIVE: ToolAnswer = { kind: "live" };

type Call = { toolName: string; toolCallId: string; input: unknown };

// Before a tool executes: its answer from a record (replay, fork, resume), the new decision a
// resumed run needs for a tool whose outcome it doesn't know, and the boundary where a stepping
// run stops. A composite tool always runs: its inner calls replay one by one. Synchronous unless
// the run stops here or a decision is needed.
function beforeTool(place: Place, stepNodeId: string, call: Call, description: unknown): ToolAnswer | Promise<ToolAnswer> {
  const ctx = place.ctx;
  let answer: ToolAnswer = LIVE;
  if (ctx.replay && ctx.replayedToolCalls.get(stepNodeId)?.has(call.toolCallId)) {
    const lookup = (id: string) => ctx.builder.node(id);
    const step = lookup(stepNodeId)!;
    const toolKey = callKey(step, lookup, "tool-call", call.toolName, call.toolCallId);
    answer = ctx.replay.toolCall(toolKey);
    if (answer.kind === "live" && ctx.replay.unfinishedApprovedTool(toolKey, callKey(step, lookup, "approval", call.toolName, call.toolCallId))) {
      answer = { kind: "outcome-unknown" };
    }
  }
  const wait = ctx.debug.boundary({
    kind: "tool-call",
    agentPath: place.agentPath,
    step: place.stepId ?? "",
    stepNodeId,
    agentNodeId: place.agent?.nodeId,
    toolName: call.toolName,
    replayed: answer.kind === "recorded",
    details: () => ({ tool: call }),
  });
  if (!wait && answer.kind !== "outcome-unknown") return answer;
  return (async () => {
    if (wait) await wait;
    if (answer.kind !== "outcome-unknown") return answer;
    const decision = await askApproval({ place, stepNodeId, approvalId: `${call.toolCallId}:outcome-unknown`, toolCall: call, description, outcomeUnknown: true });
    if (!decision.approved) {
      throw new JuneError(
        "JUNE_TOOL_NOT_RERUN",
        `june: "${call.toolName}" was approved and started before the run was interrupted, but its result was not recorded; ` +
          `it was not run again${decision.reason ? `: ${decision.reason}` : "."}`,
      );
    }
    return LIVE;
  })();
}

// The recorded failure again, as the same kind of error: the model sees the text it saw then.
function replayedToolError(error: NodeError): Error {
  if (error.name === "JuneError") return new JuneError(error.code as JuneErrorCode, error.message, error.source ? { source: error.source } : undefined);
  const replayed = new Error(error.message);
  if (error.name) replayed.name = error.name;
  return replayed;
}

export const COMPOSITE_OUTPUT = Symbol.for("june.composite-output");

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("aborted", "AbortError");
}

function settleOrAbort<T>(work: Promise<T> | T, signal: AbortSignal): Promise<T> {
  if (!(work instanceof Promise)) return Promise.resolve(work);
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => {});
      reject(abortReason(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => (signal.removeEventListener("abort", onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener("abort", onAbort), reject(error)),
    );
  });
}
