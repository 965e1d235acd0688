// The project snapshot tells the renderer which tools run programs without a sandbox: a Problem
// for the Problems panel, and the tool names for their approval cards.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sandboxStatus } from "june";
import { openProject } from "june/project";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { projectSnapshot } from "./project-snapshot.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-snapshot-sandbox-"));
  await mkdir(join(folder, ".claude/agents"), { recursive: true });
  await writeFile(join(folder, ".claude/agents/builder.md"), "---\nname: builder\ndescription: Builds\ntools: Bash, Read\n---\nYou build.\n");
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function snapshotWith(sandbox: string | undefined) {
  if (sandbox !== undefined) await writeFile(join(folder, "june.config.ts"), `import { defineConfig } from "june";\nexport default defineConfig({ sandbox: ${sandbox} });\n`);
  return projectSnapshot(await openProject(folder), 0);
}

describe("projectSnapshot: the sandbox", () => {
  it("is a warning Problem, naming the tool and why, when Bash would run without a sandbox (bubblewrap missing)", async () => {
    const snapshot = await snapshotWith('{ bwrap: "/nonexistent/bwrap" }');
    const reason = "/nonexistent/bwrap (sandbox.bwrap) does not exist or cannot be run";
    expect(snapshot.problems).toContainEqual({
      severity: "warning",
      code: "JUNE_SANDBOX_UNAVAILABLE",
      message: expect.stringContaining(`june: Bash runs commands without a sandbox: ${reason}.`),
      file: join(folder, "june.config.ts"),
    });
  });

  it("is an error Problem when Bash refuses every command (allowUnsandboxedCommands: false)", async () => {
    const snapshot = await snapshotWith('{ bwrap: "/nonexistent/bwrap", allowUnsandboxedCommands: false }');
    expect(snapshot.problems).toContainEqual(expect.objectContaining({ severity: "error", code: "JUNE_SANDBOX_UNAVAILABLE", message: expect.stringContaining("refuses every command") }));
  });

  it("is a warning when the config turns the sandbox off", async () => {
    const snapshot = await snapshotWith("{ enabled: false }");
    expect(snapshot.problems).toContainEqual(expect.objectContaining({ severity: "warning", code: "JUNE_SANDBOX_UNAVAILABLE", message: expect.stringContaining("sandbox.enabled is false") }));
  });

  const status = sandboxStatus();
  it.skipIf(!status.available)(`is no Problem where Bash runs sandboxed, and says the machine has bubblewrap${status.available ? "" : ` (skipped: ${status.reason})`}`, async () => {
    const snapshot = await snapshotWith(undefined);
    expect(snapshot.problems.filter((p) => p.code === "JUNE_SANDBOX_UNAVAILABLE")).toEqual([]);
    expect(snapshot.sandbox).toEqual({ available: true, kind: "bubblewrap" });
  });
});
