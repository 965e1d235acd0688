// Replay, fork and resume for tool calls, in two halves like the model's: above the other layers
// the answer is looked up (so the boundary knows the call is the record's, and a resumed run can
// ask again about a tool whose outcome it doesn't know), below the trace it is given instead of
// running the tool. Only the calls of a recorded model answer are the record's to answer: a live
// answer's call is live whatever id it carries. A composite tool always runs: its inner calls
// replay one by one.
import { JuneError, type JuneErrorCode } from "../../errors/index.ts";
import { callKey, type ReplayPlan } from "../../replay/index.ts";
import type { NodeError } from "../../trace/index.ts";
import type { Place } from "../run-context.ts";
import { layer, type ToolLayer } from "./tool-call.ts";

/**
 * Finds each call's answer in the record: recorded, live, or outcome unknown (resume: a tool
 * approved and started, never finished).
 *
 * @example
 * composeLayers([replayChoice(place, stepNodeId, ctx.replay), …, replayAnswer()], liveExecute(tool, place));
 */
export function replayChoice(place: Place, stepNodeId: string, replay: ReplayPlan): ToolLayer {
  const ctx = place.ctx;
  return (next) => layer((call) => {
    if (ctx.replayedToolCalls.get(stepNodeId)?.has(call.toolCallId)) {
      const lookup = (id: string) => ctx.builder.node(id);
      const step = lookup(stepNodeId)!;
      const toolKey = callKey(step, lookup, "tool-call", call.toolName, call.toolCallId);
      const answer = replay.toolCall(toolKey);
      const unknown = answer.kind === "live" && replay.unfinishedApprovedTool(toolKey, callKey(step, lookup, "approval", call.toolName, call.toolCallId));
      call.answer = unknown ? { kind: "outcome-unknown" } : answer;
    }
    return next.execute(call);
  });
}

/** Gives a recorded call its recorded output, or fails it with its recorded error; the tool doesn't run. */
export function replayAnswer(): ToolLayer {
  return (next) =>
    layer((call) => {
      const answer = call.answer;
      if (answer.kind !== "recorded") return next.execute(call);
      if (answer.error) throw replayedToolError(answer.error);
      return answer.output;
    });
}

// The recorded failure again, as the same kind of error: the model sees the text it saw then.
function replayedToolError(error: NodeError): Error {
  if (error.name === "JuneError") return new JuneError(error.code as JuneErrorCode, error.message, error.source ? { source: error.source } : undefined);
  const replayed = new Error(error.message);
  if (error.name) replayed.name = error.name;
  return replayed;
}
