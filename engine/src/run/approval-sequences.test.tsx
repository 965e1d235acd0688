// Approvals in sequence and in parallel, with streaming on and off: every decision the model
// loop hands back to the AI SDK keeps the whole conversation (the tool results the SDK produced
// while continuing), so a second or third approval in a row never loses the first one's result.
// Each case asserts what executed and in what order, what the model saw next, and the trace.
import { describe, expect, it } from "vitest";
import { Output, tool, type ModelMessage } from "ai";
import { z } from "zod";
import { Agent, RequireApproval, Step, Tool, run, type ApprovalRequest, type RunHandle, type TraceEvent } from "june";
import { scripted, type ScriptedModel } from "june/sdk/scripted";

type Decision = "approve" | "deny";

/** A tool that counts its executions in `log` (by name, in the order they happen). */
function countingTool(name: string, log: string[], needsApproval = false) {
  return tool({
    description: `Tool ${name}`,
    inputSchema: z.object({ n: z.number() }),
    ...(needsApproval ? { needsApproval: true } : {}),
    execute: async ({ n }) => {
      log.push(name);
      return `${name} ran with ${n}`;
    },
  });
}

/** Every decision pattern of `length` decisions: all approve, all deny and every mix. */
function patterns(length: number): Decision[][] {
  if (length === 0) return [[]];
  return patterns(length - 1).flatMap((rest) => [["approve", ...rest] as Decision[], ["deny", ...rest] as Decision[]]);
}

const denyReason = (toolName: string) => `not ${toolName} today`;

/**
 * Drives a run to its end: collects every event; once `batch` approvals are pending, decides
 * them in reverse order of asking (the later asked first) with `decide(approval, index)`.
 */
async function drive(handle: RunHandle, batch: number, decide: (approval: ApprovalRequest, index: number) => Decision): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  let asked: ApprovalRequest[] = [];
  let index = 0;
  for await (const event of handle.events) {
    events.push(event);
    if (event.type !== "approval-requested") continue;
    asked.push(event.approval);
    if (asked.length < batch) continue;
    const decided = asked.map((approval) => ({ approval, decision: decide(approval, index++) }));
    for (const { approval, decision } of decided.reverse()) {
      if (decision === "approve") handle.approve(approval.approvalId);
      else handle.deny(approval.approvalId, denyReason(approval.toolName));
    }
    asked = [];
  }
  return events;
}

/** The tool result the model was sent for `toolCallId`, in any of its calls' prompts. */
function toolResultIn(prompt: ModelMessage[], toolCallId: string): { type: string; value?: unknown; reason?: string } | undefined {
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type === "tool-result" && part.toolCallId === toolCallId) return part.output as { type: string; value?: unknown; reason?: string };
    }
  }
  return undefined;
}

function approvalEvents(events: TraceEvent[]) {
  return events
    .filter((e) => e.type === "approval-requested" || e.type === "approval-resolved")
    .map((e) =>
      e.type === "approval-requested"
        ? { type: e.type, tool: e.approval.toolName, callId: e.approval.toolCallId }
        : { type: e.type, approvalId: (e as Extract<TraceEvent, { type: "approval-resolved" }>).approvalId, approved: (e as Extract<TraceEvent, { type: "approval-resolved" }>).approved },
    );
}

/** The agent: tools t1…tN under one <RequireApproval>, plus `free` (no approval), one step. */
function workflow(model: ScriptedModel, count: number, log: string[]) {
  const names = Array.from({ length: count }, (_, i) => `t${i + 1}`);
  return (
    <Agent model={model} name="ops">
      <RequireApproval>
        {names.map((name) => (
          <Tool name={name} value={countingTool(name, log)} />
        ))}
      </RequireApproval>
      <Tool name="free" value={countingTool("free", log)} />
      <Step id="work" prompt="Do the work" />
    </Agent>
  );
}

function expectNoMissingResult(result: unknown, events: TraceEvent[]) {
  expect(JSON.stringify(result)).not.toContain("Tool result is missing");
  expect(JSON.stringify(events)).not.toContain("Tool result is missing");
}

