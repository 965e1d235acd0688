// The approval desk, fed a real engine run's events the way the run registry feeds them (each
// event to `heard` before it goes out, what that returns after) on a `scripted` model whose one
// tool needs approval; earlier sessions' decisions come from a record written in a temp folder.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tool } from "ai";
import { Agent, Step, Tool, openTraceWriter, run, type TraceEvent } from "june";
import { scripted } from "june/sdk/scripted";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { PendingApproval } from "../contract/index.ts";
import { ApprovalDesk } from "./approval-desk.ts";
import type { StudioEventInput } from "./event-log.ts";
import { LiveRun } from "./live-run.ts";

function Deploy() {
  const deploy = tool({
    description: "Deploy to an environment",
    inputSchema: z.object({ env: z.string() }),
    needsApproval: true,
    execute: async ({ env }) => "deployed to " + env,
  });
  const model = scripted([
    { toolCalls: [{ toolName: "deploy", input: { env: "staging" } }] },
    (call) => ({ text: JSON.stringify(call.prompt.at(-1)).includes("deployed to") ? "shipped" : "not shipped" }),
  ]);
  return (
    <Agent model={model}>
      <Tool name="deploy" value={deploy} />
      <Step id="ship" prompt="Deploy to staging" />
    </Agent>
  );
}

/** What went out, in order: `trace:<type>` for a run's event, the studio event's type otherwise. */
interface Desk {
  desk: ApprovalDesk;
  out: string[];
  emitted: StudioEventInput[];
}

function openDesk(): Desk {
  const out: string[] = [];
  const emitted: StudioEventInput[] = [];
  const desk = new ApprovalDesk({
    emit: (event) => {
      out.push(event.type);
      emitted.push(event);
    },
    log: (message) => {
      throw new Error(`unexpected log: ${message}`);
    },
  });
  return { desk, out, emitted };
}

interface Started {
  live: LiveRun;
  events: TraceEvent[];
  /** The desk's pending approvals as the run's approval-requested event went out. */
  seen: { pendingWhenAsked?: PendingApproval[] };
  /** Resolves with the first approval the desk announces. */
  asked: Promise<PendingApproval>;
  ended: Promise<void>;
}

let count = 0;
function startDeploy({ desk, out, emitted }: Desk): Started {
  const runId = `run_desk_${++count}`;
  const live = new LiveRun({ runId, entryId: "workflow:deploy.tsx", name: "Deploy", input: null, startedAt: 0 });
  const events: TraceEvent[] = [];
  const seen: Started["seen"] = {};
  let announce: (pending: PendingApproval) => void = () => {};
  const asked = new Promise<PendingApproval>((resolve) => (announce = resolve));
  live.handle = run(<Deploy />, {
    runId,
    onEvent: (event) => {
      live.record(event, true);
      events.push(event);
      const after = desk.heard(live, event);
      out.push(`trace:${event.type}`);
      if (event.type === "approval-requested") seen.pendingWhenAsked = desk.pending();
      after?.();
      const last = emitted.at(-1);
      if (last?.type === "approval-requested" && last.approval.runId === runId) announce(last.approval);
    },
  });
  const ended = live.handle.result.then((result) => {
    desk.ended(runId);
    live.end(result, 1);
  });
  return { live, events, seen, asked, ended };
}

const onlyApprovals = (out: string[]) => out.filter((o) => o.includes("approval"));

describe("what a run asks", () => {
  it("is pending before the run's approval-requested event goes out, and announced right after it", async () => {
    const d = openDesk();
    const started = startDeploy(d);
    const pending = await started.asked;
    const at = d.out.indexOf("trace:approval-requested");
    expect(d.out[at + 1]).toBe("approval-requested");
    expect(started.seen.pendingWhenAsked).toEqual([pending]);
    expect(pending).toMatchObject({ runId: started.live.id, entryName: "Deploy", toolName: "deploy", input: { env: "staging" } });
    expect(d.desk.pending()).toEqual([pending]);
    started.live.handle!.abort("done");
    await started.ended;
  });

  it("asks nobody when the run answers it from a record (replay, fork, resume)", async () => {
    const d = openDesk();
    const started = startDeploy(d);
    await started.asked;
    const request = started.events.find((e) => e.type === "approval-requested")!;
    if (request.type !== "approval-requested") throw new Error("no request");
    const replayed: TraceEvent = { ...request, approval: { ...request.approval, approvalId: "replayed-1", replayed: true } };
    expect(d.desk.heard(started.live, replayed)).toBeUndefined();
    expect(d.desk.pending().map((p) => p.approvalId)).not.toContain("replayed-1");
    started.live.handle!.abort("done");
    await started.ended;
  });

  it("is withdrawn when its run ends without a decision", async () => {
    const d = openDesk();
    const started = startDeploy(d);
    const pending = await started.asked;
    started.live.handle!.abort("the user stopped it");
    await started.ended;
    expect(d.desk.pending()).toEqual([]);
    const late = await d.desk.decide(started.live, started.live.id, pending.approvalId, { approved: true });
    expect(late.ok ? undefined : late.error.code).toBe("STUDIO_UNKNOWN_APPROVAL");
    expect(late.ok ? "" : late.error.message).toContain("(the run has aborted)");
    expect(await d.desk.history()).toEqual([]);
  });
});

