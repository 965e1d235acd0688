// The bounds on what a model sends (run/value-limits.ts): a tool call's input, and a typed
// output, the JSON the SDK parses. A tool call whose input is past them is read no further: the
// SDK gets the reason instead of the input, text it can't parse, so the tool never runs (nor asks
// for approval) and the model sees the reason as the call's error; the trace has the call, failed
// with the code. A typed output past them fails the call.
import type { LanguageModelV4Content, LanguageModelV4Middleware } from "@ai-sdk/provider";
import { endNode, startNode, type RunContext } from "../run-context.ts";
import { toNodeError } from "../node-errors.ts";
import { JsonTextMeter, measureJsonText, valueLimitError, type ValueProblem } from "../value-limits.ts";
import { promised } from "./compose.ts";
import { endWith, tapStream } from "./stream-tap.ts";

type ToolCallPart = Extract<LanguageModelV4Content, { type: "tool-call" }>;

/**
 * Holds each call's tool-call inputs and typed output to `ctx.limits`; a refused tool call is a
 * failed tool-call node under `stepNodeId`.
 *
 * @example
 * composeLayers(model, [traceLayer(place, stepNodeId, sent), limitsLayer(ctx, stepNodeId)]);
 */
export function limitsLayer(ctx: RunContext, stepNodeId: string): LanguageModelV4Middleware {
  const screen = <P extends ToolCallPart>(part: P): P => {
    if (part.providerExecuted) return part;
    const problem = measureJsonText(part.input, ctx.limits);
    if (!problem) return part;
    const error = valueLimitError(problem, `the input the model sent to the tool "${part.toolName}"`);
    const nodeId = startNode(ctx, { parentId: stepNodeId, kind: "tool-call", name: part.toolName, callId: part.toolCallId });
    endNode(ctx, nodeId, "failed", { error: toNodeError(error) });
    return { ...part, input: `${error.message} (${error.code})` };
  };
  return {
    specificationVersion: "v4",
    wrapGenerate: ({ doGenerate, params }) =>
      promised(doGenerate).then((answered) => {
        // Copied only when a part was refused: the usual answer goes on as the model gave it.
        const content = screened(answered.content, screen);
        const result = content === answered.content ? answered : { ...answered, content };
        if (params.responseFormat?.type === "json") {
          const problem = measureJsonText(result.content.map((part) => (part.type === "text" ? part.text : "")).join(""), ctx.limits);
          if (problem) throw typedOutputError(problem);
        }
        return result;
      }),
    wrapStream: ({ doStream, params }) =>
      promised(doStream).then((result) => {
        // A typed output is JSON the SDK parses as it streams: too deep, it would overflow there.
        const meter = params.responseFormat?.type === "json" ? new JsonTextMeter(ctx.limits) : undefined;
        return tapStream(result, {
          part(part) {
            if (part.type === "tool-call") return screen(part);
            if (part.type === "text-delta" && meter) {
              const problem = meter.push(part.delta);
              if (problem) return endWith(typedOutputError(problem));
            }
            return part;
          },
        });
      }),
  };
}

function screened(content: LanguageModelV4Content[], screen: (part: ToolCallPart) => ToolCallPart): LanguageModelV4Content[] {
  let out: LanguageModelV4Content[] | undefined;
  for (let i = 0; i < content.length; i++) {
    const part = content[i]!;
    const kept = part.type === "tool-call" ? screen(part) : part;
    if (kept !== part) (out ??= content.slice(0, i)).push(kept);
    else out?.push(part);
  }
  return out ?? content;
}

function typedOutputError(problem: ValueProblem) {
  return valueLimitError(problem, "the typed output the model sent");
}
