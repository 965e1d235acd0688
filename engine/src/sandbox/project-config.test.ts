// june.config.ts `sandbox` reaches the Bash of markdown agents and a workflow's <Bash />, and is
// checked like every field; an approval of a tool that runs without a sandbox says why.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openProject } from "../project/index.ts";
import { run } from "../run/index.ts";
import type { ApprovalRequest, ToolInfo, TraceNode } from "../trace/index.ts";
import { sandboxNotice } from "./index.ts";
import { apartFromModels } from "../loading/model-problems.test-support.ts";

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

// A workflow whose agent has `bash` (declared as given) and calls it once.
const SHELL_FLOW = (bash: string) => `import { Agent, Bash, Step } from "june";
import { scripted } from "june/sdk/scripted";
export default function Shell() {
  return (
    <Agent model={scripted([{ toolCalls: [{ toolName: "bash", input: { command: "true" } }] }, { text: "done" }])}>
      ${bash}
      <Step id="go" prompt="Run it" />
    </Agent>
  );
}
`;

function toolsOf(node: TraceNode | undefined): ToolInfo[] {
  if (!node) return [];
  return [...((node as { tools?: ToolInfo[] }).tools ?? []), ...(node.children ?? []).flatMap(toolsOf)];
}

describe("june.config.ts sandbox", () => {
  it("reaches the markdown agents' Bash: turned off, its description says it runs without a sandbox", async () => {
    await writeFile(join(folder, "june.config.ts"), config("{ enabled: false }"));
    const project = await openProject(folder);
    expect(apartFromModels(project.problems).filter((p) => p.severity === "error")).toEqual([]);
    const bash = toolsOf(project.entries.find((e) => e.id === "markdown:builder")?.tree).find((t) => t.name === "Bash");
    expect(sandboxNotice(bash?.description)).toEqual({ state: "unsandboxed", reason: "sandbox.enabled is false" });
  });

  it("reaches a workflow's <Bash /> declared without a sandbox prop", async () => {
    await writeFile(join(folder, "june.config.ts"), config("{ enabled: false }"));
    await writeFile(join(folder, "shell.tsx"), SHELL_FLOW("<Bash />"));
    const project = await openProject(folder);
    const bash = toolsOf(project.entries.find((e) => e.id === "workflow:shell.tsx")?.tree).find((t) => t.name === "bash");
    expect(sandboxNotice(bash?.description)).toEqual({ state: "unsandboxed", reason: "sandbox.enabled is false" });
  });

  it("leaves a <Bash /> with its own sandbox prop to it", async () => {
    await writeFile(join(folder, "june.config.ts"), config("{ network: true }"));
    await writeFile(join(folder, "shell.tsx"), SHELL_FLOW("<Bash sandbox={{ enabled: false }} />"));
    const project = await openProject(folder);
    const bash = toolsOf(project.entries.find((e) => e.id === "workflow:shell.tsx")?.tree).find((t) => t.name === "bash");
    expect(sandboxNotice(bash?.description)).toEqual({ state: "unsandboxed", reason: "sandbox.enabled is false" });
  });

  it("puts the reason on the approval request of a tool that runs without a sandbox, so whoever asks shows it", async () => {
    await writeFile(join(folder, "june.config.ts"), config("{ enabled: false }"));
    await writeFile(join(folder, "shell.tsx"), SHELL_FLOW("<Bash />"));
    const project = await openProject(folder);
    const handle = run(project.element("workflow:shell.tsx"), project.runDefaults);
    const asked: ApprovalRequest[] = [];
    for await (const event of handle.events) {
      if (event.type !== "approval-requested") continue;
      asked.push(event.approval);
      handle.deny(event.approval.approvalId, "not in a test");
    }
    expect((await handle.result).status).toBe("succeeded");
    expect(asked.map((a) => [a.toolName, a.noSandbox])).toEqual([["bash", "sandbox.enabled is false"]]);
  });

  it("refuses a misspelt field with JUNE_INVALID_CONFIG naming it, so a grant is never silently dropped", async () => {
    await writeFile(join(folder, "june.config.ts"), config('{ filesystem: { allowWrites: ["~/.npm"] } }'));
    const project = await openProject(folder);
    expect(project.problems).toContainEqual(expect.objectContaining({ code: "JUNE_INVALID_CONFIG", message: expect.stringContaining("sandbox.filesystem") }));
  });
});
