// Asking for an approval inside a run: an approval node in the trace, the request in the run's
// registry (and its events), the decision. A replayed run takes a recorded decision instead of
// asking; while stepping, the wait for the decision is the run's stop. The request is pending
// before its approval-requested event goes out, so whoever hears it may decide at once.
import { callKey } from "../replay/index.ts";
import { sandboxNotice } from "../sandbox/index.ts";
import type { ApprovalRequest } from "../trace/index.ts";
import type { ApprovalDecision } from "./approvals.ts";
import { emit, endNode, startNode, type Place } from "./run-context.ts";

export interface ApprovalAsk {
  place: Place;
  stepNodeId: string;
  approvalId: string;
  toolCall: { toolCallId: string; toolName: string; input: unknown };
  /** The tool's description (the AI SDK allows a function too): it says when the tool runs programs without a sandbox. */
  description: unknown;
  /** A resumed run asks again for a tool whose outcome it doesn't know. */
  outcomeUnknown?: boolean;
}

export async function askApproval(ask: ApprovalAsk): Promise<ApprovalDecision> {
  const { place, toolCall } = ask;
  const ctx = place.ctx;
  const fromRecord = ctx.replay !== undefined && !ask.outcomeUnknown && ctx.replayedToolCalls.get(ask.stepNodeId)?.has(toolCall.toolCallId) === true;
  const recorded = fromRecord ? ctx.replay!.approval(approvalKey(ask)) : undefined;
  const nodeId = startNode(ctx, {
    parentId: ask.stepNodeId,
    kind: "approval",
    name: toolCall.toolName,
    input: toolCall.input,
    callId: toolCall.toolCallId,
  });
  if (recorded) emit(ctx, { type: "replayed", nodeId, from: { runId: ctx.replay!.runId, nodeId: recorded.nodeId } });
  emit(ctx, { type: "node-update", nodeId, status: "waiting" });
  const notice = typeof ask.description === "string" ? sandboxNotice(ask.description) : undefined;
  const approval: ApprovalRequest = {
    approvalId: ask.approvalId,
    nodeId,
    toolName: toolCall.toolName,
    toolCallId: toolCall.toolCallId,
    input: toolCall.input,
    agentPath: [...place.agentPath],
    step: place.stepId ?? "",
    ...(recorded ? { replayed: true as const } : {}),
    ...(ask.outcomeUnknown ? { outcomeUnknown: true as const } : {}),
    ...(notice?.state === "unsandboxed" ? { noSandbox: notice.reason } : {}),
  };
  const decided = recorded ? undefined : ctx.approvals.wait(approval, place.signal);
  emit(ctx, { type: "approval-requested", approval });
  try {
    const decision: ApprovalDecision = recorded
      ? { approved: recorded.approved, ...(recorded.reason !== undefined ? { reason: recorded.reason } : {}) }
      : // Decided (or aborted) while it was announced: there is no wait, so no stop either.
        await (ctx.approvals.isPending(ask.approvalId)
          ? ctx.debug.approval({ agentPath: place.agentPath, step: approval.step, stepNodeId: ask.stepNodeId, nodeId, tool: toolCall }, decided!)
          : decided!);
    emit(ctx, {
      type: "approval-resolved",
      approvalId: ask.approvalId,
      approved: decision.approved,
      ...(decision.reason !== undefined ? { reason: decision.reason } : {}),
    });
    endNode(ctx, nodeId, "succeeded", { output: decision });
    return decision;
  } catch (error) {
    endNode(ctx, nodeId, "aborted", { error: { code: "JUNE_ABORTED", message: (error as Error).message } });
    throw error;
  }
}

export function approvalKey(ask: Pick<ApprovalAsk, "place" | "stepNodeId" | "toolCall">): string {
  const ctx = ask.place.ctx;
  const lookup = (id: string) => ctx.builder.node(id);
  return callKey(lookup(ask.stepNodeId)!, lookup, "approval", ask.toolCall.toolName, ask.toolCall.toolCallId);
}