const streams = [
  { stream: true, mode: "stream on" },
  { stream: false, mode: "stream off" },
];

const sequential = streams.flatMap(({ stream, mode }) =>
  [1, 2, 3].flatMap((count) => patterns(count).map((decisions) => ({ stream, mode, count, decisions, label: decisions.join(", ") }))),
);

describe("sequential approvals: the model calls t1, then t2, then t3, one per turn", () => {
  it.each(sequential)("$mode, $count in a row: $label", async ({ stream, count, decisions }) => {
    const log: string[] = [];
    const names = decisions.map((_, i) => `t${i + 1}`);
    const model = scripted([...names.map((toolName, i) => ({ toolCalls: [{ toolName, input: { n: i + 1 } }] })), { text: "done" }]);
    const handle = run(workflow(model, count, log), { stream });
    const events = await drive(handle, 1, (approval, index) => {
      // Nothing runs before its own approval is granted: the log holds only earlier approvals.
      expect(approval.toolName).toBe(names[index]);
      expect(log).toEqual(names.slice(0, index).filter((_, i) => decisions[i] === "approve"));
      return decisions[index]!;
    });
    const result = await handle.result;

    expect(result.error).toBeUndefined();
    expect(result.status).toBe("succeeded");
    expect(result.output).toBe("done");
    expectNoMissingResult(result, events);
    expect(log).toEqual(names.filter((_, i) => decisions[i] === "approve"));
    expect(model.calls).toHaveLength(count + 1);
    // The model's next prompt holds each decision's outcome, and every later prompt keeps it.
    decisions.forEach((decision, i) => {
      for (const call of model.calls.slice(i + 1)) {
        const output = toolResultIn(call.prompt, `call_${i}_0`);
        if (decision === "approve") expect(output).toEqual({ type: "text", value: `t${i + 1} ran with ${i + 1}` });
        else expect(output).toEqual({ type: "execution-denied", reason: denyReason(`t${i + 1}`) });
      }
    });
    const approvals = events.filter((e) => e.type === "approval-requested").map((e) => e.approval.approvalId);
    expect(approvalEvents(events)).toEqual(
      decisions.flatMap((decision, i) => [
        { type: "approval-requested", tool: `t${i + 1}`, callId: `call_${i}_0` },
        { type: "approval-resolved", approvalId: approvals[i], approved: decision === "approve" },
      ]),
    );
  });
});

const parallel = streams.flatMap(({ stream, mode }) =>
  [2, 3].flatMap((count) => patterns(count).map((decisions) => ({ stream, mode, count, decisions, label: decisions.join(", ") }))),
);

describe("parallel approvals: the model calls t1…tN in one response", () => {
  it.each(parallel)("$mode, $count at once: $label", async ({ stream, count, decisions }) => {
    const log: string[] = [];
    const names = decisions.map((_, i) => `t${i + 1}`);
    const model = scripted([{ toolCalls: names.map((toolName, i) => ({ toolName, input: { n: i + 1 } })) }, { text: "done" }]);
    const handle = run(workflow(model, count, log), { stream });
    const events = await drive(handle, count, (approval, index) => {
      // All are asked before any is decided, and none has run yet.
      expect(approval.toolName).toBe(names[index]);
      expect(log).toEqual([]);
      expect(handle.pendingApprovals()).toHaveLength(count);
      return decisions[index]!;
    });
    const result = await handle.result;

    expect(result.error).toBeUndefined();
    expect(result.status).toBe("succeeded");
    expect(result.output).toBe("done");
    expectNoMissingResult(result, events);
    // The approved ones run once each, in the order the model called them.
    expect(log).toEqual(names.filter((_, i) => decisions[i] === "approve"));
    expect(model.calls).toHaveLength(2);
    decisions.forEach((decision, i) => {
      const output = toolResultIn(model.calls[1]!.prompt, `call_0_${i}`);
      if (decision === "approve") expect(output).toEqual({ type: "text", value: `t${i + 1} ran with ${i + 1}` });
      else expect(output).toEqual({ type: "execution-denied", reason: denyReason(`t${i + 1}`) });
    });
    const requested = events.filter((e) => e.type === "approval-requested").map((e) => e.approval);
    expect(requested.map((a) => [a.toolName, a.toolCallId])).toEqual(names.map((name, i) => [name, `call_0_${i}`]));
    // Decided in reverse order of asking; each resolved after all were asked.
    const kinds = approvalEvents(events).map((e) => e.type);
    expect(kinds).toEqual([...names.map(() => "approval-requested"), ...names.map(() => "approval-resolved")]);
    const resolved = events.filter((e) => e.type === "approval-resolved");
    expect(resolved.map((e) => [e.approvalId, e.approved])).toEqual(
      requested.map((a, i) => [a.approvalId, decisions[i] === "approve"]).reverse(),
    );
  });
});

