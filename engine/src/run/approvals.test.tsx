// Approvals through the AI SDK's own needsApproval: the run asks, waits for approve/deny, and a
// denied call reaches the model as denied. Invariants: nothing executes before approval; abort
// during a wait ends the run as aborted and runs no tool.
import { describe, expect, it } from "vitest";
import { tool } from "ai";
import { z } from "zod";
import { Agent, RequireApproval, Step, Tool, run, type RunHandle, type TraceEvent } from "june";
import { scripted } from "june/sdk/scripted";

function deployTool(log: string[], needsApproval: boolean | ((input: { env: string }) => boolean) = true) {
  return tool({
    description: "Deploy",
    inputSchema: z.object({ env: z.string() }),
    needsApproval: typeof needsApproval === "function" ? async (input: { env: string }) => needsApproval(input) : needsApproval,
    execute: async ({ env }) => {
      log.push(env);
      return `deployed to ${env}`;
    },
  });
}

async function nextApproval(handle: RunHandle) {
  for await (const event of handle.events) {
    if (event.type === "approval-requested" && handle.pendingApprovals().some((p) => p.approvalId === event.approval.approvalId)) {
      return event.approval;
    }
  }
  throw new Error("the run ended without asking");
}

function release(log: string[], model = scripted([{ toolCalls: [{ toolName: "deploy", input: { env: "staging" } }] }, { text: "done" }])) {
  return {
    model,
    element: (
      <Agent model={model} name="release">
        <Tool name="deploy" value={deployTool(log)} />
        <Step id="ship" prompt="Deploy to staging" />
      </Agent>
    ),
  };
}

describe("approvals", () => {
  it("asks with the tool, input, agent path and step, and runs the tool only once approved", async () => {
    const log: string[] = [];
    const { element, model } = release(log);
    const handle = run(element);
    const approval = await nextApproval(handle);
    expect(approval).toMatchObject({ toolName: "deploy", input: { env: "staging" }, agentPath: ["release"], step: "ship" });
    expect(log).toEqual([]);
    expect(handle.pendingApprovals()).toHaveLength(1);
    handle.approve(approval.approvalId);
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    expect(log).toEqual(["staging"]);
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("deployed to staging");
    expect(handle.pendingApprovals()).toEqual([]);
  });

  it("a denied call never runs and reaches the model as denied, with the reason", async () => {
    const log: string[] = [];
    const { element, model } = release(log);
    const handle = run(element);
    handle.deny((await nextApproval(handle)).approvalId, "not on a Friday");
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    expect(log).toEqual([]);
    const toolMessage = JSON.stringify(model.calls[1]!.prompt);
    expect(toolMessage).toContain("execution-denied");
    expect(toolMessage).toContain("not on a Friday");
  });

  it("emits approval-requested then approval-resolved, and an approval node in the trace", async () => {
    const log: string[] = [];
    const { element } = release(log);
    const handle = run(element);
    handle.approve((await nextApproval(handle)).approvalId);
    const result = await handle.result;
    const events: TraceEvent[] = [];
    for await (const event of handle.events) events.push(event);
    const kinds = events.filter((e) => e.type.startsWith("approval")).map((e) => e.type);
    expect(kinds).toEqual(["approval-requested", "approval-resolved"]);
    const step = result.trace.children[0]!.children[0]!;
    expect(step.children.map((c) => c.kind)).toEqual(["model-call", "approval", "tool-call", "model-call"]);
    expect(step.children[1]).toMatchObject({ name: "deploy", status: "succeeded", output: { approved: true } });
  });

  it("invariant: a call awaiting approval never executes, however long it waits", async () => {
    const log: string[] = [];
    const { element } = release(log);
    const handle = run(element);
    await nextApproval(handle);
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(log).toEqual([]);
    handle.abort();
    await handle.result;
  });

  it("invariant: abort during a wait ends the run as aborted and runs no tool", async () => {
    const log: string[] = [];
    const { element, model } = release(log);
    const handle = run(element);
    await nextApproval(handle);
    handle.abort("user stopped it");
    const result = await handle.result;
    expect(result.status).toBe("aborted");
    expect(result.error!.code).toBe("JUNE_ABORTED");
    expect(log).toEqual([]);
    expect(model.calls).toHaveLength(1);
    const statuses = JSON.stringify(result.trace);
    expect(statuses).not.toContain('"status":"running"');
    expect(statuses).not.toContain('"status":"waiting"');
  });

  it("the function form of needsApproval asks only for the calls it says", async () => {
    const log: string[] = [];
    const model = scripted([
      { toolCalls: [{ toolName: "deploy", input: { env: "staging" } }] },
      { toolCalls: [{ toolName: "deploy", input: { env: "prod" } }] },
      { text: "done" },
    ]);
    const handle = run(
      <Agent model={model}>
        <Tool name="deploy" value={deployTool(log, ({ env }) => env === "prod")} />
        <Step id="ship" prompt="p" />
      </Agent>,
    );
    const approval = await nextApproval(handle);
    expect(approval.input).toEqual({ env: "prod" });
    expect(log).toEqual(["staging"]);
    handle.approve(approval.approvalId);
    await handle.result;
    expect(log).toEqual(["staging", "prod"]);
  });

  it("<RequireApproval> makes a tool ask that wouldn't otherwise", async () => {
    const log: string[] = [];
    const model = scripted([{ toolCalls: [{ toolName: "deploy", input: { env: "dev" } }] }, { text: "done" }]);
    const handle = run(
      <Agent model={model}>
        <RequireApproval>
          <Tool name="deploy" value={deployTool(log, false)} />
        </RequireApproval>
        <Step id="ship" prompt="p" />
      </Agent>,
    );
    const approval = await nextApproval(handle);
    expect(log).toEqual([]);
    handle.approve(approval.approvalId);
    expect((await handle.result).status).toBe("succeeded");
    expect(log).toEqual(["dev"]);
  });

  it("several calls in one response are asked together and decided one by one", async () => {
    const log: string[] = [];
    const model = scripted([
      { toolCalls: [{ toolName: "deploy", input: { env: "a" } }, { toolName: "deploy", input: { env: "b" } }] },
      { text: "done" },
    ]);
    const handle = run(
      <Agent model={model}>
        <Tool name="deploy" value={deployTool(log)} />
        <Step id="ship" prompt="p" />
      </Agent>,
    );
    await nextApproval(handle);
    while (handle.pendingApprovals().length < 2) await new Promise((r) => setImmediate(r));
    const [a, b] = handle.pendingApprovals();
    handle.deny(b!.approvalId);
    handle.approve(a!.approvalId);
    await handle.result;
    expect(log).toEqual(["a"]);
  });

  it("approving an unknown id is a clear error", async () => {
    const log: string[] = [];
    const handle = run(release(log).element);
    await nextApproval(handle);
    expect(() => handle.approve("nope")).toThrow(/no approval "nope" is pending/);
    handle.abort();
    await handle.result;
  });
});
