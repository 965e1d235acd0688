// Where a run can stop (boundaries), why it stopped, and what it shows while stopped. Plain JSON:
// a stop travels in the trace (the `paused` event) to stores and the studio, so its shape is the
// trace's; debug/ does the stopping.
import type { PromptMessage } from "./payloads.ts";

/** A breakpoint: on a step id (bare `findings` or prefixed `research:findings`), a tool, or an agent. */
export type Breakpoint = { kind: "step"; step: string } | { kind: "tool"; tool: string } | { kind: "agent"; agent: string };

/**
 * The places a run can stop: before a model call, while an approval waits for its decision,
 * before a tool executes, after a step ends.
 */
export type BoundaryKind = "model-call" | "approval" | "tool-call" | "step-end";

/** Why a run stopped where it did. */
export type StopReason = "start" | "pause" | "step" | "breakpoint";

/** The model call a run stopped before: the whole prompt, the tools offered, the settings. */
export interface PendingModelRequest {
  provider: string;
  modelId: string;
  /**
   * The prompt as the model will get it (LanguageModelV4 messages, plain JSON), from
   * `messageOffset` on: like a model-call node, only what is new since the step's previous model
   * call (whose nodes hold the rest). 0 for a step's first call: then it is the whole prompt.
   * Encoded and read back by prompt-delta.ts.
   */
  messageOffset: number;
  messages: PromptMessage[];
  /** The tools offered, with their descriptions. */
  tools: { name: string; description?: string }[];
  settings: Record<string, unknown>;
}

/** A tool call a run stopped before (or whose approval it waits for). */
export interface PendingToolCall {
  toolName: string;
  toolCallId: string;
  input: unknown;
}

export interface StopInfo {
  /** 1, 2, 3, … per run. */
  id: number;
  boundary: BoundaryKind;
  reason: StopReason;
  /** The breakpoint that matched, when `reason` is "breakpoint". */
  breakpoint?: Breakpoint;
  /** Agent names from the run's root to the agent whose step this is. */
  agentPath: string[];
  /** The step id, prefixed by the composite tools it runs in: `research:findings`. */
  step: string;
  /** The step's node in the trace. */
  stepNodeId: string;
  /** The node the stop is about when it exists: the approval node, or the step (step-end). */
  nodeId?: string;
  /** Before a model call: what it will be sent. */
  request?: PendingModelRequest;
  /** Before a tool executes, or at its approval: the call. */
  tool?: PendingToolCall;
  /** After a step: its value. */
  output?: unknown;
}
