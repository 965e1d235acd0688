// What a tool source's tool may ask of the run while one of its calls runs: an MCP server's
// request for a person's input or for the calling agent's model (mcp/server-requests.ts). The run
// (run/server-asks.ts) provides it for the call being entered; a tool reads it synchronously, first
// thing in its execute, as a composite reads its hand-off. One reader registered once, not a value
// set per call: every tool call's path stays as it was.
import type { ModelMessage } from "ai";
import type { ElicitValue, ServerAsk } from "../trace/index.ts";

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
}

let reader: (() => CallHost | undefined) | undefined;

/** Registers how the call being entered is told (the run does, once). */
export function provideCallHost(read: () => CallHost | undefined): void {
  reader = read;
}

/** The run's host for the tool call being entered right now; read it synchronously, first thing. */
export function currentCallHost(): CallHost | undefined {
  return reader?.();
}
