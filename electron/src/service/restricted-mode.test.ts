// The service survives what a folder holds, and keeps a folder's code from running until the
// user trusts it: opening `/` answers at once, a link loop or an unreadable folder appearing in an
// open project leaves a waiting approval waiting, an untrusted folder loads no workflow or config
// code (and runs nothing) until trustFolder, and run records are the user's alone.
import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, stat, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEPLOY_FLOW, HELLO_FLOW, approvalsRequested, makeProject, nextEvent, runEnded, type ProjectFixture } from "./project-fixture.test-support.ts";
import { StudioService } from "./studio-service.ts";
import { TrustStore } from "./trust/index.ts";

let project: ProjectFixture | undefined;
let service: StudioService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
  if (project) await chmod(join(project.folder, "locked"), 0o755).catch(() => {});
  await project?.remove();
  project = undefined;
});

/** A workflow and a config that each leave a marker file when they are imported. */
function markingFiles(folder: string) {
  const marker = (name: string) => join(folder, `${name}.marker`);
  return {
    markers: { workflow: marker("workflow"), config: marker("config") },
    files: {
      "hello.tsx": `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker("workflow"))}, "imported");\n${HELLO_FLOW}`,
      "june.config.ts": `import { writeFileSync } from "node:fs";\nimport { defineConfig } from "june";\nwriteFileSync(${JSON.stringify(marker("config"))}, "imported");\nexport default defineConfig({});\n`,
      ".claude/agents/reviewer.md": "---\nname: reviewer\ndescription: Reviews code\ntools: Read, Grep\nmodel: inherit\n---\nYou review.\n",
    },
  };
}

describe("opening a folder always answers", () => {
  it("openFolder(\"/\") answers at once with JUNE_FOLDER_REFUSED, and the service goes on", async () => {
    service = new StudioService({ log: () => {} });
    expect(await service.openFolder({ folder: "/" })).toMatchObject({ ok: false, error: { code: "JUNE_FOLDER_REFUSED", message: expect.stringContaining("root of the filesystem") } });
    project = await makeProject({ "hello.tsx": HELLO_FLOW });
    expect(await service.openFolder({ folder: project.folder })).toMatchObject({ ok: true, value: { trust: "trusted" } });
  });
});

describe("the watcher never takes the service down", () => {
  it("a link loop and an unreadable folder (readable all the same as root) created in the open project leave a waiting approval waiting", async () => {
    project = await makeProject({ "deploy.tsx": DEPLOY_FLOW, "hello.tsx": HELLO_FLOW });
    service = new StudioService({ log: () => {} });
    await service.openFolder({ folder: project.folder });
    const asked = approvalsRequested(service, 1);
    const started = await service.startRun({ entryId: "workflow:deploy.tsx" });
    if (!started.ok) throw new Error(started.error.message);
    await asked;
    await symlink(".", join(project.folder, "loop"));
    await symlink(join(project.folder, "b"), join(project.folder, "a"));
    await symlink(join(project.folder, "a"), join(project.folder, "b"));
    await mkdir(join(project.folder, "locked"), { mode: 0o000 });
    // A change after them still reaches the service: the watcher is alive.
    const seen = nextEvent(service, (e) => e.type === "project" && e.project.entries.some((x) => x.name === "Later"));
    await project.write("later.tsx", HELLO_FLOW.replace("function Hello", "function Later"));
    await seen;
    const pending = await service.pendingApprovals({});
    expect(pending.ok && pending.value.map((p) => p.runId)).toEqual([started.value.runId]);
    const ended = runEnded(service, started.value.runId);
    await service.approve({ runId: started.value.runId, approvalId: pending.ok ? pending.value[0]!.approvalId : "" });
    expect((await ended).run.status).toBe("succeeded");
  });
});

