// Stepping through a run: where it stops (before each model call, at an approval, before each
// tool, after each step), what a stop shows, breakpoints, pause, abort while stopped — and that
// nothing executes and no timer runs while a run is stopped.
import { describe, expect, it, vi } from "vitest";
import { tool } from "ai";
import { z } from "zod";
import { Agent, Step, Tool, run, type RunHandle, type StopInfo, type TraceEvent } from "june";
import { scripted } from "june/sdk/scripted";

function tools(log: string[]) {
  return {
    search: tool({
      description: "Search the notes",
      inputSchema: z.object({ q: z.string() }),
      execute: async ({ q }) => {
        log.push(`search:${q}`);
        return `found ${q}`;
      },
    }),
    deploy: tool({
      description: "Deploy",
      inputSchema: z.object({ env: z.string() }),
      needsApproval: true,
      execute: async ({ env }) => {
        log.push(`deploy:${env}`);
        return `deployed to ${env}`;
      },
    }),
  };
}

/** Two steps: "plan" searches then answers; "ship" deploys (approval) then answers. */
function release(log: string[]) {
  const model = scripted([
    { toolCalls: [{ toolName: "search", input: { q: "changes" } }] },
    { text: "plan ready" },
    { toolCalls: [{ toolName: "deploy", input: { env: "prod" } }] },
    { text: "shipped" },
  ]);
  const t = tools(log);
  return {
    model,
    element: (
      <Agent name="release" model={model} temperature={0.2}>
        <Tool name="search" value={t.search} />
        <Tool name="deploy" value={t.deploy} />
        <Step id="plan" prompt="Plan the release" />
        <Step id="ship" prompt="Ship it" />
      </Agent>
    ),
  };
}

const describeStop = (stop: StopInfo) =>
  `${stop.boundary} ${stop.step}${stop.tool ? ` ${stop.tool.toolName}` : ""}${stop.reason === "breakpoint" ? " (breakpoint)" : ""}`;

