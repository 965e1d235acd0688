// Replay, fork and resume: a recorded run's answers taken from its record. Replay makes no model
// call and runs no tool, yet yields the same trace; a fork calls the model only from the fork
// point; a resume asks again only what was never decided and never reruns a finished tool.
import { describe, expect, it } from "vitest";
import { generateText, tool } from "ai";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { z } from "zod";
import { Agent, Step, Tool, run, type RunOptions, type TraceEvent, type TraceNode } from "june";
import { scripted, type ScriptedResponse } from "june/sdk/scripted";
import { fork, replay, replayModel, resume } from "june/sdk/replay";

const SCRIPT: ScriptedResponse[] = [
  { toolCalls: [{ toolName: "search", input: { q: "changes" } }] },
  { text: "plan ready", reasoning: "think first" },
  { toolCalls: [{ toolName: "deploy", input: { env: "prod" } }] },
  { text: "shipped" },
];

function workflow(model: LanguageModelV4, log: string[], extraStep = false) {
  const search = tool({
    description: "Search",
    inputSchema: z.object({ q: z.string() }),
    execute: async ({ q }) => (log.push(`search:${q}`), `found ${q}`),
  });
  const deploy = tool({
    description: "Deploy",
    inputSchema: z.object({ env: z.string() }),
    needsApproval: true,
    execute: async ({ env }) => (log.push(`deploy:${env}`), `deployed to ${env}`),
  });
  return (
    <Agent name="release" model={model}>
      <Tool name="search" value={search} />
      <Tool name="deploy" value={deploy} />
      <Step id="plan" prompt="Plan the release" />
      <Step id="ship" prompt="Ship it" />
      {extraStep ? <Step id="announce" prompt="Announce" /> : null}
    </Agent>
  );
}

/** Runs to the end, approving every approval; returns the events and result. */
async function record(model: LanguageModelV4, log: string[], options: RunOptions = {}) {
  const handle = run(workflow(model, log), options);
  const events: TraceEvent[] = [];
  for await (const event of handle.events) {
    events.push(event);
    if (event.type === "approval-requested" && !event.approval.replayed) handle.approve(event.approval.approvalId);
  }
  return { events, result: await handle.result };
}

/** The tree without times: what must be equal between a run and its replay. */
function timeless(node: TraceNode): unknown {
  const { startedAt: _s, endedAt: _e, children, ...rest } = node;
  return { ...rest, children: children.map(timeless) };
}

/** A model that fails the test if it is ever called. */
function forbidden(): LanguageModelV4 & { calls: number } {
  const model = scripted(() => {
    throw new Error("the model was called during a replay");
  });
  return Object.assign(model, { get calls() { return model.calls.length; } });
}

describe("replay", () => {
  it("makes zero model calls, runs no tool, asks no approval, and yields an equal trace", async () => {
    const original = await record(scripted(SCRIPT), []);
    expect(original.result.status).toBe("succeeded");

    const log: string[] = [];
    const model = forbidden();
    const handle = run(workflow(model, log), { replay: replay(original.events) });
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    expect(model.calls).toBe(0);
    expect(log).toEqual([]);
    expect(handle.pendingApprovals()).toEqual([]);
    expect(timeless(result.trace)).toEqual(timeless(original.result.trace));
    expect(result.steps).toEqual(original.result.steps);
    expect(result.usage).toEqual(original.result.usage);
  });

  it("marks every replayed model call, tool call and approval with where it came from", async () => {
    const original = await record(scripted(SCRIPT), []);
    const { events } = await record(forbidden(), [], { replay: replay(original.events) });
    const replayed = events.filter((e) => e.type === "replayed");
    expect(replayed).toHaveLength(4 + 1 + 1 + 1);
    for (const event of replayed) expect(event).toMatchObject({ from: { runId: original.result.runId } });
    const asked = events.filter((e) => e.type === "approval-requested");
    expect(asked.map((e) => e.type === "approval-requested" && e.approval.replayed)).toEqual([true]);
  });

  it("fails with JUNE_REPLAY_MISMATCH when the workflow asks for a call the record lacks", async () => {
    const original = await record(scripted(SCRIPT), []);
    const handle = run(workflow(forbidden(), [], true), { replay: replay(original.events) });
    const result = await handle.result;
    expect(result.status).toBe("failed");
    expect(result.error?.code).toBe("JUNE_REPLAY_MISMATCH");
    expect(result.error?.message).toContain("has no model call at agent:release#0/step:announce#0/model-call#0");
  });

  it("replays a recorded tool failure as the same error the model saw", async () => {
    const failing = tool({
      inputSchema: z.object({}),
      execute: async (): Promise<string> => {
        throw new Error("disk full");
      },
    });
    const element = (model: LanguageModelV4) => (
      <Agent name="a" model={model}>
        <Tool name="save" value={failing} />
        <Step id="s" prompt="save" />
      </Agent>
    );
    const original = run(element(scripted([{ toolCalls: [{ toolName: "save" }] }, { text: "could not save" }])));
    const events: TraceEvent[] = [];
    for await (const event of original.events) events.push(event);
    const replayed = await run(element(forbidden()), { replay: replay(events) }).result;
    expect(timeless(replayed.trace)).toEqual(timeless((await original.result).trace));
  });
});