describe("folder trust", () => {
  it("an untrusted folder opens restricted: no workflow or config code runs, workflows are listed by file, markdown agents load, runs are refused", async () => {
    project = await makeProject({});
    const { markers, files } = markingFiles(project.folder);
    for (const [rel, text] of Object.entries(files)) await project.write(rel, text);
    service = new StudioService({ log: () => {}, trust: new TrustStore({ file: join(project.folder, ".trust", "trusted-folders.json") }) });
    const opened = await service.openFolder({ folder: project.folder });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.trust).toBe("restricted");
    expect(opened.value.entries.map((e) => [e.id, e.name])).toEqual([
      ["workflow:hello.tsx", "hello.tsx"],
      ["markdown:reviewer", "reviewer"],
    ]);
    expect(opened.value.entries[1]!.tools).toEqual(["Read", "Grep"]);
    expect(opened.value.problems).toContainEqual(expect.objectContaining({ code: "JUNE_FOLDER_RESTRICTED", entryId: "markdown:reviewer", message: expect.stringContaining("june.config.ts") }));
    expect(existsSync(markers.workflow)).toBe(false);
    expect(existsSync(markers.config)).toBe(false);
    for (const entryId of ["workflow:hello.tsx", "markdown:reviewer"]) {
      expect(await service.startRun({ entryId })).toMatchObject({ ok: false, error: { code: "STUDIO_FOLDER_RESTRICTED" } });
    }
    expect(existsSync(markers.workflow)).toBe(false);
  });

  it("trusting the open folder loads its code and remembers it for the next studio", async () => {
    project = await makeProject({});
    const { markers, files } = markingFiles(project.folder);
    for (const [rel, text] of Object.entries(files)) await project.write(rel, text);
    const file = join(project.folder, ".trust", "trusted-folders.json");
    service = new StudioService({ log: () => {}, trust: new TrustStore({ file }) });
    await service.openFolder({ folder: project.folder });
    expect(await service.trustFolder({ folder: join(project.folder, "elsewhere") })).toMatchObject({ ok: false, error: { code: "STUDIO_NOT_OPEN_FOLDER" } });
    const trusted = await service.trustFolder({ folder: project.folder });
    if (!trusted.ok) throw new Error(trusted.error.message);
    expect(trusted.value.trust).toBe("trusted");
    expect(trusted.value.entries.map((e) => e.name)).toEqual(["Hello", "reviewer"]);
    expect(existsSync(markers.workflow)).toBe(true);
    expect(existsSync(markers.config)).toBe(true);
    const started = await service.startRun({ entryId: "workflow:hello.tsx" });
    if (!started.ok) throw new Error(started.error.message);
    expect((await runEnded(service, started.value.runId)).run.status).toBe("succeeded");
    await service.close();
    service = new StudioService({ log: () => {}, trust: new TrustStore({ file }) });
    expect(await service.openFolder({ folder: project.folder })).toMatchObject({ ok: true, value: { trust: "trusted" } });
  });

  it("a folder named for the session (the command line's) is trusted without asking", async () => {
    project = await makeProject({});
    const { markers, files } = markingFiles(project.folder);
    for (const [rel, text] of Object.entries(files)) await project.write(rel, text);
    service = new StudioService({ log: () => {}, trust: new TrustStore({ file: join(project.folder, ".trust", "t.json"), trusted: [project.folder] }) });
    expect(await service.openFolder({ folder: project.folder })).toMatchObject({ ok: true, value: { trust: "trusted" } });
    expect(existsSync(markers.workflow)).toBe(true);
  });
});

describe.skipIf(process.platform === "win32")("run records are the user's alone (skipped on Windows: no POSIX modes)", () => {
  it("the runs folder is 0700 and its files 0600", async () => {
    project = await makeProject({ "hello.tsx": HELLO_FLOW });
    service = new StudioService({ log: () => {} });
    await service.openFolder({ folder: project.folder });
    const started = await service.startRun({ entryId: "workflow:hello.tsx" });
    if (!started.ok) throw new Error(started.error.message);
    await runEnded(service, started.value.runId);
    const runs = join(project.folder, ".june", "runs");
    expect((await stat(runs)).mode & 0o777).toBe(0o700);
    const names = (await readdir(runs)).filter((n) => n.startsWith("run_"));
    // Its events, its meta and its model calls' raw bodies (which hold prompts too).
    expect(names.length).toBe(3);
    for (const name of names) expect([name, (await stat(join(runs, name))).mode & 0o777]).toEqual([name, 0o600]);
  });
});
