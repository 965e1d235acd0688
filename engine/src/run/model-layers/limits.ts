// The bounds on what a model sends (run/value-limits.ts): a tool call's input, and a typed
// output, the JSON the SDK parses. A tool call whose input is past them is read no further: the
// SDK gets the reason instead of the input, text it can't parse, so the tool never runs (nor asks
// for approval) and the model sees the reason as the call's error; the trace has the call, failed
// with the code. A typed output past them fails the call.
import type { LanguageModelV4CallOptions, LanguageModelV4Content, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { endNode, startNode, type RunContext } from "../run-context.ts";
import { toNodeError } from "../node-errors.ts";
import { JsonTextMeter, measureJsonText, valueLimitError, type ValueProblem } from "../value-limits.ts";
import { endWith, type StreamEnd, type StreamTap } from "./stream-tap.ts";
import { SHAPE_ONLY, keepShape } from "../../shapes/index.ts";
import type { ModelCall } from "./model-call.ts";
import { CallLayer, type CallHooks, type Generated } from "./compose.ts";

type ToolCallPart = Extract<LanguageModelV4Content, { type: "tool-call" }>;

/**
 * Holds each call's tool-call inputs and typed output to `ctx.limits`; a refused tool call is a
 * failed tool-call node under `stepNodeId`.
 *
 * @example
 * composeLayers(model, [traceLayer(place, stepNodeId, sent), limitsLayer(ctx, stepNodeId)]);
 */
export function limitsLayer(ctx: RunContext, stepNodeId: string): CallLayer {
  return new LimitsLayer(ctx, stepNodeId);
}

// Methods, not closures, on every call's path (tool-layers/tool-call.ts says why).
class LimitsLayer extends CallLayer implements CallHooks {
  readonly #ctx: RunContext;
  readonly #stepNodeId: string;

  constructor(ctx: RunContext, stepNodeId: string) {
    super();
    this.#ctx = ctx;
    this.#stepNodeId = stepNodeId;
  }

  generated(_call: ModelCall, params: LanguageModelV4CallOptions, answered: Generated): Generated {
    // Copied only when a part was refused: the usual answer goes on as the model gave it.
    const content = screened(answered.content, this);
    const result = content === answered.content ? answered : { ...answered, content };
    if (params.responseFormat?.type === "json") {
      const problem = measureJsonText(result.content.map((part) => (part.type === "text" ? part.text : "")).join(""), this.#ctx.limits);
      if (problem) throw typedOutputError(problem);
    }
    return result;
  }

  streamed(_call: ModelCall, params: LanguageModelV4CallOptions): StreamTap {
    // A typed output is JSON the SDK parses as it streams: too deep, it would overflow there.
    const meter = params.responseFormat?.type === "json" ? new JsonTextMeter(this.#ctx.limits) : undefined;
    return new LimitsTap(this, meter);
  }

  /** The tool call as the SDK gets it: itself, or (past the limits) the reason in place of its input. */
  screen<P extends ToolCallPart>(part: P): P {
    if (part.providerExecuted) return part;
    const ctx = this.#ctx;
    const problem = measureJsonText(part.input, ctx.limits);
    if (!problem) return part;
    const error = valueLimitError(problem, `the input the model sent to the tool "${part.toolName}"`);
    const nodeId = startNode(ctx, { parentId: this.#stepNodeId, kind: "tool-call", name: part.toolName, callId: part.toolCallId });
    endNode(ctx, nodeId, "failed", { error: toNodeError(error) });
    return { ...part, input: `${error.message} (${error.code})` };
  }
}
keepShape(new LimitsLayer(SHAPE_ONLY, ""));

class LimitsTap implements StreamTap {
  readonly #layer: LimitsLayer;
  readonly #meter: JsonTextMeter | undefined;

  constructor(layer: LimitsLayer, meter: JsonTextMeter | undefined) {
    this.#layer = layer;
    this.#meter = meter;
  }

  part(part: LanguageModelV4StreamPart): LanguageModelV4StreamPart | StreamEnd {
    if (part.type === "tool-call") return this.#layer.screen(part);
    if (part.type === "text-delta" && this.#meter) {
      const problem = this.#meter.push(part.delta);
      if (problem) return endWith(typedOutputError(problem));
    }
    return part;
  }
}
keepShape(new LimitsTap(SHAPE_ONLY, undefined));

function screened(content: LanguageModelV4Content[], layer: LimitsLayer): LanguageModelV4Content[] {
  let out: LanguageModelV4Content[] | undefined;
  for (let i = 0; i < content.length; i++) {
    const part = content[i]!;
    const kept = part.type === "tool-call" ? layer.screen(part) : part;
    if (kept !== part) (out ??= content.slice(0, i)).push(kept);
    else out?.push(part);
  }
  return out ?? content;
}

function typedOutputError(problem: ValueProblem) {
  return valueLimitError(problem, "the typed output the model sent");
}
