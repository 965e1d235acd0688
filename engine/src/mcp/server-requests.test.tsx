// Spec: what an MCP server asks of June while one of its tools runs, against the registry's real
// server-everything (stdio, and streamable HTTP for elicitation): the roots it is told (the folder
// it runs in), an elicitation that waits in the approvals as a form and whose answer, decline or
// cancel goes back, and a sampling request that reaches the agent's model only once approved.
// Each is a node under the tool call it was asked for.
import { rm } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, Step, Tools, run, type ApprovalRequest, type RunHandle, type TraceNode } from "june";
import { scripted, type ScriptedResponse } from "june/sdk/scripted";
import { mcpServer } from "./index.ts";
import { binPath, startEverythingHttp, tempDir } from "./servers.test-support.ts";

let root: string;
beforeAll(async () => {
  root = await tempDir("june-mcp-asks-");
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const everything = () => mcpServer("ev", { command: binPath("mcp-server-everything"), args: ["stdio"], cwd: root });

/** Runs one call of `tool` then a final answer; `answer` decides each approval as it is asked. */
function runCalling(tool: string, input: unknown, answer: (approval: ApprovalRequest, handle: RunHandle) => void, extra: ScriptedResponse[] = [], server = everything()) {
  const model = scripted([{ toolCalls: [{ toolName: `mcp__ev__${tool}`, input }] }, ...extra, { text: "done" }]);
  const asked: ApprovalRequest[] = [];
  const handle: RunHandle = run(
    <Agent model={model}>
      <Tools from={server} />
      <Step id="s" prompt="Go" />
    </Agent>,
    {
      onEvent: (event) => {
        if (event.type !== "approval-requested") return;
        asked.push(event.approval);
        // The tool call itself asks first (its annotations say it may write): approve it.
        if (!event.approval.ask) handle.approve(event.approval.approvalId);
        else answer(event.approval, handle);
      },
    },
  );
  return { handle, asked, model };
}

function nodes(node: TraceNode, kind: TraceNode["kind"]): TraceNode[] {
  return [...(node.kind === kind ? [node] : []), ...node.children.flatMap((c) => nodes(c, kind))];
}

const resultText = (call: TraceNode) => JSON.stringify(call.output);

describe("roots", () => {
  it("are the folder the server runs in, as a file URI", async () => {
    const { handle } = runCalling("get-roots-list", {}, () => {});
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    const [call] = nodes(result.trace, "tool-call");
    expect(call!.status).toBe("succeeded");
    expect(resultText(call!)).toContain(pathToFileURL(root).href);
    // What the server asked during the call, and what it was told, is a node under it.
    const [asked] = nodes(call!, "server-request");
    expect(asked).toMatchObject({ name: "ev roots/list", status: "succeeded", input: { server: "ev", method: "roots/list" }, output: { roots: [{ uri: pathToFileURL(root).href }] } });
  });
});

describe("elicitation", () => {
  it("waits as a form under the tool call; the submitted answers reach the server", async () => {
    const { handle, asked } = runCalling("trigger-elicitation-request", {}, (approval, h) => h.approve(approval.approvalId, { content: { name: "Ada Lovelace", check: true, integer: 7 } }));
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    const form = asked.find((a) => a.ask)!;
    expect(form.ask).toMatchObject({ kind: "elicitation", server: "ev", message: expect.any(String), requestedSchema: { type: "object", required: ["name"] } });
    expect(form.toolName).toBe("mcp__ev__trigger-elicitation-request");
    const [call] = nodes(result.trace, "tool-call");
    expect(call!.status).toBe("succeeded");
    expect(resultText(call!)).toContain("Name: Ada Lovelace");
    expect(resultText(call!)).toContain("Favorite Integer: 7");
    const [approval] = nodes(call!, "approval");
    expect(approval).toMatchObject({ name: "ev elicitation", status: "succeeded", output: { approved: true, content: { name: "Ada Lovelace", check: true, integer: 7 } } });
  });

  it("declined, and cancelled: the server hears which", async () => {
    const declined = await runCalling("trigger-elicitation-request", {}, (approval, h) => h.deny(approval.approvalId, "not now")).handle.result;
    expect(resultText(nodes(declined.trace, "tool-call")[0]!)).toContain("declined");
    const cancelled = await runCalling("trigger-elicitation-request", {}, (approval, h) => h.deny(approval.approvalId, undefined, { cancel: true })).handle.result;
    expect(resultText(nodes(cancelled.trace, "tool-call")[0]!)).toContain("cancelled");
    expect(nodes(cancelled.trace, "approval").at(-1)!.output).toEqual({ approved: false, cancelled: true });
  });

  it("answers that don't fit the form are refused (JUNE_BAD_ANSWER naming the field) and the form stays pending", async () => {
    const thrown: unknown[] = [];
    const { handle } = runCalling("trigger-elicitation-request", {}, (approval, h) => {
      try {
        h.approve(approval.approvalId, { content: { check: true, integer: 500 } });
      } catch (error) {
        thrown.push(error);
      }
      h.approve(approval.approvalId, { content: { name: "Ada" } });
    });
    const result = await handle.result;
    expect(thrown).toHaveLength(1);
    expect(thrown[0]).toMatchObject({ code: "JUNE_BAD_ANSWER" });
    expect((thrown[0] as Error).message).toMatch(/String is required; Integer must be at most 100/);
    expect(resultText(nodes(result.trace, "tool-call")[0]!)).toContain("Name: Ada");
  });

  it("over streamable HTTP too", async () => {
    const server = await startEverythingHttp();
    try {
      const { handle } = runCalling("trigger-elicitation-request", {}, (approval, h) => h.approve(approval.approvalId, { content: { name: "Grace" } }), [], mcpServer("ev", { url: server.url }));
      const result = await handle.result;
      expect(resultText(nodes(result.trace, "tool-call")[0]!)).toContain("Name: Grace");
    } finally {
      await server.stop();
    }
  });
});

describe("sampling", () => {
  it("asks first, then the agent's model answers: a model-call node under the tool call, its text back to the server", async () => {
    const { handle, asked, model } = runCalling("trigger-sampling-request", { prompt: "Say hi", maxTokens: 50 }, (approval, h) => h.approve(approval.approvalId), [{ text: "Hi from the agent's model" }]);
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    expect(asked.find((a) => a.ask)!.ask).toMatchObject({
      kind: "sampling",
      server: "ev",
      systemPrompt: "You are a helpful test server.",
      maxTokens: 50,
      messages: [{ role: "user", text: expect.stringContaining("Say hi") }],
      model: expect.stringContaining("scripted"),
    });
    const [call] = nodes(result.trace, "tool-call");
    expect(resultText(call!)).toContain("Hi from the agent's model");
    const sampled = nodes(call!, "model-call");
    expect(sampled).toHaveLength(1);
    expect(sampled[0]!.status).toBe("succeeded");
    // The sampling call is the model's second call: between the step's two.
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("Say hi");
  });

  it("denied: the model is never called, and the tool call fails with why", async () => {
    const { handle, model } = runCalling("trigger-sampling-request", { prompt: "Say hi", maxTokens: 50 }, (approval, h) => h.deny(approval.approvalId, "costs money"));
    const result = await handle.result;
    const [call] = nodes(result.trace, "tool-call");
    expect(call!.status).toBe("failed");
    expect(call!.error!.message).toContain("declined the sampling request: costs money");
    expect(model.calls).toHaveLength(2);
  });
});
