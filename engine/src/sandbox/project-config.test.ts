// june.config.ts `sandbox` reaches the Bash of markdown agents, and is checked like every field.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openProject } from "../project/index.ts";
import type { ToolInfo, TraceNode } from "../trace/index.ts";
import { sandboxNotice } from "./index.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-sandbox-config-"));
  await mkdir(join(folder, ".claude/agents"), { recursive: true });
  await writeFile(join(folder, ".claude/agents/builder.md"), "---\nname: builder\ndescription: Builds\ntools: Bash, Read\n---\nYou build.\n");
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const config = (sandbox: string) => `import { defineConfig } from "june";\nexport default defineConfig({ sandbox: ${sandbox} });\n`;

function toolsOf(node: TraceNode | undefined): ToolInfo[] {
  if (!node) return [];
  return [...((node as { tools?: ToolInfo[] }).tools ?? []), ...(node.children ?? []).flatMap(toolsOf)];
}

describe("june.config.ts sandbox", () => {
  it("reaches the markdown agents' Bash: turned off, its description says it runs without a sandbox", async () => {
    await writeFile(join(folder, "june.config.ts"), config("{ enabled: false }"));
    const project = await openProject(folder);
    expect(project.problems.filter((p) => p.severity === "error")).toEqual([]);
    const bash = toolsOf(project.entries.find((e) => e.id === "markdown:builder")?.tree).find((t) => t.name === "Bash");
    expect(sandboxNotice(bash?.description)).toEqual({ state: "unsandboxed", reason: "sandbox.enabled is false" });
  });

  it("refuses a misspelt field with JUNE_INVALID_CONFIG naming it, so a grant is never silently dropped", async () => {
    await writeFile(join(folder, "june.config.ts"), config('{ filesystem: { allowWrites: ["~/.npm"] } }'));
    const project = await openProject(folder);
    expect(project.problems).toContainEqual(expect.objectContaining({ code: "JUNE_INVALID_CONFIG", message: expect.stringContaining("sandbox.filesystem") }));
  });
});