describe("an approval after a step that needed none", () => {
  it.each(streams)("$mode: the earlier step's call and result stay in the conversation", async ({ stream }) => {
    const log: string[] = [];
    const model = scripted([
      { toolCalls: [{ toolName: "free", input: { n: 0 } }] },
      { toolCalls: [{ toolName: "t1", input: { n: 1 } }] },
      { toolCalls: [{ toolName: "free", input: { n: 2 } }] },
      { toolCalls: [{ toolName: "t2", input: { n: 3 } }] },
      { text: "done" },
    ]);
    const handle = run(workflow(model, 2, log), { stream });
    const events = await drive(handle, 1, () => "approve");
    const result = await handle.result;

    expect(result.status).toBe("succeeded");
    expectNoMissingResult(result, events);
    expect(log).toEqual(["free", "t1", "free", "t2"]);
    const last = model.calls.at(-1)!.prompt;
    expect(toolResultIn(last, "call_0_0")).toEqual({ type: "text", value: "free ran with 0" });
    expect(toolResultIn(last, "call_1_0")).toEqual({ type: "text", value: "t1 ran with 1" });
    expect(toolResultIn(last, "call_2_0")).toEqual({ type: "text", value: "free ran with 2" });
    expect(toolResultIn(last, "call_3_0")).toEqual({ type: "text", value: "t2 ran with 3" });
    // Each call appears once: nothing was lost and nothing repeated.
    const callIds = last.flatMap((m) => (m.role === "assistant" && typeof m.content !== "string" ? m.content.filter((p) => p.type === "tool-call").map((p) => p.toolCallId) : []));
    expect(callIds).toEqual(["call_0_0", "call_1_0", "call_2_0", "call_3_0"]);
  });
});

describe("approvals in a step with a typed output", () => {
  it.each(streams)("$mode: two approvals in a row, then the parsed object", async ({ stream }) => {
    const log: string[] = [];
    const model = scripted([
      { toolCalls: [{ toolName: "t1", input: { n: 1 } }] },
      { toolCalls: [{ toolName: "t2", input: { n: 2 } }] },
      { text: JSON.stringify({ shipped: 2 }) },
    ]);
    const handle = run(
      <Agent model={model} name="ops">
        <RequireApproval>
          <Tool name="t1" value={countingTool("t1", log)} />
          <Tool name="t2" value={countingTool("t2", log)} />
        </RequireApproval>
        <Step id="work" prompt="Do the work" output={Output.object({ schema: z.object({ shipped: z.number() }) })} />
      </Agent>,
      { stream },
    );
    const events = await drive(handle, 1, (_, index) => (index === 0 ? "approve" : "deny"));
    const result = await handle.result;

    expect(result.error).toBeUndefined();
    expect(result.status).toBe("succeeded");
    expect(result.output).toEqual({ shipped: 2 });
    expectNoMissingResult(result, events);
    expect(log).toEqual(["t1"]);
    const last = model.calls.at(-1)!.prompt;
    expect(toolResultIn(last, "call_0_0")).toEqual({ type: "text", value: "t1 ran with 1" });
    expect(toolResultIn(last, "call_1_0")).toEqual({ type: "execution-denied", reason: denyReason("t2") });
  });
});
