// A model call's raw provider bodies: kept beside the run's record (never in its events), read
// back with getModelExchange when a window asks, gone with the run; a run without them answers
// "not recorded" with the reason, a run nobody has is STUDIO_UNKNOWN_RUN.
import { existsSync, readFileSync } from "node:fs";
import { appendFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Result } from "../contract/index.ts";
import { exchangesFile } from "./model-exchanges.ts";
import { DEPLOY_FLOW, HELLO_FLOW, approvalsRequested, makeProject, openService, runEnded, type ProjectFixture } from "./project-fixture.test-support.ts";
import type { StudioService } from "./studio-service.ts";

let project: ProjectFixture;
let runs: string;
const services: StudioService[] = [];

beforeEach(async () => {
  project = await makeProject({ "hello.tsx": HELLO_FLOW, "deploy.tsx": DEPLOY_FLOW });
  runs = join(project.folder, ".june", "runs");
});
afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
  await project.remove();
});

async function open(options: Parameters<typeof openService>[1] = {}) {
  const service = await openService(project.folder, options);
  services.push(service);
  return service;
}

async function finishedRun(service: StudioService, entryId = "workflow:hello.tsx") {
  const started = await service.startRun({ entryId });
  if (!started.ok) throw new Error(started.error.message);
  await runEnded(service, started.value.runId);
  return started.value.runId;
}

async function modelCalls(service: StudioService, runId: string): Promise<string[]> {
  const events = await service.getRunEvents({ runId });
  if (!events.ok) throw new Error(events.error.message);
  return events.value.flatMap((e) => (e.type === "node-start" && e.node.kind === "model-call" ? [e.node.id] : []));
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe("getModelExchange", () => {
  it("reads back a call's request body (a scripted model's stand-in) from beside the record, not from its events", async () => {
    const service = await open();
    const runId = await finishedRun(service);
    const [call] = await modelCalls(service, runId);
    const reply = value(await service.getModelExchange({ runId, nodeId: call! }));
    expect(reply.recorded).toBe(true);
    if (!reply.recorded) return;
    expect(reply.exchange).toMatchObject({ nodeId: call, streamed: true, request: { format: "json" } });
    const request = reply.exchange.request as { text: string };
    expect(JSON.parse(request.text)).toMatchObject({ "june.scripted": expect.stringContaining("no provider was called"), prompt: [{ role: "user" }] });
    // The events file holds none of it: it is the side file's.
    expect(readFileSync(join(runs, `${runId}.jsonl`), "utf8")).not.toContain("no provider was called");
    expect(readFileSync(exchangesFile(runs, runId), "utf8")).toContain("no provider was called");
  });

  it("keeps each call's, a loop's second call with the whole prompt", async () => {
    const service = await open();
    const started = await service.startRun({ entryId: "workflow:deploy.tsx" });
    if (!started.ok) throw new Error(started.error.message);
    const runId = started.value.runId;
    await approvalsRequested(service, 1);
    const [pending] = value(await service.pendingApprovals({}));
    await service.approve({ runId, approvalId: pending!.approvalId });
    await runEnded(service, runId);
    const calls = await modelCalls(service, runId);
    expect(calls).toHaveLength(2);
    const second = value(await service.getModelExchange({ runId, nodeId: calls[1]! }));
    expect(second.recorded && JSON.parse((second.exchange.request as { text: string }).text).prompt.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "tool"]);
  });

  it("answers 'not recorded', saying why, for a run that kept none and for a call without any", async () => {
    const service = await open({ keepModelExchanges: false });
    const runId = await finishedRun(service);
    const [call] = await modelCalls(service, runId);
    const reply = value(await service.getModelExchange({ runId, nodeId: call! }));
    expect(reply).toEqual({ recorded: false, reason: expect.stringContaining(`Run ${runId} kept no raw request or response bodies`) });
    expect(existsSync(exchangesFile(runs, runId))).toBe(false);

    const kept = await finishedRun(await open());
    const none = value(await service.getModelExchange({ runId: kept, nodeId: "n999" }));
    expect(none).toEqual({ recorded: false, reason: expect.stringContaining("Model call n999") });
  });

  it("skips a line cut short by a crash", async () => {
    const service = await open();
    const runId = await finishedRun(service);
    const [call] = await modelCalls(service, runId);
    await appendFile(exchangesFile(runs, runId), `{"nodeId":${JSON.stringify(call)},"request":{"format":"js`);
    const reply = value(await service.getModelExchange({ runId, nodeId: call! }));
    expect(reply.recorded).toBe(true);
  });

  it("refuses a run nobody has", async () => {
    const service = await open();
    const result = await service.getModelExchange({ runId: "run_nobody", nodeId: "n4" });
    expect(result).toMatchObject({ ok: false, error: { code: "STUDIO_UNKNOWN_RUN" } });
  });

  it("goes with its run: deleting the run deletes its raw bodies", async () => {
    const service = await open();
    const runId = await finishedRun(service);
    expect(existsSync(exchangesFile(runs, runId))).toBe(true);
    expect((await service.deleteRun({ runId })).ok).toBe(true);
    expect(existsSync(exchangesFile(runs, runId))).toBe(false);
  });

  it("is not a run of the history: the side file lists no run of its own", async () => {
    const service = await open();
    const runId = await finishedRun(service);
    await writeFile(join(runs, "stray.txt"), "");
    const listed = await service.listRuns({});
    expect(listed.ok && listed.value.map((r) => r.runId)).toEqual([runId]);
  });
});
