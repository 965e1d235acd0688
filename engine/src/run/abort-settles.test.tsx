// Abort while calls are in flight (found by approvals.invariant.test.tsx): no tool starts once
// the run is aborted, and every node — a composite's inner workflow included — ends before the
// run does, so the result's trace holds no running node and no event follows the run's end.
import { describe, expect, it } from "vitest";
import { tool } from "ai";
import { z } from "zod";
import { Agent, RequireApproval, Step, Tool, run, type RunHandle, type TraceEvent, type TraceNode } from "june";
import { scripted } from "june/sdk/scripted";

const streams = [
  { stream: true, mode: "stream on" },
  { stream: false, mode: "stream off" },
];

function openNodes(node: TraceNode): string[] {
  const here = node.status === "running" || node.status === "waiting" ? [`${node.kind} ${node.name}`] : [];
  return [...here, ...node.children.flatMap(openNodes)];
}

/** Node ends that came after the run node's own end. */
function endsAfterTheRun(events: TraceEvent[]): string[] {
  const runEnd = events.findIndex((e) => e.type === "node-end" && e.nodeId === "n1");
  return events.slice(runEnd + 1).flatMap((e) => (e.type === "node-end" ? [e.nodeId] : []));
}

describe("abort as an approval is granted", () => {
  it.each(streams)("$mode: the approved tool never starts", async ({ stream }) => {
    const log: string[] = [];
    const deploy = tool({ description: "Deploy", inputSchema: z.object({}), execute: async () => (log.push("deploy"), "deployed") });
    const model = scripted([{ toolCalls: [{ toolName: "deploy", input: {} }] }, { text: "done" }]);
    const events: TraceEvent[] = [];
    let handle!: RunHandle;
    // eslint-disable-next-line prefer-const -- run() emits (and the listener may read the handle) before it returns
    handle = run(
      <Agent model={model}>
        <RequireApproval>
          <Tool name="deploy" value={deploy} />
        </RequireApproval>
        <Step id="ship" prompt="Ship it" />
      </Agent>,
      {
        stream,
        onEvent: (event) => {
          events.push(event);
          if (event.type === "approval-requested") queueMicrotask(() => handle.approve(event.approval.approvalId));
          // The abort lands with the decision, before the loop hands it back to the SDK.
          if (event.type === "approval-resolved") handle.abort("stopped as it was approved");
        },
      },
    );
    const result = await handle.result;

    expect(result.status).toBe("aborted");
    expect(log).toEqual([]);
    expect(events.some((e) => e.type === "node-start" && e.node.kind === "tool-call")).toBe(false);
    expect(model.calls).toHaveLength(1);
  });
});

describe("abort while a composite tool runs", () => {
  // The outer model calls `research`, a composite nested `depth` deep whose innermost model never
  // answers, and with `parallel` also `wait` (a tool that ignores the abort signal) in the same
  // response. The deeper the nesting, the longer its workflow takes to give way.
  function workflow(depth: number, parallel: boolean) {
    const wait = tool({ description: "Wait", inputSchema: z.object({}), execute: () => new Promise<string>(() => {}) });
    const outer = scripted([{ toolCalls: [{ toolName: "research", input: {} }, ...(parallel ? [{ toolName: "wait", input: {} }] : [])] }]);
    const research = (level: number): ReturnType<typeof Tool> => (
      <Tool name="research" description="Research" input={z.object({})}>
        {() =>
          level === depth ? (
            <Agent model={scripted([() => new Promise(() => {})])} name={`researcher${level}`}>
              <Step id="findings" prompt="Find" />
            </Agent>
          ) : (
            <Agent model={scripted([{ toolCalls: [{ toolName: "research", input: {} }] }])} name={`researcher${level}`}>
              {research(level + 1)}
              <Step id={`level${level}`} prompt="Delegate" />
            </Agent>
          )
        }
      </Tool>
    );
    return (
      <Agent model={outer} name="writer">
        <Tool name="wait" value={wait} />
        {research(1)}
        <Step id="report" prompt="Report" />
      </Agent>
    );
  }

  const cases = streams.flatMap((s) =>
    [1, 3].flatMap((depth) => [
      { ...s, depth, parallel: false, calls: "research alone" },
      { ...s, depth, parallel: true, calls: "research and a tool that ignores abort" },
    ]),
  );

  it.each(cases)("$mode, nested $depth deep, $calls: every node ends before the run does", async ({ stream, depth, parallel }) => {
    const events: TraceEvent[] = [];
    let handle!: RunHandle;
    // eslint-disable-next-line prefer-const -- run() emits (and the listener may read the handle) before it returns
    handle = run(workflow(depth, parallel), {
      stream,
      onEvent: (event) => {
        events.push(event);
        // Abort once the innermost model call is under way.
        if (event.type === "node-start" && event.node.kind === "model-call" && events.filter((e) => e.type === "node-start" && e.node.kind === "composite").length === depth) {
          queueMicrotask(() => handle.abort());
        }
      },
    });
    const result = await handle.result;

    expect(result.status).toBe("aborted");
    expect(openNodes(result.trace)).toEqual([]);
    expect(endsAfterTheRun(events)).toEqual([]);
    const steps = events.flatMap((e) => (e.type === "node-start" && e.node.kind === "step" ? [e.node.id] : []));
    const statuses = steps.map((id) => events.find((e) => e.type === "node-end" && e.nodeId === id)).map((e) => (e as { status: string }).status);
    expect(statuses).toEqual(steps.map(() => "aborted"));
  });
});
