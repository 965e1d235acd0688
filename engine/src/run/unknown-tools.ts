// A tool call the agent can't make (the model named a tool it was not offered) never reaches a
// tool, so no tool layer sees it: the AI SDK answers it with a NoSuchToolError the model reads.
// It is still a call the model made, so the trace has it: a failed tool-call node under the step,
// carrying the input the model sent and the error it got back.
import type { ToolSet } from "ai";
import { endNode, startNode, type Place } from "./run-context.ts";

interface ContentPart {
  type: string;
  toolName?: unknown;
  toolCallId?: unknown;
  input?: unknown;
  error?: unknown;
}

/** Records the step's calls of tools not in `tools` (from a finished model turn's content). */
export function traceUnknownToolCalls(place: Place, stepNodeId: string, content: readonly ContentPart[], tools: ToolSet): void {
  for (const part of content) {
    if (part.type !== "tool-error" || typeof part.toolName !== "string" || Object.hasOwn(tools, part.toolName)) continue;
    const nodeId = startNode(place.ctx, {
      parentId: stepNodeId,
      kind: "tool-call",
      name: part.toolName,
      input: part.input,
      ...(typeof part.toolCallId === "string" ? { callId: part.toolCallId } : {}),
    });
    const message = part.error instanceof Error ? part.error.message : String(part.error);
    endNode(place.ctx, nodeId, "failed", { error: { code: "JUNE_UNKNOWN_TOOL", message, ...(part.error instanceof Error ? { name: part.error.name } : {}) } });
  }
}
