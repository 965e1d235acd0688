// Comparing two runs: steps aligned on agent path + step id (+ occurrence), their model calls,
// tool calls and approvals by index, and every field marked same / changed / only in one run.
import { describe, expect, it } from "vitest";
import { recordedEvents } from "../../test/fixtures.ts";
import type { TraceEvent } from "../contract/index.ts";
import { buildRunTrace } from "../trace/index.ts";
import { compareRuns, type RunComparison, type SectionDiff } from "./align.ts";

const side = (events: TraceEvent[]) => ({ root: buildRunTrace(events).root });

/** Rewrites a recorded run event by event (an event may become several), numbered afresh. */
function edit(events: TraceEvent[], change: (event: TraceEvent) => TraceEvent | TraceEvent[]): TraceEvent[] {
  return events.flatMap(change).map((event, index) => ({ ...event, seq: index + 1 }));
}

function step(result: RunComparison, label: string) {
  const found = result.steps.find((s) => s.label === label);
  if (!found) throw new Error(`no aligned step ${label} in ${result.steps.map((s) => s.label).join(", ")}`);
  return found;
}

function section(sections: SectionDiff[], title: string): SectionDiff {
  const found = sections.find((s) => s.title === title);
  if (!found) throw new Error(`no section ${title} in ${sections.map((s) => s.title).join(", ")}`);
  return found;
}

/** The fields that differ, as [name, status]. */
const differences = (s: SectionDiff) => s.fields.filter((f) => f.status !== "same").map((f) => [f.name, f.status]);

const report = () => recordedEvents("report", "left");

describe("the same workflow run twice", () => {
  it("finds nothing to mark when the runs did the same", () => {
    const result = compareRuns(side(report()), side(recordedEvents("report", "right")));
    expect(result.steps.map((s) => [s.agentPath.join(" › "), s.label, s.status])).toEqual([
      ["Report", "report", "same"],
      ["Report › Agent", "research:findings", "same"],
    ]);
    expect(result.run.status).toBe("same");
    expect(result.counts).toEqual({ same: 2, changed: 0, "only-left": 0, "only-right": 0 });
  });

  it("ignores ids that are new on every run (tool call ids)", () => {
    const renamed = edit(recordedEvents("report", "right"), (e) => JSON.parse(JSON.stringify(e).replaceAll("call_0_0", "call_zz").replaceAll("call_1_0", "call_yy")) as TraceEvent);
    const result = compareRuns(side(report()), side(renamed));
    expect(result.counts.same).toBe(2);
  });

  it("lines up each step's sections: the step, its model calls, its tool calls", () => {
    const result = compareRuns(side(report()), side(report()));
    expect(step(result, "report").sections.map((s) => s.title)).toEqual(["Step", "Model call 1", "Model call 2", "Tool call 1"]);
    expect(section(step(result, "report").sections, "Model call 1").fields.map((f) => f.name)).toEqual([
      "model",
      "messages",
      "tools offered",
      "settings",
      "tool calls",
      "finish reason",
      "status",
      "tokens",
      "cost",
    ]);
  });
});

describe("a changed prompt", () => {
  const changed = () =>
    edit(report(), (e) => {
      if (e.type === "node-start" && e.node.kind === "step" && e.node.id === "n8") return { ...e, node: { ...e.node, input: { prompt: "Research briefly: How does React Suspense work?" } } };
      if (e.type === "node-start" && e.node.kind === "model-call" && e.node.id === "n9") {
        return { ...e, node: { ...e.node, input: { ...e.node.input!, messages: [{ role: "user", content: [{ type: "text", text: "Research briefly: How does React Suspense work?" }] }] } } };
      }
      return e;
    });

  it("marks the step's prompt and the messages sent as changed, with both texts", () => {
    const result = compareRuns(side(report()), side(changed()));
    const findings = step(result, "research:findings");
    expect(findings.status).toBe("changed");
    expect(differences(section(findings.sections, "Step"))).toEqual([["prompt", "changed"]]);
    expect(section(findings.sections, "Step").fields[0]).toEqual({
      name: "prompt",
      status: "changed",
      left: "Research: How does React Suspense work?",
      right: "Research briefly: How does React Suspense work?",
    });
    const call = section(findings.sections, "Model call 1");
    expect(differences(call)).toEqual([["messages", "changed"]]);
    expect(call.fields.find((f) => f.name === "messages")!.right).toBe("user: Research briefly: How does React Suspense work?");
    expect(section(findings.sections, "Model call 2").status).toBe("same");
  });

  it("leaves the steps it did not touch the same", () => {
    const result = compareRuns(side(report()), side(changed()));
    expect(step(result, "report").status).toBe("same");
    expect(result.counts).toEqual({ same: 1, changed: 1, "only-left": 0, "only-right": 0 });
  });
});

