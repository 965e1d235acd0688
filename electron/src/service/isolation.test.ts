// The studio survives its project's code: a workflow file that calls process.exit while it loads
// is a problem in the snapshot, a run whose tool calls process.exit or spins forever ends (failed,
// or aborted by Stop) with a coded error, and the service goes on serving the other workflows.
import { afterEach, describe, expect, it } from "vitest";
import { DEPLOY_FLOW, HELLO_FLOW, approvalsRequested, makeProject, nextEvent, openService, runEnded, type ProjectFixture } from "./project-fixture.test-support.ts";
import type { StudioService } from "./studio-service.ts";
// The engine's own hostile tool (a test file reached by path, as the isolate's tests use it).
import { toolThat } from "../../../engine/src/isolate/hostile-code.test-support.ts";

const EXIT_AT_IMPORT = `import { Agent } from "june";\nprocess.exit(7);\nexport default function Gone() { return <Agent />; }\n`;

let project: ProjectFixture | undefined;
let service: StudioService | undefined;
afterEach(async () => {
  await service?.close();
  await project?.remove();
});

async function open(files: Record<string, string>): Promise<StudioService> {
  project = await makeProject(files);
  service = await openService(project.folder);
  return service;
}

async function value<T>(result: Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe("the studio and its project's code", () => {
  it("a workflow that calls process.exit at import is a problem; the others are listed and run", async () => {
    const s = await open({ "gone.tsx": EXIT_AT_IMPORT, "hello.tsx": HELLO_FLOW });
    const snapshot = await value(s.getProject({}));
    expect(snapshot?.problems).toEqual([expect.objectContaining({ code: "JUNE_USER_CODE_EXITED", file: expect.stringContaining("gone.tsx") })]);
    expect(snapshot?.entries.map((e) => e.id)).toEqual(["workflow:hello.tsx"]);
    const { runId } = await value(s.startRun({ entryId: "workflow:hello.tsx" }));
    expect((await runEnded(s, runId)).run.status).toBe("succeeded");
  });

  it("a run whose tool calls process.exit failed with JUNE_USER_CODE_EXITED; the next run goes on", async () => {
    const s = await open({ "acting.tsx": toolThat("process.exit(9);"), "hello.tsx": HELLO_FLOW });
    const { runId } = await value(s.startRun({ entryId: "workflow:acting.tsx" }));
    const ended = (await runEnded(s, runId)).run;
    expect(ended).toMatchObject({ status: "failed", error: { code: "JUNE_USER_CODE_EXITED" } });
    const next = await value(s.startRun({ entryId: "workflow:hello.tsx" }));
    expect((await runEnded(s, next.runId)).run.status).toBe("succeeded");
  });

  it("Stop ends a run whose tool spins forever", async () => {
    const s = await open({ "acting.tsx": toolThat("while (true) {}") });
    const toolStarted = nextEvent(s, (e) => e.type === "trace" && e.event.type === "node-start" && e.event.node.kind === "tool-call");
    const { runId } = await value(s.startRun({ entryId: "workflow:acting.tsx" }));
    await toolStarted;
    await value(s.abortRun({ runId, reason: "stop" }));
    const ended = (await runEnded(s, runId)).run;
    expect(ended).toMatchObject({ status: "aborted", error: { code: "JUNE_ABORT_FORCED" } });
  });

  it("an approval crosses to the run's worker and back: approved from the studio, the run succeeds", async () => {
    const s = await open({ "deploy.tsx": DEPLOY_FLOW });
    const asked = approvalsRequested(s, 1);
    const { runId } = await value(s.startRun({ entryId: "workflow:deploy.tsx" }));
    await asked;
    const [pending] = await value(s.pendingApprovals({}));
    await value(s.approve({ runId, approvalId: pending!.approvalId }));
    expect((await runEnded(s, runId)).run.status).toBe("succeeded");
  });
});
