// One step's tool loop on the AI SDK: generateText/streamText with the agent's tools, model and
// settings. When a call needs approval the SDK stops; June asks through the run, waits, and
// continues the loop with the decision as a tool-approval-response — the SDK's own protocol.
import {
  generateText,
  stepCountIs,
  streamText,
  type LanguageModel,
  type ModelMessage,
  type OutputInterface,
  type StopCondition,
  type ToolSet,
} from "ai";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { StepStartHook, StepStopAnswer, StepStopEvent, StepStopHook } from "../capabilities/index.ts";
import { JuneError } from "../errors/index.ts";
import { askApproval } from "./ask-approval.ts";
import { recordGuard } from "./guard-node.ts";
import type { AgentFrame, Place } from "./run-context.ts";
import { tracedModel } from "./traced-model.ts";
import { tracedTools } from "./traced-tools.ts";
import { traceUnknownToolCalls } from "./unknown-tools.ts";
import { checkValue } from "./value-limits.ts";

/** A step's tool loop runs at most this many model calls unless the agent sets `stopWhen`. */
export const DEFAULT_MAX_TURNS = 20;

export interface LoopInput {
  place: Place;
  agent: AgentFrame;
  stepNodeId: string;
  stepId: string;
  prompt: string;
  output?: OutputInterface<any, any>;
}

interface PendingRequest {
  approvalId: string;
  toolCall: { toolCallId: string; toolName: string; input: unknown };
  isAutomatic?: boolean;
}

/** Runs the loop to its end; returns the step's value (text, or the parsed typed output). */
export async function runModelLoop(input: LoopInput): Promise<unknown> {
  const model = tracedModel(resolveModel(input.agent, input.place, input.stepId), input.place, input.stepNodeId);
  const traced = tracedTools({ ...input.agent.scope.tools, ...input.agent.loaders }, input.place, input.stepNodeId);
  try {
    return await loop(input, model, traced.tools);
  } catch (error) {
    // On an abort the SDK gives up on the step's other tool calls at the first that rejects: their
    // nodes must end before the step's (and the run's). They settle promptly once aborted (a leaf
    // is raced against the signal, a composite's workflow gives way), unlike after other errors.
    if (input.place.signal.aborted) await traced.settled();
    throw error;
  }
}

async function loop(input: LoopInput, model: LanguageModelV4, tools: ToolSet): Promise<unknown> {
  const { place, agent } = input;
  // `onStepStop` (a Claude Code project's Stop hooks, claude-code/guard.ts) is June's, not the SDK's.
  const { model: _m, instructions: _i, stopWhen, name: _n, tools: _t, children: _c, blocks: _b, onStepStop, onStepStart, ...settings } = agent.props;
  const instructions = agent.instructions;
  const prompt = onStepStart ? await startedStep(onStepStart, input.prompt, place, input.stepNodeId) : input.prompt;
  let messages: ModelMessage[] = [{ role: "user", content: prompt }];
  let turnsLeft = DEFAULT_MAX_TURNS;
  let stopHookActive = false;
  // Model calls across every continuation a stop hook asked for (each restarts the SDK's own count).
  let turnsTaken = 0;

  for (;;) {
    const call = {
      model,
      tools,
      messages,
      ...(instructions !== undefined ? { instructions } : {}),
      stopWhen: (stopWhen ?? stepCountIs(turnsLeft)) as StopCondition<ToolSet> | StopCondition<ToolSet>[],
      abortSignal: place.signal,
      // A call of a tool the agent lacks reaches no tool layer; it is traced from the turn's content.
      onStepEnd: (step: { content: readonly { type: string }[] }) => traceUnknownToolCalls(place, input.stepNodeId, step.content, tools),
      ...(input.output ? { output: input.output } : {}),
      ...settings,
    };
    const outcome = place.ctx.stream ? await streamed(call) : await generated(call);
    turnsLeft -= outcome.stepCount;
    turnsTaken += outcome.stepCount;

    const requests = outcome.lastContent
      .filter((part) => part.type === "tool-approval-request" && !part.isAutomatic)
      .map((part) => part as unknown as PendingRequest);
    if (requests.length === 0) {
      if (onStepStop && !input.output && (stopWhen !== undefined || turnsLeft > 0)) {
        const more = await stoppedStep(onStepStop, { text: outcome.text, stopHookActive, turns: turnsTaken, signal: place.signal }, place, input.stepNodeId);
        if (more !== undefined) {
          stopHookActive = true;
          messages = [...messages, ...outcome.responseMessages, { role: "user", content: more }];
          continue;
        }
      }
      return bounded(input.output ? outcome.output() : outcome.text, place);
    }
    if (stopWhen === undefined && turnsLeft <= 0) return bounded(outcome.text, place);

    messages = [...messages, ...outcome.responseMessages];
    const decisions = await Promise.all(
      requests.map((request) =>
        askApproval({
          place,
          stepNodeId: input.stepNodeId,
          approvalId: request.approvalId,
          toolCall: request.toolCall,
          description: tools[request.toolCall.toolName]?.description,
        }),
      ),
    );
    // An abort that came with (or right after) the last decision: the SDK would execute the
    // approved calls before it looks at the signal.
    place.signal.throwIfAborted();
    messages.push({
      role: "tool",
      content: decisions.map((d, i) => ({
        type: "tool-approval-response" as const,
        approvalId: requests[i]!.approvalId,
        approved: d.approved,
        ...(d.reason !== undefined ? { reason: d.reason } : {}),
      })),
    });
  }
}