describe("replay of composite tools", () => {
  it("runs the composite again with its inner model calls and tools from the record", async () => {
    const element = (outer: LanguageModelV4, inner: LanguageModelV4, log: string[]) => (
      <Agent name="lead" model={outer}>
        <Tool name="research" description="Research" input={z.object({ question: z.string() })}>
          {({ question }) => (
            <Agent name="researcher" model={inner}>
              <Tool name="search" value={tool({ inputSchema: z.object({ query: z.string() }), execute: async ({ query }) => (log.push(query), `about ${query}`) })} />
              <Step id="findings" prompt={`Research: ${question}`} />
            </Agent>
          )}
        </Tool>
        <Step id="report" prompt="Research Suspense" />
      </Agent>
    );
    const outer = scripted([{ toolCalls: [{ toolName: "research", input: { question: "Suspense" } }] }, { text: "summary" }]);
    const inner = scripted([{ toolCalls: [{ toolName: "search", input: { query: "Suspense" } }] }, { text: "it waits" }]);
    const first = run(element(outer, inner, []));
    const events: TraceEvent[] = [];
    for await (const event of first.events) events.push(event);
    const original = await first.result;

    const log: string[] = [];
    const replayed = await run(element(forbidden(), forbidden(), log), { replay: replay(events) }).result;
    expect(replayed.status).toBe("succeeded");
    expect(log).toEqual([]);
    expect(timeless(replayed.trace)).toEqual(timeless(original.trace));
  });
});