/** Drives a run: records each new stop and calls `next` there; approves every approval asked. */
async function drive(handle: RunHandle, next: (handle: RunHandle, stop: StopInfo) => void): Promise<string[]> {
  const seen: string[] = [];
  let last = seenStops.get(handle) ?? 0;
  for await (const event of handle.events) {
    if (event.type === "approval-requested" && handle.pendingApprovals().length > 0) handle.approve(event.approval.approvalId);
    if (event.type === "paused" && event.stop.id > last) {
      last = event.stop.id;
      seen.push(describeStop(event.stop));
      if (event.stop.boundary !== "approval") {
        expect(handle.stopped()).toEqual(event.stop);
        next(handle, event.stop);
      }
    }
  }
  return seen;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("stepping", () => {
  it("stops at every boundary in order: before model calls, before tools, at approvals, after steps", async () => {
    const log: string[] = [];
    const handle = run(release(log).element, { startPaused: true });
    const seen = await drive(handle, (h) => h.step());
    expect(seen).toEqual([
      "model-call plan",
      "tool-call plan search",
      "model-call plan",
      "step-end plan",
      "model-call ship",
      "approval ship deploy",
      "tool-call ship deploy",
      "model-call ship",
      "step-end ship",
    ]);
    const result = await handle.result;
    expect(result.status).toBe("succeeded");
    expect(result.steps).toEqual({ plan: "plan ready", ship: "shipped" });
    expect(log).toEqual(["search:changes", "deploy:prod"]);
  });

  it("says why it stopped: at the start, then each step", async () => {
    const handle = run(release([]).element, { startPaused: true });
    const reasons: string[] = [];
    for await (const event of handle.events) {
      if (event.type !== "paused") continue;
      reasons.push(event.stop.reason);
      if (event.stop.boundary === "approval") handle.approve(handle.pendingApprovals()[0]!.approvalId);
      else handle.step();
    }
    expect(reasons[0]).toBe("start");
    expect(new Set(reasons.slice(1))).toEqual(new Set(["step"]));
  });

  it("shows the pending model request while stopped: the whole prompt, the tools offered, the settings", async () => {
    const handle = run(release([]).element, { startPaused: true });
    const first = await nextStop(handle);
    expect(first.boundary).toBe("model-call");
    expect(first.agentPath).toEqual(["release"]);
    expect(first.request).toMatchObject({ provider: "june.scripted", modelId: "scripted", settings: { temperature: 0.2 } });
    expect(first.request!.tools).toEqual([
      { name: "search", description: "Search the notes" },
      { name: "deploy", description: "Deploy" },
    ]);
    expect(JSON.stringify(first.request!.messages)).toContain("Plan the release");
    handle.step();
    const second = await nextStop(handle);
    expect(second.tool).toEqual({ toolName: "search", toolCallId: "call_0_0", input: { q: "changes" } });
    handle.step();
    // The step's second call: like its model-call node, only the messages new since the first call.
    const third = await nextStop(handle);
    expect(first.request!.messageOffset).toBe(0);
    expect(third.request!.messageOffset).toBe(1);
    expect(third.request!.messages.map((m) => (m as { role: string }).role)).toEqual(["assistant", "tool"]);
    handle.abort();
    await handle.result;
  });

  it("executes no tool while stopped before it", async () => {
    const log: string[] = [];
    const handle = run(release(log).element, { breakpoints: [{ kind: "tool", tool: "search" }] });
    const stop = await nextStop(handle);
    expect(describeStop(stop)).toBe("tool-call plan search (breakpoint)");
    for (let i = 0; i < 20; i++) await settle();
    expect(log).toEqual([]);
    expect(handle.stopped()?.id).toBe(stop.id);
    handle.continue();
    for await (const event of handle.events) if (event.type === "approval-requested") handle.approve(event.approval.approvalId);
    expect((await handle.result).status).toBe("succeeded");
    expect(log).toEqual(["search:changes", "deploy:prod"]);
  });

  it("continue runs to the next breakpoint: a tool, the first model call of a step, of an agent", async () => {
    const handle = run(release([]).element, {
      breakpoints: [
        { kind: "tool", tool: "search" },
        { kind: "step", step: "ship" },
        { kind: "agent", agent: "release" },
      ],
    });
    const seen = await drive(handle, (h) => h.continue());
    // The agent breakpoint holds once (its first model call); the step one once per step run.
    expect(seen).toEqual(["model-call plan (breakpoint)", "tool-call plan search (breakpoint)", "model-call ship (breakpoint)"]);
    expect((await handle.result).status).toBe("succeeded");
  });

  it("takes new breakpoints while running", async () => {
    const handle = run(release([]).element, { startPaused: true });
    await nextStop(handle);
    handle.setBreakpoints([{ kind: "tool", tool: "deploy" }]);
    handle.continue();
    const seen = await drive(handle, (h) => h.continue());
    expect(seen).toEqual(["tool-call ship deploy (breakpoint)"]);
  });

  it("pause() stops a running run at its next boundary", async () => {
    const handle = run(release([]).element);
    handle.pause();
    const stop = await nextStop(handle);
    expect(stop).toMatchObject({ boundary: "model-call", reason: "pause", step: "plan" });
    handle.continue();
    for await (const event of handle.events) if (event.type === "approval-requested") handle.approve(event.approval.approvalId);
    expect((await handle.result).status).toBe("succeeded");
  });

  it("while waiting for an approval, Step says to decide first; the decision goes on to the next stop", async () => {
    const handle = run(release([]).element, { breakpoints: [{ kind: "step", step: "ship" }] });
    await nextStop(handle);
    handle.step();
    const approval = await nextStop(handle);
    expect(approval).toMatchObject({ boundary: "approval", tool: { toolName: "deploy", input: { env: "prod" } } });
    expect(approval.nodeId).toMatch(/^n\d+$/);
    expect(() => handle.step()).toThrowError(expect.objectContaining({ code: "JUNE_AWAITING_APPROVAL" }));
    handle.approve(handle.pendingApprovals()[0]!.approvalId);
    const next = await nextStop(handle);
    expect(describeStop(next)).toBe("tool-call ship deploy");
    handle.continue();
    expect((await handle.result).status).toBe("succeeded");
  });

  it("aborts while stopped: the run ends aborted and the tool never runs", async () => {
    const log: string[] = [];
    const handle = run(release(log).element, { breakpoints: [{ kind: "tool", tool: "search" }] });
    const stop = await nextStop(handle);
    handle.abort("not now");
    const result = await handle.result;
    expect(result.status).toBe("aborted");
    expect(log).toEqual([]);
    expect(handle.stopped()).toBeUndefined();
    const events: TraceEvent[] = [];
    for await (const event of handle.events) events.push(event);
    expect(events).toContainEqual(expect.objectContaining({ type: "resumed", stopId: stop.id, how: "abort" }));
  });

  it("holds no timers while stopped", async () => {
    // Every setTimeout/setInterval made from here on is counted (and would never fire).
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval"] });
    try {
      const handle = run(release([]).element, { startPaused: true });
      await nextStop(handle);
      for (let i = 0; i < 5; i++) await settle();
      expect(vi.getTimerCount()).toBe(0);
      handle.abort();
      await handle.result;
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets parallel tool calls pass one stop at a time", async () => {
    const log: string[] = [];
    const t = tools(log);
    const model = scripted([
      { toolCalls: [{ toolName: "search", input: { q: "a" } }, { toolName: "search", input: { q: "b" } }] },
      { text: "both" },
    ]);
    const handle = run(
      <Agent name="r" model={model}>
        <Tool name="search" value={t.search} />
        <Step id="s" prompt="go" />
      </Agent>,
      { breakpoints: [{ kind: "tool", tool: "search" }] },
    );
    const first = await nextStop(handle);
    for (let i = 0; i < 10; i++) await settle();
    expect(log).toEqual([]);
    handle.continue();
    const second = await nextStop(handle);
    expect([first.tool?.input, second.tool?.input]).toEqual([{ q: "a" }, { q: "b" }]);
    expect(log).toEqual(["search:a"]);
    handle.continue();
    expect((await handle.result).status).toBe("succeeded");
    expect(log).toEqual(["search:a", "search:b"]);
  });
});

// The next `paused` event after those already seen by this handle's previous calls.
const seenStops = new WeakMap<RunHandle, number>();
async function nextStop(handle: RunHandle): Promise<StopInfo> {
  const after = seenStops.get(handle) ?? 0;
  for await (const event of handle.events) {
    if (event.type === "paused" && event.stop.id > after) {
      seenStops.set(handle, event.stop.id);
      return event.stop;
    }
  }
  throw new Error("the run ended without stopping");
}
