// What a tool source's tool may ask of the run while one of its calls runs: an MCP server's
// request for a person's input or for the calling agent's model (mcp/server-requests.ts), or a
// note of what a guard checked (claude-code/guard.ts). The run
// (run/server-asks.ts) provides it for the call being entered; a tool reads it synchronously, first
// thing in its execute, as a composite reads its hand-off. One reader registered once, not a value
// set per call: every tool call's path stays as it was.
import type { ModelMessage } from "ai";
import type { ElicitValue, GuardInput, GuardOutput, ServerAsk } from "../trace/index.ts";

/** A person's answer to a server's request (the approvals inbox). */
export interface PersonAnswer {
  approved: boolean;
  reason?: string;
  /** An elicitation's answers, when submitted. */
  content?: Record<string, ElicitValue>;
  /** Dismissed without an answer (an elicitation's "cancel"). */
  cancelled?: true;
}

/** What the calling agent's model answered a sampling request. */
export interface SampledAnswer {
  text: string;
  /** The model that answered (its id). */
  model: string;
  /** The AI SDK's finish reason ("stop", "length", …). */
  finishReason: string;
}

export interface CallHost {
  /** The run's abort: waits end with it. */
  readonly signal: AbortSignal;
  /** The calling agent's model, as "provider:model" (what a sampling request would be answered by). */
  modelName(): string;
  /**
   * Asks the person running the agent (an approval in the inbox, a node under the call) and
   * resolves with their answer; rejects when the run is aborted.
   */
  askPerson(ask: ServerAsk): Promise<PersonAnswer>;
  /** Has the calling agent's model answer `messages` (a model-call node under the call, priced as any). */
  sample(request: { system?: string; messages: ModelMessage[]; maxOutputTokens: number; temperature?: number }): Promise<SampledAnswer>;
  /** Records a request the server made and June answered at once (its roots): a node under the call. */
  noteRequest(request: { server: string; method: string; answer: unknown }): void;
  /**
   * Records a check a guard made of this call (a Claude Code hook's run, a permission rule's
   * decision): a `guard` node under the call, ended as it was noted.
   */
  noteGuard(check: GuardInput, outcome: GuardOutput): void;
}

/** What a step's tool loop tells a stop hook when the model has finished (no tool calls left). */
export interface StepStopEvent {
  /** The model's last text. */
  text: string;
  /** True when the agent is already going on because a stop hook said so (Claude Code's `stop_hook_active`). */
  stopHookActive: boolean;
  /** Model calls the step has made so far, over every continuation. */
  turns: number;
  signal: AbortSignal;
}

/** A stop hook's answer: go on with `continueWith` as the next user message, and the checks to record under the step. */
export interface StepStopAnswer {
  continueWith?: string;
  checks: { check: GuardInput; outcome: GuardOutput }[];
}

/**
 * Called by the tool loop when the model ends a step (an agent's optional `onStepStop` setting; a
 * Claude Code project's Stop/SubagentStop hooks, claude-code/guard.ts). Absent, it costs nothing.
 */
export type StepStopHook = (event: StepStopEvent) => Promise<StepStopAnswer>;

/** What a step-start hook answers: the prompt to send (with what the hooks added), or why it may not be sent. */
export interface StepStartAnswer {
  prompt: string;
  /** The step doesn't start: a hook blocked the prompt (Claude Code's UserPromptSubmit exit 2 / `decision: "block"`). */
  blocked?: string;
  checks: { check: GuardInput; outcome: GuardOutput }[];
}

/**
 * Called by the tool loop before a step's first model call (an agent's optional `onStepStart`
 * setting; a Claude Code project's SessionStart and UserPromptSubmit hooks). Absent, it costs nothing.
 */
export type StepStartHook = (event: { prompt: string; signal: AbortSignal }) => Promise<StepStartAnswer>;

let reader: (() => CallHost | undefined) | undefined;

/** Registers how the call being entered is told (the run does, once). */
export function provideCallHost(read: () => CallHost | undefined): void {
  reader = read;
}

/** The run's host for the tool call being entered right now; read it synchronously, first thing. */
export function currentCallHost(): CallHost | undefined {
  return reader?.();
}