describe("fork", () => {
  it("calls the model only from the fork point, with the recorded conversation up to it", async () => {
    const original = await record(scripted(SCRIPT), []);
    const calls = modelCalls(original.result.trace);
    const at = calls[2]!; // ship's first call
    const log: string[] = [];
    const live = scripted([{ toolCalls: [{ toolName: "deploy", input: { env: "staging" } }] }, { text: "shipped to staging" }]);
    const forked = await record(live, log, { replay: fork(original.events, { at: at.id }) });
    expect(forked.result.status).toBe("succeeded");
    expect(live.calls).toHaveLength(2);
    // Before the fork point: from the record (the search tool did not run again).
    expect(log).toEqual(["deploy:staging"]);
    expect(forked.result.steps).toEqual({ plan: "plan ready", ship: "shipped to staging" });
    // The fork call was sent what the recorded call was sent.
    const sent = (modelCalls(forked.result.trace)[2]!.input as { messages: unknown }).messages;
    expect(sent).toEqual((at.input as { messages: unknown }).messages);
  });

  it("runs a live answer's tool call live, even when it carries a recorded call's id", async () => {
    const original = await record(scripted(SCRIPT), []);
    const at = modelCalls(original.result.trace)[0]!; // plan's first call: everything live
    const log: string[] = [];
    // The scripted model numbers its calls from 0 again: its search is "call_0_0", like the record's.
    const live = scripted([{ toolCalls: [{ toolName: "search", input: { q: "again" } }] }, { text: "p" }, { text: "s" }]);
    const forked = await record(live, log, { replay: fork(original.events, { at: at.id }) });
    expect(forked.result.status).toBe("succeeded");
    expect(log).toEqual(["search:again"]);
    expect(forked.events.filter((e) => e.type === "replayed")).toEqual([]);
  });

  it("runs live a tool call whose id a replayed answer of the same step used before the fork", async () => {
    const original = await record(scripted(SCRIPT), []);
    const at = modelCalls(original.result.trace)[1]!; // plan's second call: its first (search call_0_0) replays
    const log: string[] = [];
    const live = scripted([
      { toolCalls: [{ toolName: "search", input: { q: "again" } }] }, // call_0_0 once more
      { text: "plan 2" },
      { toolCalls: [{ toolName: "deploy", input: { env: "staging" } }] },
      { text: "shipped 2" },
    ]);
    const forked = await record(live, log, { replay: fork(original.events, { at: at.id }) });
    expect(forked.result.steps).toEqual({ plan: "plan 2", ship: "shipped 2" });
    expect(log).toEqual(["search:again", "deploy:staging"]);
    const replayedTools = forked.events.filter((e) => e.type === "replayed" && forked.result.trace && findNode(forked.result.trace, e.nodeId)?.kind === "tool-call");
    expect(replayedTools).toHaveLength(1);
  });

  it("forks with another model and an edited prompt for the fork call", async () => {
    const original = await record(scripted(SCRIPT), []);
    const at = modelCalls(original.result.trace)[1]!; // plan's second call
    const other = scripted([{ text: "edited plan" }, { text: "shipped anyway" }], { modelId: "other-model" });
    const agentModel = scripted([]);
    const prompt = [{ role: "user", content: [{ type: "text", text: "Plan it differently" }] }];
    const forked = await record(agentModel, [], { replay: fork(original.events, { at: at.id, model: other, prompt }) });
    expect(agentModel.calls).toHaveLength(0);
    expect(other.calls.map((c) => JSON.stringify(c.prompt))[0]).toContain("Plan it differently");
    expect(forked.result.steps).toMatchObject({ plan: "edited plan" });
    expect(modelCalls(forked.result.trace).slice(1).map((n) => n.name)).toEqual(["other-model", "other-model"]);
  });

  it("started paused, stops first at the fork point, showing the edited prompt", async () => {
    const original = await record(scripted(SCRIPT), []);
    const at = modelCalls(original.result.trace)[2]!; // ship's first call
    const prompt = [{ role: "user", content: [{ type: "text", text: "Ship it carefully" }] }];
    const handle = run(workflow(scripted([{ text: "careful" }]), []), { startPaused: true, replay: fork(original.events, { at: at.id, prompt }) });
    for await (const event of handle.events) {
      if (event.type !== "paused") continue;
      expect(event.stop).toMatchObject({ boundary: "model-call", reason: "start", step: "ship" });
      expect(JSON.stringify(event.stop.request!.messages)).toContain("Ship it carefully");
      break;
    }
    handle.continue();
    expect((await handle.result).steps).toEqual({ plan: "plan ready", ship: "careful" });
  });

  it("refuses a fork point that is not a model call", async () => {
    const original = await record(scripted(SCRIPT), []);
    expect(() => fork(original.events, { at: "n1" })).toThrowError(expect.objectContaining({ code: "JUNE_REPLAY_FORK_POINT" }));
  });
});