describe("decide", () => {
  it("approves on the run that asked and answers once the run's approval-resolved is heard", async () => {
    const d = openDesk();
    const started = startDeploy(d);
    const pending = await started.asked;
    expect(await d.desk.decide(started.live, started.live.id, pending.approvalId, { approved: true })).toEqual({ ok: true, value: null });
    // By the answer the decision is out, after the run's own event carrying it.
    expect(onlyApprovals(d.out)).toEqual(["trace:approval-requested", "approval-requested", "trace:approval-resolved", "approval-decided"]);
    expect(d.desk.pending()).toEqual([]);
    expect(await d.desk.history()).toEqual([expect.objectContaining({ runId: started.live.id, approvalId: pending.approvalId, toolName: "deploy", approved: true })]);
    await started.ended;
    expect(started.live.summary().status).toBe("succeeded");
    expect(started.events.find((e) => e.type === "node-end" && e.nodeId === "n1")).toMatchObject({ output: "shipped" });
  });

  it("denies with its reason, which the history and the run both get", async () => {
    const d = openDesk();
    const started = startDeploy(d);
    const pending = await started.asked;
    expect(await d.desk.decide(started.live, started.live.id, pending.approvalId, { approved: false, reason: "not today" })).toEqual({ ok: true, value: null });
    expect(await d.desk.history()).toEqual([expect.objectContaining({ approved: false, reason: "not today" })]);
    await started.ended;
    expect(started.events.find((e) => e.type === "node-end" && e.nodeId === "n1")).toMatchObject({ output: "not shipped" });
  });

  it("refuses a run the session doesn't have, and an approval that isn't pending, naming those that are", async () => {
    const d = openDesk();
    const started = startDeploy(d);
    const pending = await started.asked;
    const noRun = await d.desk.decide(undefined, "run_nobody", pending.approvalId, { approved: true });
    expect(noRun.ok ? undefined : noRun.error.code).toBe("STUDIO_UNKNOWN_RUN");
    const noApproval = await d.desk.decide(started.live, started.live.id, "nothing-asked", { approved: true });
    expect(noApproval.ok ? undefined : noApproval.error.code).toBe("STUDIO_UNKNOWN_APPROVAL");
    expect(noApproval.ok ? "" : noApproval.error.message).toContain(`pending: ${pending.approvalId}.`);
    started.live.handle!.abort("done");
    await started.ended;
  });
});

describe("the history of decisions", () => {
  let runsFolder: string;
  let pastRunId: string;
  beforeAll(async () => {
    // An earlier session's run, decided and recorded in a runs folder.
    runsFolder = await mkdtemp(join(tmpdir(), "june-desk-"));
    const d = openDesk();
    const started = startDeploy(d);
    const pending = await started.asked;
    await d.desk.decide(started.live, started.live.id, pending.approvalId, { approved: false, reason: "earlier" });
    await started.ended;
    pastRunId = started.live.id;
    const writer = openTraceWriter(join(runsFolder, `${pastRunId}.jsonl`));
    for (const event of started.events) writer.append(event);
    writer.close();
  });
  afterAll(() => rm(runsFolder, { recursive: true, force: true }));

  it("puts the open project's earlier decisions first, then this session's", async () => {
    const d = openDesk();
    d.desk.projectOpened(runsFolder, () => false);
    const started = startDeploy(d);
    const pending = await started.asked;
    await d.desk.decide(started.live, started.live.id, pending.approvalId, { approved: true });
    await started.ended;
    expect((await d.desk.history()).map((r) => [r.runId, r.approved, r.reason])).toEqual([
      [pastRunId, false, "earlier"],
      [started.live.id, true, undefined],
    ]);
  });

  it("reads no earlier decision of a run the session has (it is this session's)", async () => {
    const d = openDesk();
    d.desk.projectOpened(runsFolder, (runId) => runId === pastRunId);
    expect(await d.desk.history()).toEqual([]);
  });
});
