// `scripted`: an offline, deterministic AI SDK language model for samples and tests. It answers
// each call with the next scripted response and records what it was offered, so a test can
// assert on the tools and prompt of every model call with nothing mocked below the AI SDK.
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamResult,
} from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { JuneError } from "../errors/index.ts";
import { throwIfAborted, untilAborted } from "./abort-error.ts";
import { promptRecorder } from "./scripted-recorded-prompt.ts";
import { promptWordCounter } from "./scripted-prompt-words.ts";
import { scriptedTurn, turnContent } from "./scripted-response.ts";
import type { ScriptedResponse, ScriptedTurn } from "./scripted-response.ts";
import { partStream, turnStreamParts } from "./scripted-stream.ts";

export type { ScriptedResponse, ScriptedToolCall } from "./scripted-response.ts";
export type { ScriptedUsage } from "./scripted-usage.ts";

/**
 * One call the scripted model received. `tools` are the names of the tools offered, sorted.
 * `prompt` is the prompt exactly as the AI SDK passed it to the model (the LanguageModelV4
 * prompt, which is already `ModelMessage`-compatible): system messages first, user content
 * always as parts, tool results as `{ type: "tool-result", toolCallId, toolName, output }`.
 */
export interface ScriptedCall {
  tools: string[];
  prompt: ModelMessage[];
}

/**
 * One entry of the script: a response, or a function of the call (and its 0-based index) that
 * returns one, possibly later (a promise), for responses that depend on the prompt.
 */
export type ScriptedEntry = ScriptedResponse | ((call: ScriptedCall, index: number) => ScriptedResponse | PromiseLike<ScriptedResponse>);

/** Options of `scripted`. */
export interface ScriptedOptions {
  /** The model id the AI SDK reports (`response.modelId`, telemetry). Defaults to "scripted". */
  modelId?: string;
}

/** The model `scripted` returns: a LanguageModelV4 that records its calls. */
export interface ScriptedModel extends LanguageModelV4 {
  readonly provider: "june.scripted";
  /** Every call received, in order, including one that found the script exhausted. */
  readonly calls: ScriptedCall[];
  doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult>;
  doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult>;
}

/**
 * A real AI SDK language model that answers call N with `responses[N]` and records every call
 * in `model.calls`. Use it with `generateText`/`streamText` or as an agent's model.
 *
 * - Tool call ids are `call_<call index>_<position>` (0-based), inputs are sent as JSON.
 * - Streaming sends text in word-sized `text-delta`s; the finish reason is "tool-calls" when
 *   the response calls tools, else "stop".
 * - Default usage is counted in words (a run of letters or digits), each at least 1: input
 *   tokens are the words of the prompt's texts, tool inputs and tool results; output tokens the
 *   words of the response's text, tool inputs and reasoning; reasoning tokens the words of the
 *   reasoning; cached input tokens 0. A response's `usage` overrides any of them.
 * - Each call's `request.body` (and a generated one's `response.body`) describes the call and
 *   the answer, marked `"june.scripted"` as stand-ins: no provider was called.
 * - A call past the end of the script fails with `JUNE_SCRIPT_EXHAUSTED`; an aborted call
 *   rejects (or its stream errors) with an AbortError.
 *
 * @example
 * const model = scripted([
 *   { toolCalls: [{ toolName: "weather", input: { city: "Oslo" } }] },
 *   { text: "It is sunny in Oslo." },
 * ]);
 * const result = await generateText({ model, tools: { weather }, prompt: "Weather?", stopWhen: stepCountIs(5) });
 * model.calls[0].tools; // ["weather"]
 */
export function scripted(responses: readonly ScriptedEntry[] | ScriptedResponder, options: ScriptedOptions = {}): ScriptedModel {
  return new ScriptedLanguageModel(responses, options.modelId ?? "scripted");
}

/**
 * A responder answers every call (it never runs out): for models that live longer than one run,
 * such as a project's default model in samples, deciding each response from the call it gets.
 *
 * @example
 * const model = scripted((call) => (call.prompt.at(-1)?.role === "tool" ? { text: "Done." } : { toolCalls: [{ toolName: "Glob", input: { pattern: "*.md" } }] }));
 */