// The agent's stop hook, its checks as guard nodes under the step; the message to go on with, if any.
/** The step's prompt after its start hooks (their checks recorded under the step); a JuneError when one blocked it. */
async function startedStep(hook: StepStartHook, prompt: string, place: Place, stepNodeId: string): Promise<string> {
  const answer = await hook({ prompt, signal: place.signal });
  recordChecks(answer.checks, place, stepNodeId);
  if (answer.blocked !== undefined) {
    throw new JuneError("JUNE_PERMISSION_DENIED", `june: the step's prompt was not sent: ${answer.blocked}`);
  }
  return answer.prompt;
}

function recordChecks(checks: StepStopAnswer["checks"], place: Place, stepNodeId: string): void {
  for (const { check, outcome } of checks) recordGuard(place.ctx, stepNodeId, check, outcome);
}

async function stoppedStep(hook: StepStopHook, event: StepStopEvent, place: Place, stepNodeId: string): Promise<string | undefined> {
  const answer = await hook(event);
  recordChecks(answer.checks, place, stepNodeId);
  return answer.continueWith;
}

// A step's value is recorded and handed on: a typed output the model nested too deep fails the step.
function bounded(value: unknown, place: Place): unknown {
  checkValue(value, place.ctx.limits, "the step's output");
  return value;
}

interface Outcome {
  text: string;
  output: () => unknown;
  lastContent: { type: string; [key: string]: unknown }[];
  responseMessages: ModelMessage[];
  stepCount: number;
}

async function generated(call: Parameters<typeof generateText>[0]): Promise<Outcome> {
  const result = await generateText(call);
  return {
    text: result.text,
    output: () => result.output,
    lastContent: (result.steps.at(-1)?.content ?? []) as Outcome["lastContent"],
    // All of the call's messages: `response.messages` is only the last step's, which loses the
    // tool results the SDK produced continuing from approvals (and any earlier steps), so the
    // next approval round would send tool calls without their results.
    responseMessages: result.responseMessages,
    stepCount: result.steps.length,
  };
}

async function streamed(call: Parameters<typeof streamText>[0]): Promise<Outcome> {
  let failure: unknown;
  // The end event carries everything June needs. Reading result.steps/.response/.text instead
  // would make the SDK replay its whole retained stream once per getter — seconds of CPU after a
  // long run, during which the studio couldn't even send the run's last events.
  let ended: StreamEnd | undefined;
  const result = streamText({
    ...call,
    onError: ({ error }) => void (failure ??= error),
    onEnd: (event) => void (ended = event as unknown as StreamEnd),
  });
  for await (const part of result.fullStream) {
    if (part.type === "error") failure ??= part.error;
    if (part.type === "abort") break;
  }
  if (failure !== undefined) throw failure;
  const end = ended as StreamEnd | undefined;
  if (end && (end.output !== undefined || !call.output)) {
    return {
      text: end.text,
      output: () => end.output,
      lastContent: end.content as Outcome["lastContent"],
      responseMessages: end.responseMessages,
      stepCount: end.steps.length,
    };
  }
  // No end event, or a typed output that didn't parse: the getters say why (and throw for it).
  const [steps, responseMessages, text] = await Promise.all([result.steps, result.responseMessages, result.text]);
  const output = await Promise.resolve(result.output).catch((error: unknown) => error);
  return {
    text,
    output: () => {
      if (output instanceof Error) throw output;
      return output;
    },
    lastContent: (steps.at(-1)?.content ?? []) as Outcome["lastContent"],
    responseMessages,
    stepCount: steps.length,
  };
}

interface StreamEnd {
  text: string;
  output?: unknown;
  content: unknown[];
  responseMessages: ModelMessage[];
  steps: unknown[];
}

export function resolveModel(agent: AgentFrame, place: Place, stepId: string): LanguageModelV4 {
  const model: LanguageModel | undefined = place.ctx.modelOverride ?? agent.props.model ?? place.ctx.defaultModel;
  if (model === undefined) {
    throw new JuneError(
      "JUNE_NO_MODEL",
      `june: ${agent.label} has no model, so its step "${stepId}" can't run. Set model={…} on the <Agent> ` +
        `(e.g. openai("gpt-5-mini") from "june/sdk/openai"), or pass a default model to run().`,
    );
  }
  if (typeof model === "string") {
    throw new JuneError(
      "JUNE_NO_MODEL",
      `june: ${agent.label} names its model as the string ${JSON.stringify(model)}; June needs a model object. ` +
        `Use a helper from june/sdk/* (e.g. openai(${JSON.stringify(model)})).`,
    );
  }
  return model as LanguageModelV4;
}
