// The run's side of what an MCP server asks for while one of its tool calls runs
// (capabilities/call-host.ts): a person's answer, through the approvals inbox like any approval
// (a node under the tool call, waiting), and the calling agent's model answering a sampling
// request (a model-call node under the tool call, traced and priced by the same layers as the
// step's own calls), and a guard's checks of the call (guard nodes under it). Registered once: the host is made only when a tool asks for it.
import { generateText } from "ai";
import { provideCallHost, type CallHost, type PersonAnswer } from "../capabilities/index.ts";
import type { ApprovalRequest, ServerAsk } from "../trace/index.ts";
import { resolveModel } from "./model-loop.ts";
import { recordGuard } from "./guard-node.ts";
import { emit, endNode, startNode, type Place } from "./run-context.ts";
import { peekToolCall, type ToolCallFrame } from "./tool-layers/composite.ts";
import { tracedModel } from "./traced-model.ts";

provideCallHost(() => {
  const frame = peekToolCall();
  return frame ? callHostOf(frame) : undefined;
});

function callHostOf({ nodeId: callNodeId, place }: ToolCallFrame): CallHost {
  const ctx = place.ctx;
  const call = ctx.builder.node(callNodeId);
  const toolName = call?.name ?? "";
  const toolCallId = call?.callId ?? callNodeId;
  const toolInput = call?.input;
  return {
    signal: place.signal,
    modelName: () => {
      const model = place.agent ? resolveModel(place.agent, place, place.stepId ?? "") : undefined;
      return model ? `${model.provider}:${model.modelId}` : "no model";
    },
    askPerson: (ask) => askPerson(place, callNodeId, { toolName, toolCallId, input: toolInput }, ask),
    noteRequest({ server, method, answer }) {
      const nodeId = startNode(ctx, { parentId: callNodeId, kind: "server-request", name: `${server} ${method}`, input: { server, method } });
      endNode(ctx, nodeId, "succeeded", { output: answer });
    },
    noteGuard: (check, outcome) => recordGuard(ctx, callNodeId, check, outcome),
    async sample(request) {
      if (!place.agent) throw new Error("june: a sampling request needs an agent's model, and this tool call has no agent");
      const model = tracedModel(resolveModel(place.agent, place, place.stepId ?? ""), place, callNodeId);
      const result = await generateText({
        model,
        ...(request.system !== undefined ? { system: request.system } : {}),
        messages: request.messages,
        maxOutputTokens: request.maxOutputTokens,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        abortSignal: place.signal,
        maxRetries: 0,
      });
      return { text: result.text, model: result.response.modelId, finishReason: result.finishReason };
    },
  };
}

/** An approval node under the tool call, the request in the run's registry, the person's answer. */
async function askPerson(place: Place, callNodeId: string, call: { toolName: string; toolCallId: string; input: unknown }, ask: ServerAsk): Promise<PersonAnswer> {
  const { toolName, toolCallId } = call;
  const ctx = place.ctx;
  const nodeId = startNode(ctx, { parentId: callNodeId, kind: "approval", name: `${ask.server} ${ask.kind}`, input: ask, callId: toolCallId });
  emit(ctx, { type: "node-update", nodeId, status: "waiting" });
  const approval: ApprovalRequest = {
    approvalId: `${toolCallId}:${ask.kind}:${nodeId}`,
    nodeId,
    toolName,
    toolCallId,
    // The call's, as the doc of ApprovalRequest says; the node's input is the ask itself.
    input: call.input,
    agentPath: [...place.agentPath],
    step: place.stepId ?? "",
    ask,
  };
  const decided = ctx.approvals.wait(approval, place.signal);
  emit(ctx, { type: "approval-requested", approval });
  try {
    const decision = await decided;
    emit(ctx, {
      type: "approval-resolved",
      approvalId: approval.approvalId,
      approved: decision.approved,
      ...(decision.reason !== undefined ? { reason: decision.reason } : {}),
      ...(decision.content !== undefined ? { content: decision.content } : {}),
      ...(decision.cancelled ? { cancelled: true as const } : {}),
    });
    endNode(ctx, nodeId, "succeeded", { output: decision });
    return decision;
  } catch (error) {
    endNode(ctx, nodeId, "aborted", { error: { code: "JUNE_ABORTED", message: (error as Error).message } });
    throw error;
  }
}
