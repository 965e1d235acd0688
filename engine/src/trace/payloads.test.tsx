// The payload types say what the engine writes: for each kind with a shape of its own, the fields
// a real run records are exactly the fields its type names (the key lists are checked against
// the types by `npm run typecheck`, and against real records here).
import { describe, expect, expectTypeOf, it } from "vitest";
import { Agent, Catch, Step, run } from "june";
import { scripted } from "june/sdk/scripted";
import { buildTrace } from "./fold.ts";
import { toolCallAnswer, type ApprovalDecision, type CatchInput, type CatchOutput, type ModelCallInput, type ModelCallOutput, type RecordedToolCall, type StepInput } from "./payloads.ts";
import { isKind, type TraceNode, type TraceNodeOf } from "./types.ts";
import type { NodeKind } from "./payloads.ts";
import { recordedEvents } from "./recorded.test-support.ts";


function nodesOf<K extends NodeKind>(root: TraceNode | undefined, kind: K): TraceNodeOf<K>[] {
  if (!root) return [];
  return [...(isKind(root, kind) ? [root] : []), ...root.children.flatMap((child) => nodesOf(child, kind))];
}

const keysOf = (value: unknown) => Object.keys(value as object).sort();

// Every field of each type, sorted; the type check fails when a type gains or loses one.
const MODEL_CALL_INPUT = ["messageOffset", "messages", "modelId", "provider", "settings", "tools"] as const;
const MODEL_CALL_OUTPUT = ["finishReason", "reasoning", "text", "toolCalls"] as const;
const TOOL_CALL = ["input", "toolCallId", "toolName"] as const;
const STEP_INPUT = ["prompt", "rendersAfter"] as const;
const APPROVAL_OUTPUT = ["approved", "reason", "content", "cancelled"] as const;
const CATCH_INPUT = ["retry"] as const;
const CATCH_OUTPUT = ["attempts", "error", "fellBack"] as const;

describe("the key lists", () => {
  it("name every field of their types", () => {
    expectTypeOf<(typeof MODEL_CALL_INPUT)[number]>().toEqualTypeOf<keyof ModelCallInput>();
    expectTypeOf<(typeof MODEL_CALL_OUTPUT)[number]>().toEqualTypeOf<keyof ModelCallOutput>();
    expectTypeOf<(typeof TOOL_CALL)[number]>().toEqualTypeOf<keyof RecordedToolCall>();
    expectTypeOf<(typeof STEP_INPUT)[number]>().toEqualTypeOf<keyof StepInput>();
    expectTypeOf<(typeof APPROVAL_OUTPUT)[number]>().toEqualTypeOf<keyof ApprovalDecision>();
    expectTypeOf<(typeof CATCH_INPUT)[number]>().toEqualTypeOf<keyof CatchInput>();
    expectTypeOf<(typeof CATCH_OUTPUT)[number]>().toEqualTypeOf<keyof CatchOutput>();
  });
});

describe("a model call's payload", () => {
  const calls = ["report", "release-denied"].flatMap((name) => nodesOf(buildTrace(recordedEvents(name as "report")), "model-call"));

  it("records every field of its input", () => {
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(keysOf(call.input)).toEqual(MODEL_CALL_INPUT);
  });

  it("records an answer's fields (reasoning only when there was some) and each tool call's", () => {
    for (const call of calls) {
      expect(MODEL_CALL_OUTPUT).toEqual(expect.arrayContaining(keysOf(call.output)));
      for (const toolCall of call.output!.toolCalls!) expect(keysOf(toolCall)).toEqual(TOOL_CALL);
    }
  });
});

describe("a step's, an approval's and a tool call's payloads", () => {
  it("are the prompt, the decision, and what the model got", () => {
    const report = buildTrace(recordedEvents("report"));
    const released = buildTrace(recordedEvents("release-denied"));
    for (const step of [...nodesOf(report, "step"), ...nodesOf(released, "step")]) expect(STEP_INPUT).toEqual(expect.arrayContaining(keysOf(step.input)));
    const [approval] = nodesOf(released, "approval");
    expect(APPROVAL_OUTPUT).toEqual(expect.arrayContaining(keysOf(approval!.output)));
    expect(approval!.output).toEqual({ approved: false, reason: "not on a Friday" });
    // The composite tool's output holds its run's usage too; the model got the value inside it.
    const [research, search] = nodesOf(report, "tool-call");
    expect(toolCallAnswer(research!)).toBe("Suspense shows a fallback while the components inside it wait for data or code.");
    expect(toolCallAnswer(search!)).toBe(search!.output);
  });
});

describe("a <Catch>'s payload", () => {
  it("is its retries, then its attempts and, when its fallback ran, the last error", async () => {
    const model = scripted([{ text: "fell back" }]);
    const result = await run(
      <Agent model={model}>
        <Catch retry={1} fallback={<Step id="fallback" prompt="say sorry" />}>
          <Agent model={scripted([])}>
            <Step id="fails" prompt="p" />
          </Agent>
        </Catch>
      </Agent>,
    ).result;
    const [node] = nodesOf(result.trace, "catch");
    expect(keysOf(node!.input)).toEqual(CATCH_INPUT);
    expect(node!.input).toEqual({ retry: 1 });
    expect(keysOf(node!.output)).toEqual(CATCH_OUTPUT);
    expect(node!.output).toMatchObject({ attempts: 2, fellBack: true, error: { code: "JUNE_SCRIPT_EXHAUSTED" } });
  });
});
