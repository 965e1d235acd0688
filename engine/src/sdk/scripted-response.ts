// What a scripted model answers: the response shape a test writes, and its translation into one
// turn of model output (content, usage, finish reason) that both doGenerate and doStream emit.
import type {
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4Prompt,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import type { PromptWordCount } from "./scripted-prompt-words.ts";
import { scriptedUsage } from "./scripted-usage.ts";
import type { ScriptedUsage } from "./scripted-usage.ts";

/** One tool call a scripted response makes. `input` is the tool's input as a value, not JSON. */
export interface ScriptedToolCall {
  toolName: string;
  /** Defaults to `{}`. */
  input?: unknown;
}

/**
 * One model response: text, tool calls, or both (the text comes first), with optional
 * reasoning (emitted before the text) and optional usage (see `scriptedUsage` for defaults).
 */
export interface ScriptedResponse {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  reasoning?: string;
  usage?: ScriptedUsage;
}

/** A tool call as the model emits it, with its deterministic id and JSON input. */
export interface ScriptedTurnToolCall {
  toolCallId: string;
  toolName: string;
  input: string;
}

/** Everything one call of the scripted model outputs. */
export interface ScriptedTurn {
  /** 0-based. */
  callIndex: number;
  reasoning: string;
  text: string;
  toolCalls: ScriptedTurnToolCall[];
  usage: LanguageModelV4Usage;
  finishReason: LanguageModelV4FinishReason;
}

/**
 * The turn for `response` as call number `callIndex` (0-based), its default input tokens counted
 * by `countPromptWords`. Tool call ids are `call_<callIndex>_<position>`, so a test can name them
 * before the run.
 *
 * @example
 * scriptedTurn({ toolCalls: [{ toolName: "read", input: { path: "a" } }] }, 0, prompt, promptWordCounter()).toolCalls[0];
 * // { toolCallId: "call_0_0", toolName: "read", input: '{"path":"a"}' }
 */
export function scriptedTurn(
  response: ScriptedResponse,
  callIndex: number,
  prompt: LanguageModelV4Prompt,
  countPromptWords: PromptWordCount,
): ScriptedTurn {
  const toolCalls = (response.toolCalls ?? []).map((call, position) => ({
    toolCallId: `call_${callIndex}_${position}`,
    toolName: call.toolName,
    input: JSON.stringify(call.input ?? {}),
  }));
  const text = response.text ?? "";
  const reasoning = response.reasoning ?? "";
  const calledTools = toolCalls.length > 0;
  return {
    callIndex,
    reasoning,
    text,
    toolCalls,
    usage: scriptedUsage(prompt, countPromptWords, { text, reasoning, toolInputs: toolCalls.map((call) => call.input) }, response.usage),
    finishReason: calledTools ? { unified: "tool-calls", raw: "tool_calls" } : { unified: "stop", raw: "stop" },
  };
}

/**
 * The turn as `doGenerate` content: reasoning, then text, then tool calls; empty parts left out.
 *
 * @example
 * turnContent(turn); // [{ type: "text", text: "Done." }]
 */
export function turnContent(turn: ScriptedTurn): LanguageModelV4Content[] {
  const content: LanguageModelV4Content[] = [];
  if (turn.reasoning !== "") content.push({ type: "reasoning", text: turn.reasoning });
  if (turn.text !== "") content.push({ type: "text", text: turn.text });
  for (const call of turn.toolCalls) content.push({ type: "tool-call", ...call });
  return content;
}