describe("an extra tool call", () => {
  const extra = () =>
    edit(report(), (e) => {
      if (e.type === "node-end" && e.nodeId === "n9") {
        const output = e.output as { toolCalls: unknown[] };
        return { ...e, output: { ...output, toolCalls: [...output.toolCalls, { toolCallId: "call_1_1", toolName: "search", input: { query: "Suspense fallback" } }] } };
      }
      if (e.type === "node-end" && e.nodeId === "n10") {
        return [
          e,
          { ...e, type: "node-start", node: { id: "n10b", parentId: "n8", kind: "tool-call", name: "search", input: { query: "Suspense fallback" }, callId: "call_1_1" } },
          { ...e, nodeId: "n10b", output: "results for Suspense fallback" },
        ];
      }
      return e;
    });

  it("shows the call only the right run made, and the model call that asked for it as changed", () => {
    const findings = step(compareRuns(side(report()), side(extra())), "research:findings");
    expect(findings.status).toBe("changed");
    expect(section(findings.sections, "Tool call 1").status).toBe("same");
    const added = section(findings.sections, "Tool call 2");
    expect(added.status).toBe("only-right");
    expect(added.fields.map((f) => [f.name, f.status, f.left, f.right])).toEqual([
      ["tool", "only-right", undefined, "search"],
      ["input", "only-right", undefined, '{\n  "query": "Suspense fallback"\n}'],
      ["result", "only-right", undefined, "results for Suspense fallback"],
      ["status", "only-right", undefined, "succeeded"],
    ]);
    const asked = section(findings.sections, "Model call 1").fields.find((f) => f.name === "tool calls")!;
    expect([asked.status, asked.left, asked.right]).toEqual(["changed", 'search({"query":"React Suspense"})', 'search({"query":"React Suspense"})\nsearch({"query":"Suspense fallback"})']);
  });

  it("is only in left when the sides are swapped", () => {
    const findings = step(compareRuns(side(extra()), side(report())), "research:findings");
    expect(section(findings.sections, "Tool call 2").status).toBe("only-left");
  });
});

describe("a different output", () => {
  const answer = "Summary: Suspense waits for data.";
  const different = () =>
    edit(report(), (e) => {
      if (e.type === "node-end" && e.nodeId === "n12") return { ...e, output: { ...(e.output as object), text: answer } };
      if (e.type === "node-end" && (e.nodeId === "n3" || e.nodeId === "n1")) return { ...e, output: answer };
      return e;
    });

  it("marks the model's text, the step's output and the run's output", () => {
    const result = compareRuns(side(report()), side(different()));
    expect(differences(result.run)).toEqual([["output", "changed"]]);
    const summary = step(result, "report");
    expect(differences(section(summary.sections, "Step"))).toEqual([["output", "changed"]]);
    const text = section(summary.sections, "Model call 2").fields.find((f) => f.name === "text")!;
    expect([text.status, text.left, text.right]).toEqual(["changed", "Summary: Suspense lets a component wait for data and shows a fallback until it is ready.", answer]);
    expect(step(result, "research:findings").status).toBe("same");
  });
});

describe("approvals", () => {
  it("marks a different decision", () => {
    const approved = edit(recordedEvents("release-denied", "right"), (e) => {
      if (e.type === "approval-resolved") return { type: e.type, approvalId: e.approvalId, approved: true, runId: e.runId, seq: e.seq, time: e.time };
      if (e.type === "node-end" && e.nodeId === "n5") return { ...e, output: { approved: true } };
      return e;
    });
    const release = step(compareRuns(side(recordedEvents("release-denied", "left")), side(approved)), "release");
    const approval = section(release.sections, "Approval 1");
    expect(approval.fields.map((f) => [f.name, f.status, f.left, f.right])).toEqual([
      ["tool", "same", "deploy", "deploy"],
      ["input", "same", '{\n  "env": "staging"\n}', '{\n  "env": "staging"\n}'],
      ["decision", "changed", "denied: not on a Friday", "approved"],
    ]);
  });
});

