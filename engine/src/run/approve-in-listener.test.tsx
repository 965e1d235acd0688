// Deciding an approval from inside the approval-requested event — synchronously, in run()'s
// onEvent or in the body of a `for await` over handle.events — is a decision like any other: the
// request is pending before its event goes out, and the decision is kept until the run reads it.
// While stepping, an approval decided as it was announced has no wait, so it is no stop; the run
// still stops before the tool runs.
import { describe, expect, it } from "vitest";
import { tool } from "ai";
import { z } from "zod";
import { Agent, Step, Tool, run, type RunHandle, type TraceEvent } from "june";
import { scripted } from "june/sdk/scripted";

function release(log: string[]) {
  const model = scripted([{ toolCalls: [{ toolName: "deploy", input: { env: "prod" } }] }, (call) => ({ text: JSON.stringify(call.prompt.at(-1)) })]);
  const deploy = tool({
    description: "Deploy",
    inputSchema: z.object({ env: z.string() }),
    needsApproval: true,
    execute: async ({ env }) => (log.push(env), `deployed to ${env}`),
  });
  return {
    model,
    element: (
      <Agent model={model} name="release">
        <Tool name="deploy" value={deploy} />
        <Step id="ship" prompt="Ship it" />
      </Agent>
    ),
  };
}

type Decide = (handle: RunHandle, approvalId: string) => void;
const approve: Decide = (handle, id) => handle.approve(id);
const deny: Decide = (handle, id) => handle.deny(id, "not today");

/** Runs with `decide` called inside onEvent, synchronously, on every approval-requested event. */
async function decidedInOnEvent(decide: Decide, options: Parameters<typeof run>[1] = {}) {
  const log: string[] = [];
  const { element, model } = release(log);
  const thrown: unknown[] = [];
  const events: TraceEvent[] = [];
  let handle: RunHandle | undefined;
  // eslint-disable-next-line prefer-const -- run() emits (and the listener may read the handle) before it returns
  handle = run(element, {
    ...options,
    onEvent: (event) => {
      events.push(event);
      if (event.type !== "approval-requested") return;
      try {
        decide(handle!, event.approval.approvalId);
      } catch (error) {
        thrown.push(error);
      }
    },
  });
  const result = await handle.result;
  return { result, log, thrown, events, model };
}

describe("approve() and deny() inside onEvent's approval-requested", () => {
  it("approve() is accepted and the tool runs", async () => {
    const { result, log, thrown, events } = await decidedInOnEvent(approve);
    expect(thrown).toEqual([]);
    expect(result.status).toBe("succeeded");
    expect(log).toEqual(["prod"]);
    const types = events.map((e) => e.type);
    expect(types.indexOf("approval-resolved")).toBeGreaterThan(types.indexOf("approval-requested"));
    expect(events.find((e) => e.type === "approval-resolved")).toMatchObject({ approved: true });
  });

  it("deny() is accepted, the tool never runs and the model hears the reason", async () => {
    const { result, log, thrown } = await decidedInOnEvent(deny);
    expect(thrown).toEqual([]);
    expect(result.status).toBe("succeeded");
    expect(log).toEqual([]);
    expect(result.output).toContain("execution-denied");
    expect(result.output).toContain("not today");
  });

  it("while stepping, the decided approval is no stop; the run still stops before the tool runs", async () => {
    const stops: string[] = [];
    let handle: RunHandle | undefined;
    const log: string[] = [];
    const { element } = release(log);
    // eslint-disable-next-line prefer-const -- run() emits (and the listener may read the handle) before it returns
    handle = run(element, {
      startPaused: true,
      onEvent: (event) => {
        if (event.type === "approval-requested") handle!.approve(event.approval.approvalId);
        if (event.type === "paused") {
          stops.push(`${event.stop.boundary}${event.stop.tool ? ` ${event.stop.tool.toolName}` : ""} (ran: ${log.length})`);
          queueMicrotask(() => handle!.step());
        }
      },
    });
    expect((await handle.result).status).toBe("succeeded");
    expect(stops).toEqual(["model-call (ran: 0)", "tool-call deploy (ran: 0)", "model-call (ran: 1)", "step-end (ran: 1)"]);
  });
});

describe("approve() and deny() inside a `for await` over handle.events", () => {
  for (const [name, decide] of [
    ["approve", approve],
    ["deny", deny],
  ] as const) {
    it(`${name}() is accepted`, async () => {
      const log: string[] = [];
      const { element } = release(log);
      const handle = run(element);
      const thrown: unknown[] = [];
      for await (const event of handle.events) {
        if (event.type !== "approval-requested") continue;
        try {
          decide(handle, event.approval.approvalId);
        } catch (error) {
          thrown.push(error);
        }
      }
      expect(thrown).toEqual([]);
      expect((await handle.result).status).toBe("succeeded");
      expect(log).toEqual(name === "approve" ? ["prod"] : []);
    });
  }
});

describe("what stays refused", () => {
  it("an id that was never asked is JUNE_UNKNOWN_APPROVAL, also inside the event", async () => {
    const { thrown, result } = await decidedInOnEvent((handle, id) => {
      try {
        handle.approve(`${id}-other`);
      } finally {
        handle.approve(id);
      }
    });
    expect(thrown).toEqual([expect.objectContaining({ code: "JUNE_UNKNOWN_APPROVAL" })]);
    expect(result.status).toBe("succeeded");
  });

  it("a second decision on the same approval is JUNE_UNKNOWN_APPROVAL; the first stands", async () => {
    const { thrown, log } = await decidedInOnEvent((handle, id) => {
      handle.approve(id);
      handle.deny(id, "changed my mind");
    });
    expect(thrown).toEqual([expect.objectContaining({ code: "JUNE_UNKNOWN_APPROVAL" })]);
    expect(log).toEqual(["prod"]);
  });
});