export type ScriptedResponder = (call: ScriptedCall, index: number) => ScriptedResponse | PromiseLike<ScriptedResponse>;

/** What a scripted call's request and response bodies say they are: stand-ins, not what a provider sent. */
const SCRIPTED_REQUEST = "A stand-in, not an HTTP request: no provider was called. A scripted model answered, and this is the call it received (the AI SDK's options).";
const SCRIPTED_RESPONSE = "A stand-in, not an HTTP response: no provider was called. This is what the scripted model answered.";

// The call as a body, its parts by reference (a raw-body keeper writes them down, not this).
function scriptedRequestBody(modelId: string, options: LanguageModelV4CallOptions) {
  return {
    "june.scripted": SCRIPTED_REQUEST,
    model: modelId,
    prompt: options.prompt,
    tools: options.tools,
    toolChoice: options.toolChoice,
    responseFormat: options.responseFormat,
    temperature: options.temperature,
    maxOutputTokens: options.maxOutputTokens,
  };
}

class ScriptedLanguageModel implements ScriptedModel {
  readonly specificationVersion = "v4";
  readonly provider = "june.scripted";
  readonly modelId: string;
  readonly supportedUrls: Record<string, RegExp[]> = {};
  readonly calls: ScriptedCall[] = [];
  readonly #responses: readonly ScriptedEntry[];
  readonly #responder: ScriptedResponder | undefined;
  // One per model: a loop's calls share it, so each earlier part of the prompt is counted once.
  readonly #countPromptWords = promptWordCounter();
  // What calls[] keeps of each prompt: a loop's unchanged messages shared with the previous call's.
  readonly #recordPrompt = promptRecorder();

  constructor(responses: readonly ScriptedEntry[] | ScriptedResponder, modelId: string) {
    // A copy, so the script cannot change under a running workflow.
    this.#responses = typeof responses === "function" ? [] : [...responses];
    this.#responder = typeof responses === "function" ? responses : undefined;
    this.modelId = modelId;
  }

  async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
    const turn = await this.#nextTurn(options);
    const content = turnContent(turn);
    const id = `scripted-${turn.callIndex}`;
    return {
      content,
      finishReason: turn.finishReason,
      usage: turn.usage,
      request: { body: scriptedRequestBody(this.modelId, options) },
      response: {
        id,
        modelId: this.modelId,
        body: { "june.scripted": SCRIPTED_RESPONSE, id, model: this.modelId, content, finishReason: turn.finishReason.unified, usage: turn.usage },
      },
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
    const turn = await this.#nextTurn(options);
    const parts = turnStreamParts(turn, this.modelId);
    return { stream: partStream(parts, options.abortSignal, this.#describe(turn.callIndex)), request: { body: scriptedRequestBody(this.modelId, options) } };
  }

  async #nextTurn(options: LanguageModelV4CallOptions): Promise<ScriptedTurn> {
    const index = this.calls.length;
    const what = this.#describe(index);
    throwIfAborted(options.abortSignal, what);
    const call: ScriptedCall = {
      tools: (options.tools ?? []).map((tool) => tool.name).sort(),
      prompt: this.#recordPrompt(options.prompt),
    };
    this.calls.push(call);
    const entry = this.#responder ?? this.#responses[index];
    if (entry === undefined) throw this.#exhausted(index);
    const response = typeof entry === "function" ? await untilAborted(entry(call, index), options.abortSignal, what) : entry;
    return scriptedTurn(response, index, options.prompt, this.#countPromptWords);
  }

  #describe(index: number): string {
    return `scripted model "${this.modelId}", call ${index + 1}`;
  }

  #exhausted(index: number): JuneError {
    const count = this.#responses.length;
    const had = `${count} response${count === 1 ? "" : "s"}`;
    return new JuneError(
      "JUNE_SCRIPT_EXHAUSTED",
      `june: scripted model "${this.modelId}" ran out of responses: it has ${had}, and call ${index + 1} asked for one more. ` +
        "Add a response for every model call the workflow makes (a tool loop calls the model once per step).",
    );
  }
}