describe("resume", () => {
  it("replays what finished, asks the undecided approval again and goes on live", async () => {
    const original = run(workflow(scripted(SCRIPT), []));
    const events: TraceEvent[] = [];
    // The process "dies" while deploy waits for approval: the record ends there.
    for await (const event of original.events) {
      events.push(event);
      if (event.type === "approval-requested") break;
    }
    original.abort();
    await original.result;

    const log: string[] = [];
    const live = scripted([{ text: "shipped after resume" }]);
    const handle = run(workflow(live, log), { replay: resume(events) });
    const asked: TraceEvent[] = [];
    for await (const event of handle.events) {
      if (event.type === "approval-requested") {
        asked.push(event);
        if (!event.approval.replayed) handle.approve(event.approval.approvalId);
      }
    }
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    expect(asked).toHaveLength(1);
    expect(log).toEqual(["deploy:prod"]); // search ran before the crash: not again
    expect(live.calls).toHaveLength(1); // only the call after the deploy
    expect(result.steps).toEqual({ plan: "plan ready", ship: "shipped after resume" });
  });

  it("never reruns an approved tool whose result was not recorded without a new decision", async () => {
    const original = run(workflow(scripted(SCRIPT), []));
    const events: TraceEvent[] = [];
    for await (const event of original.events) {
      events.push(event);
      if (event.type === "approval-requested") original.approve(event.approval.approvalId);
      // Dies right after deploy started: approved, started, no result.
      if (event.type === "node-start" && event.node.kind === "tool-call" && event.node.name === "deploy") break;
    }
    original.abort();
    await original.result;

    for (const approve of [false, true]) {
      const log: string[] = [];
      const live = scripted([{ text: approve ? "deployed again" : "left alone" }]);
      const handle = run(workflow(live, log), { replay: resume(events) });
      const asked: { outcomeUnknown?: true; replayed?: true }[] = [];
      for await (const event of handle.events) {
        if (event.type !== "approval-requested") continue;
        asked.push(event.approval);
        if (event.approval.outcomeUnknown) {
          expect(log).toEqual([]);
          if (approve) handle.approve(event.approval.approvalId);
          else handle.deny(event.approval.approvalId, "it probably ran");
        }
      }
      const result = await handle.result;
      expect(asked).toEqual([expect.objectContaining({ replayed: true }), expect.objectContaining({ outcomeUnknown: true })]);
      expect(log).toEqual(approve ? ["deploy:prod"] : []);
      expect(result.status).toBe("succeeded");
      if (!approve) expect(JSON.stringify(live.calls[0]!.prompt)).toContain("was not run again: it probably ran");
    }
  });
});

describe("replayModel", () => {
  it("answers generateText with the recorded answers in order", async () => {
    const original = await record(scripted(SCRIPT), []);
    const model = replayModel(original.events);
    const first = await generateText({ model, prompt: "anything" });
    expect(first.toolCalls.map((c) => c.toolName)).toEqual(["search"]);
    const second = await generateText({ model, prompt: "anything" });
    expect(second.text).toBe("plan ready");
    expect(model.calls).toBe(2);
  });
});

describe("cost", () => {
  it("prices each call by the run's price table and rolls it up; unpriced calls are counted", async () => {
    const priced = await record(scripted(SCRIPT, { modelId: "gpt-5-mini" }), [], { prices: { "gpt-5-mini": { input: 1, output: 2 } } });
    const usage = priced.events.filter((e) => e.type === "usage");
    expect(usage.every((e) => e.type === "usage" && typeof e.costUsd === "number")).toBe(true);
    const { inputTokens, outputTokens } = priced.result.trace.usage;
    expect(priced.result.trace.cost!.usd).toBeCloseTo((inputTokens * 1 + outputTokens * 2) / 1e6, 12);
    expect(priced.result.trace.cost!.unpricedCalls).toBe(0);

    const unpriced = await record(scripted(SCRIPT, { modelId: "mystery" }), []);
    expect(unpriced.result.trace.cost).toEqual({ usd: 0, unpricedCalls: 4 });
  });
});

function findNode(node: TraceNode, id: string): TraceNode | undefined {
  if (node.id === id) return node;
  for (const child of node.children) {
    const found = findNode(child, id);
    if (found) return found;
  }
  return undefined;
}

function modelCalls(node: TraceNode): TraceNode[] {
  return [...(node.kind === "model-call" ? [node] : []), ...node.children.flatMap(modelCalls)];
}
