// A run's input is bounded before the studio starts anything: one nested past the engine's bounds
// (256 levels, 16 MiB as JSON) is refused by startRun with the engine's code, and leaves no run,
// no record and no event behind — it could be neither recorded nor shown.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { HELLO_FLOW, makeProject, openService, runEnded, type ProjectFixture } from "./project-fixture.test-support.ts";
import type { StudioService } from "./studio-service.ts";

let project: ProjectFixture;
let service: StudioService | undefined;
beforeAll(async () => {
  project = await makeProject({ "hello.tsx": HELLO_FLOW });
});
afterAll(() => project.remove());
afterEach(async () => {
  await service?.close();
  service = undefined;
});

function deepValue(levels: number): unknown {
  let value: unknown = { name: "deep" };
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

const runsFolder = () => join(project.folder, ".june", "runs");
const recorded = () => (existsSync(runsFolder()) ? readdirSync(runsFolder()).filter((f) => f.endsWith(".meta.json")) : []);

describe("startRun's input", () => {
  it("5,000 levels deep: refused with JUNE_VALUE_TOO_DEEP; no run, record or event", async () => {
    service = await openService(project.folder);
    const before = service.lastSeq;
    const records = recorded();
    const started = await service.startRun({ entryId: "workflow:hello.tsx", input: deepValue(5000) });
    expect(started).toMatchObject({ ok: false, error: { code: "JUNE_VALUE_TOO_DEEP" } });
    expect(!started.ok && started.error.message).toContain("the run's input is nested deeper than 256 levels");
    expect(service.lastSeq).toBe(before);
    expect(recorded()).toEqual(records);
    expect(await service.listRuns({})).toMatchObject({ ok: true, value: records.map(() => expect.anything()) });
  });

  it("within the bounds: runs as before", async () => {
    service = await openService(project.folder);
    const started = await service.startRun({ entryId: "workflow:hello.tsx", input: { name: "Ada", nested: deepValue(100) } });
    if (!started.ok) throw new Error(started.error.message);
    expect((await runEnded(service, started.value.runId)).run.status).toBe("succeeded");
  });
});
