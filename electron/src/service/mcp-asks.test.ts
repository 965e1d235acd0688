// Spec: an MCP server's elicitation and sampling through the studio's inbox, against the
// registry's real server-everything: the form waits as a pending approval carrying its `ask`;
// answers that don't fit it are an error result naming the field, and it stays pending; the
// submitted answers (or a cancel) reach the server, and the history keeps what was asked and
// answered. A sampling waits naming the model that would answer; approved, the agent's model
// answers the server. The runs go through the studio's isolated run worker, as a user's do.
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PendingApproval, Result, StudioEvent } from "../contract/index.ts";
import { makeProject, nextEvent, openService, runEnded, type ProjectFixture } from "./project-fixture.test-support.ts";
import type { StudioService } from "./studio-service.ts";

const EVERYTHING = join(import.meta.dirname, "..", "..", "..", "node_modules", ".bin", "mcp-server-everything");

const ASK_FLOW = `import { Agent, Step, Tools } from "june";
import { mcpServer } from "june/mcp";
import { scripted } from "june/sdk/scripted";

const ev = mcpServer("ev", { command: ${JSON.stringify(EVERYTHING)}, args: ["stdio"] });

export default function Ask() {
  return (
    <Agent model={scripted([{ toolCalls: [{ toolName: "mcp__ev__trigger-elicitation-request", input: {} }] }, { text: "done" }])}>
      <Tools from={ev} />
      <Step id="s" prompt="Ask me" />
    </Agent>
  );
}
`;

// Sampling: the model answers the step's call, then (once approved) the server's prompt, then ends.
const SAMPLE_FLOW = `import { Agent, Step, Tools } from "june";
import { mcpServer } from "june/mcp";
import { scripted } from "june/sdk/scripted";

const ev = mcpServer("ev", { command: ${JSON.stringify(EVERYTHING)}, args: ["stdio"] });

export default function Sample() {
  return (
    <Agent model={scripted([{ toolCalls: [{ toolName: "mcp__ev__trigger-sampling-request", input: { prompt: "Say hi", maxTokens: 40 } }] }, { text: "Hi from the agent" }, { text: "done" }])}>
      <Tools from={ev} />
      <Step id="s" prompt="Sample" />
    </Agent>
  );
}
`;

let project: ProjectFixture;
let service: StudioService;
beforeEach(async () => {
  project = await makeProject({ "ask.tsx": ASK_FLOW, "sample.tsx": SAMPLE_FLOW });
  service = await openService(project.folder);
});
afterEach(async () => {
  await service.close();
  await project.remove();
});

const requested = (s: StudioService, afterSeq: number) =>
  nextEvent<Extract<StudioEvent, { type: "approval-requested" }>>(s, (e) => e.type === "approval-requested", afterSeq).then((e) => e.approval);

async function value<T>(result: Promise<Result<T>>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe("an elicitation in the studio", () => {
  it("waits as a form; a bad answer is refused naming the field; the answer reaches the server and the history", async () => {
    const call = requested(service, service.lastSeq);
    const { runId } = await value(service.startRun({ entryId: "workflow:ask.tsx" }));
    const ended = runEnded(service, runId);
    const tool = await call;
    expect(tool.ask).toBeUndefined();
    const form = requested(service, service.lastSeq);
    await value(service.approve({ runId, approvalId: tool.approvalId }));
    const asked: PendingApproval = await form;
    expect(asked.ask).toMatchObject({ kind: "elicitation", server: "ev", requestedSchema: { required: ["name"] } });
    expect((await value(service.pendingApprovals({}))).map((p) => p.approvalId)).toEqual([asked.approvalId]);

    const refused = await service.approve({ runId, approvalId: asked.approvalId, content: { integer: 500 } });
    expect(refused).toMatchObject({ ok: false, error: { code: "JUNE_BAD_ANSWER" } });
    expect(refused.ok || refused.error.message).toMatch(/String is required; Integer must be at most 100/);
    expect((await value(service.pendingApprovals({}))).map((p) => p.approvalId)).toEqual([asked.approvalId]);

    await value(service.approve({ runId, approvalId: asked.approvalId, content: { name: "Ada", integer: 7 } }));
    expect((await ended).run.status).toBe("succeeded");
    const events = await value(service.getRunEvents({ runId }));
    const answered = events.find((e) => e.type === "node-end" && JSON.stringify(e.output ?? "").includes("Name: Ada"));
    expect(answered).toBeDefined();
    const history = await value(service.approvalHistory({}));
    expect(history.find((r) => r.approvalId === asked.approvalId)).toMatchObject({ approved: true, content: { name: "Ada", integer: 7 }, ask: { kind: "elicitation" } });
  });

  it("cancelled: the server hears cancel, and the history says so", async () => {
    const call = requested(service, service.lastSeq);
    const { runId } = await value(service.startRun({ entryId: "workflow:ask.tsx" }));
    const ended = runEnded(service, runId);
    const tool = await call;
    const form = requested(service, service.lastSeq);
    await value(service.approve({ runId, approvalId: tool.approvalId }));
    const asked = await form;
    await value(service.deny({ runId, approvalId: asked.approvalId, cancel: true }));
    expect((await ended).run.status).toBe("succeeded");
    const events = await value(service.getRunEvents({ runId }));
    expect(events.some((e) => e.type === "node-end" && JSON.stringify(e.output ?? "").includes("cancelled"))).toBe(true);
    expect((await value(service.approvalHistory({}))).find((r) => r.approvalId === asked.approvalId)).toMatchObject({ approved: false, cancelled: true });
  });
});

describe("a sampling request in the studio", () => {
  it("waits in the inbox naming the model; approved, the agent's model answers the server, under the tool call", async () => {
    const call = requested(service, service.lastSeq);
    const { runId } = await value(service.startRun({ entryId: "workflow:sample.tsx" }));
    const ended = runEnded(service, runId);
    const tool = await call;
    const sampling = requested(service, service.lastSeq);
    await value(service.approve({ runId, approvalId: tool.approvalId }));
    const asked = await sampling;
    expect(asked.ask).toMatchObject({ kind: "sampling", server: "ev", maxTokens: 40, model: expect.stringContaining("scripted"), messages: [{ role: "user", text: expect.stringContaining("Say hi") }] });
    await value(service.approve({ runId, approvalId: asked.approvalId }));
    expect((await ended).run.status).toBe("succeeded");
    const events = await value(service.getRunEvents({ runId }));
    expect(events.some((e) => e.type === "node-end" && JSON.stringify(e.output ?? "").includes("LLM sampling result") && JSON.stringify(e.output).includes("Hi from the agent"))).toBe(true);
    const modelCalls = events.filter((e) => e.type === "node-start" && e.node.kind === "model-call");
    expect(modelCalls).toHaveLength(3);
    expect((await value(service.approvalHistory({}))).find((r) => r.approvalId === asked.approvalId)).toMatchObject({ approved: true, ask: { kind: "sampling" } });
  });
});
