// replayModel: a recorded run's model answers as a plain AI SDK language model, in the order they
// were recorded — for tests and code that call generateText/streamText themselves, or run a
// workflow with `modelOverride`. (run()'s `replay` option matches calls by where they are
// instead, which is what makes forks and resumes work.)
import type { LanguageModelV4, LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { JuneError } from "../errors/index.ts";
import { TraceBuilder, type TraceEvent } from "../trace/index.ts";
import { ReplayPlan, type RecordedModelCall } from "./plan.ts";
import { recordedGenerate, recordedStream } from "./recorded-answer.ts";
import { nodeKey } from "./call-key.ts";

/** The model answers of a recorded run, one per call, in recorded order; `calls` counts them. */
export interface ReplayModel extends LanguageModelV4 {
  readonly calls: number;
}

/**
 * @example
 * const model = replayModel(readTraceFile(".june/runs/run_x.jsonl").events);
 * const result = await generateText({ model, prompt: "…" }); // the recorded first answer
 */
export function replayModel(events: readonly TraceEvent[]): ReplayModel {
  const plan = new ReplayPlan({ mode: "replay", events });
  const builder = new TraceBuilder();
  const order: string[] = [];
  for (const event of events) {
    builder.apply(event);
    if (event.type === "node-start" && event.node.kind === "model-call") order.push(event.node.id);
  }
  const lookup = (id: string) => builder.node(id);
  const answers: RecordedModelCall[] = order
    .map((id) => builder.node(id)!)
    .filter((node) => node.status === "succeeded" || node.status === "failed")
    .map((node) => plan.modelCall(nodeKey(node, lookup))!);
  let next = 0;
  const take = (): RecordedModelCall => {
    const answer = answers[next++];
    if (!answer) {
      throw new JuneError("JUNE_REPLAY_MISMATCH", `june: replayModel: run ${plan.runId} recorded ${answers.length} model answer(s); call ${next} asked for one more.`);
    }
    return answer;
  };
  const first = answers[0];
  return {
    specificationVersion: "v4",
    provider: first?.provider ?? "june.replay",
    modelId: first?.modelId ?? "replay",
    supportedUrls: {},
    get calls() {
      return next;
    },
    async doGenerate(_options: LanguageModelV4CallOptions) {
      return recordedGenerate(take());
    },
    async doStream(_options: LanguageModelV4CallOptions) {
      return recordedStream(take());
    },
  };
}