describe("usage and cost", () => {
  it("marks a model call that used other tokens or cost more", () => {
    const priced = (events: TraceEvent[], n12: number) => events.map((e) => (e.type === "usage" ? { ...e, costUsd: e.nodeId === "n12" ? n12 : 0.001 } : e));
    const more = edit(priced(report(), 0.002), (e) =>
      e.type === "usage" && e.nodeId === "n12" ? { ...e, usage: { ...e.usage, outputTokens: 30, totalTokens: 58 } } : e,
    );
    const result = compareRuns(side(priced(report(), 0.001)), side(more));
    const call = section(step(result, "report").sections, "Model call 2");
    expect(differences(call)).toEqual([
      ["tokens", "changed"],
      ["cost", "changed"],
    ]);
    expect(call.fields.find((f) => f.name === "cost")).toMatchObject({ left: "$0.00100", right: "$0.00200" });
    expect(differences(section(step(result, "report").sections, "Step"))).toEqual([
      ["tokens", "changed"],
      ["cost", "changed"],
    ]);
    expect(differences(result.run)).toEqual([
      ["tokens", "changed"],
      ["cost", "changed"],
    ]);
  });

  it("takes a run's totals from its summary when given", () => {
    const result = compareRuns({ ...side(report()), cost: { usd: 1, unpricedCalls: 0 } }, { ...side(report()), cost: { usd: 2, unpricedCalls: 0 } });
    expect(result.run.fields.find((f) => f.name === "cost")).toMatchObject({ status: "changed", left: "$1.00", right: "$2.00" });
  });
});

describe("alignment", () => {
  /** A run whose agent "Ask" calls the composite tool "research" `times` times (its step: findings). */
  function composite(runId: string, times: number): TraceEvent[] {
    const events: Array<Record<string, unknown>> = [];
    const start = (id: string, parentId: string | null, kind: string, name: string, input?: unknown) =>
      events.push({ type: "node-start", node: { id, parentId, kind, name, ...(input === undefined ? {} : { input }) } });
    const end = (id: string, output?: unknown) => events.push({ type: "node-end", nodeId: id, status: "succeeded", ...(output === undefined ? {} : { output }) });
    start("r", null, "run", "Ask");
    start("a", "r", "agent", "Ask");
    start("s", "a", "step", "ask", { prompt: "Look it up" });
    for (let i = 1; i <= times; i++) {
      start(`t${i}`, "s", "tool-call", "research", { question: `q${i}` });
      start(`c${i}`, `t${i}`, "composite", "research", { question: `q${i}` });
      start(`g${i}`, `c${i}`, "agent", "Agent");
      start(`f${i}`, `g${i}`, "step", "findings", { prompt: `Research: q${i}` });
      end(`f${i}`, `found ${i}`);
      end(`g${i}`);
      end(`c${i}`, `found ${i}`);
      end(`t${i}`, `found ${i}`);
    }
    end("s", "done");
    end("a");
    end("r", "done");
    return events.map((e, i) => ({ ...e, runId, seq: i + 1, time: 1000 + i }) as unknown as TraceEvent);
  }

  it("aligns a step a composite ran again by its occurrence", () => {
    const result = compareRuns(side(composite("left", 1)), side(composite("right", 2)));
    expect(result.steps.map((s) => [s.agentPath.join(" › "), s.label, s.status])).toEqual([
      ["Ask", "ask", "changed"],
      ["Ask › Agent", "research:findings", "same"],
      ["Ask › Agent", "research:findings (2)", "only-right"],
    ]);
    expect(section(step(result, "ask").sections, "Tool call 2").status).toBe("only-right");
  });

  it("places a step only the right run has after the step before it there", () => {
    const result = compareRuns(side(recordedEvents("report", "left")), side(recordedEvents("release-denied", "right")));
    expect(result.steps.map((s) => [s.label, s.status])).toEqual([
      ["release", "only-right"],
      ["report", "only-left"],
      ["research:findings", "only-left"],
    ]);
    expect(result.counts).toEqual({ same: 0, changed: 0, "only-left": 2, "only-right": 1 });
    expect(step(result, "release").sections[0]!.fields.find((f) => f.name === "prompt")).toEqual({
      name: "prompt",
      status: "only-right",
      right: "Check the changelog, then deploy to staging",
    });
  });

  it("compares a run with nothing yet against one that ran", () => {
    const result = compareRuns({ root: undefined }, side(report()));
    expect(result.run.status).toBe("only-right");
    expect(result.steps.every((s) => s.status === "only-right")).toBe(true);
  });
});
