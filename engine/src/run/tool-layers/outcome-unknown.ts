// A resumed run's tool whose outcome it doesn't know (approved and started before the run was
// interrupted, its result never recorded): it may have had its effect, so it runs again only on a
// new decision, asked like any approval; denied, the model hears that it was not run again.
import { JuneError } from "../../errors/index.ts";
import { askApproval } from "../ask-approval.ts";
import type { Place } from "../run-context.ts";
import { LIVE, layer, type ToolLayer } from "./tool-call.ts";

/**
 * Asks again before such a call runs; `description` is the tool's (it says when the tool runs
 * programs without a sandbox).
 *
 * @example
 * composeLayers([replayChoice(place, stepNodeId, ctx.replay), outcomeUnknownLayer(place, stepNodeId, tool.description), …], liveExecute(tool, place));
 */
export function outcomeUnknownLayer(place: Place, stepNodeId: string, description: unknown): ToolLayer {
  return (next) =>
    layer((call) => {
      if (call.answer.kind !== "outcome-unknown") return next.execute(call);
      const toolCall = { toolName: call.toolName, toolCallId: call.toolCallId, input: call.input };
      return askApproval({ place, stepNodeId, approvalId: `${call.toolCallId}:outcome-unknown`, toolCall, description, outcomeUnknown: true }).then((decision) => {
        if (!decision.approved) {
          throw new JuneError(
            "JUNE_TOOL_NOT_RERUN",
            `june: "${call.toolName}" was approved and started before the run was interrupted, but its result was not recorded; ` +
              `it was not run again${decision.reason ? `: ${decision.reason}` : "."}`,
          );
        }
        call.answer = LIVE;
        return next.execute(call);
      });
    });
}
