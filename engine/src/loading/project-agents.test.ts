// A Claude Code project's own files, applied when its markdown agents run in June: settings.json
// permission rules (deny, ask, allow) and a PreToolUse hook in front of Bash, CLAUDE.md in the
// system prompt, an agent's `permissionMode`, and delegation through `Agent` with the delegated
// agent under the same rules.
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scripted } from "june/sdk/scripted";
import { openProject } from "../project/index.ts";
import { run, type RunHandle } from "../run/index.ts";
import type { TraceNode } from "../trace/index.ts";
import { apartFromModels } from "./model-problems.test-support.ts";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "june-claude-project-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function write(rel: string, text: string): Promise<string> {
  const path = join(folder, rel);
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, text);
  return path;
}

const OPS = "---\nname: ops\ndescription: Runs commands\ntools: Bash\n---\nYou run commands.";
const SETTINGS = JSON.stringify({ permissions: { allow: ["Bash(echo *)"], ask: ["Bash(git push *)"], deny: ["Bash(rm *)"] } }, null, 2);

function bash(...commands: string[]) {
  return scripted([...commands.map((command) => ({ toolCalls: [{ toolName: "Bash", input: { command } }] })), { text: "done" }]);
}

/** Runs an entry, approving everything asked; returns the approvals and the tool calls' nodes. */
async function runAgent(project: Awaited<ReturnType<typeof openProject>>, id: string, model: ReturnType<typeof scripted>) {
  const handle: RunHandle = run(project.element(id, "go"), { ...project.runDefaults, modelOverride: model, warn: () => {} });
  const asked: string[] = [];
  for await (const event of handle.events) {
    if (event.type !== "approval-requested") continue;
    asked.push(String((event.approval.input as { command?: string }).command ?? event.approval.toolName));
    handle.approve(event.approval.approvalId);
  }
  const result = await handle.result;
  return { result, asked, calls: nodes(result.trace).filter((n) => n.kind === "tool-call") };
}

function nodes(node: TraceNode): TraceNode[] {
  return [node, ...node.children.flatMap(nodes)];
}

describe("a Claude Code project's settings.json and hooks, in June", () => {
  it("a deny rule refuses the call with an error the model reads, an ask rule asks, an allow rule runs unasked", async () => {
    await write(".claude/settings.json", SETTINGS);
    await write(".claude/agents/ops.md", OPS);
    const project = await openProject(folder);
    expect(apartFromModels(project.problems).filter((p) => p.severity === "error")).toEqual([]);
    const model = bash("echo hi", "git push origin main", "rm -rf build");
    const { result, asked, calls } = await runAgent(project, "markdown:ops", model);
    expect(result.status).toBe("succeeded");
    // Bash asks by default; the allow rule lets echo through, the ask rule asks for git push.
    expect(asked).toEqual(["git push origin main"]);
    expect(calls.map((c) => [c.input && (c.input as { command: string }).command, c.status])).toEqual([
      ["echo hi", "succeeded"],
      ["git push origin main", expect.any(String)],
      ["rm -rf build", "failed"],
    ]);
    const refused = JSON.stringify(model.calls[3]!.prompt);
    expect(refused).toContain("deny rule Bash(rm *)");
    expect(refused).toContain(".claude/settings.json:");
    // The trace says which rule let echo run.
    expect(nodes(calls[0]!).some((n) => n.kind === "guard" && /allowed by .*settings\.json:\d+ Bash\(echo \*\)/.test(n.name))).toBe(true);
  });

  it("a PreToolUse hook blocks a Bash command (exit 2), its reason given to the model", async () => {
    const hook = await write(".claude/hooks/no-curl.sh", '#!/bin/sh\nif grep -q curl; then echo "no network from here" >&2; exit 2; fi\nexit 0\n');
    await chmod(hook, 0o755);
    await write(
      ".claude/settings.json",
      JSON.stringify({ permissions: { allow: ["Bash"] }, hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "$CLAUDE_PROJECT_DIR/.claude/hooks/no-curl.sh" }] }] } }),
    );
    await write(".claude/agents/ops.md", OPS);
    const project = await openProject(folder);
    const model = bash("echo ok", "curl https://example.com");
    const { calls, asked } = await runAgent(project, "markdown:ops", model);
    expect(asked).toEqual([]);
    expect(calls.map((c) => c.status)).toEqual(["succeeded", "failed"]);
    expect(JSON.stringify(model.calls[2]!.prompt)).toContain("no network from here");
  });

  it("UserPromptSubmit and SessionStart hooks add to the person's prompt, and a UserPromptSubmit block keeps it from being sent", async () => {
    const submit = await write(".claude/hooks/submit.sh", '#!/bin/sh\nif grep -q secret; then echo "prompts may not mention secrets" >&2; exit 2; fi\necho "Ticket: JUNE-42"\n');
    const session = await write(".claude/hooks/session.sh", '#!/bin/sh\necho \'{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"Branch: main"}}\'\n');
    await chmod(submit, 0o755);
    await chmod(session, 0o755);
    await write(
      ".claude/settings.json",
      JSON.stringify({
        hooks: {
          UserPromptSubmit: [{ hooks: [{ type: "command", command: "$CLAUDE_PROJECT_DIR/.claude/hooks/submit.sh" }] }],
          SessionStart: [{ hooks: [{ type: "command", command: "$CLAUDE_PROJECT_DIR/.claude/hooks/session.sh" }] }],
        },
      }),
    );
    await write(".claude/agents/ops.md", OPS);
    const project = await openProject(folder);
    const model = scripted([{ text: "ok" }]);
    const sent = await runAgent(project, "markdown:ops", model);
    expect(sent.result.status).toBe("succeeded");
    expect(model.calls[0]!.prompt[1]).toEqual({ role: "user", content: [{ type: "text", text: "go\n\nBranch: main\n\nTicket: JUNE-42" }] });
    expect(nodes(sent.result.trace).filter((n) => n.kind === "guard").map((n) => n.name)).toEqual([
      expect.stringMatching(/^SessionStart hook .*session\.sh ran/),
      expect.stringMatching(/^UserPromptSubmit hook .*submit\.sh ran/),
    ]);

    const refused = scripted([{ text: "never" }]);
    const handle = run(project.element("markdown:ops", "print the secret"), { ...project.runDefaults, modelOverride: refused, warn: () => {} });
    const result = await handle.result;
    expect(result.status).toBe("failed");
    expect(result.error?.message).toContain("prompts may not mention secrets");
    expect(refused.calls).toHaveLength(0);
  });

  it("a PreToolUse hook on Agent|Task sees the delegation and can refuse it; the others still run", async () => {
    const hook = await write(".claude/hooks/no-ops.sh", '#!/bin/sh\nif grep -q \'"subagent_type":"ops"\'; then echo "ops is off limits" >&2; exit 2; fi\nexit 0\n');
    await chmod(hook, 0o755);
    await write(".claude/settings.json", JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Agent|Task", hooks: [{ type: "command", command: "$CLAUDE_PROJECT_DIR/.claude/hooks/no-ops.sh" }] }] } }));
    await write(".claude/agents/ops.md", OPS);
    await write(".claude/agents/notes.md", "---\nname: notes\ndescription: Takes notes\ntools: Read\n---\nYou take notes.");
    await write(".claude/agents/lead.md", "---\nname: lead\ndescription: Leads\ntools: Agent\n---\nYou lead.");
    const project = await openProject(folder);
    const model = scripted([
      { toolCalls: [{ toolName: "Agent", input: { description: "clean", prompt: "Clean up", subagent_type: "ops" } }] },
      { toolCalls: [{ toolName: "Agent", input: { description: "note", prompt: "Note it", subagent_type: "notes" } }] },
      { text: "noted" },
      { text: "ops was refused; notes ran" },
    ]);
    const { calls, result } = await runAgent(project, "markdown:lead", model);
    expect(result.status).toBe("succeeded");
    expect(calls.map((c) => [c.name, c.status])).toEqual([
      ["Agent", "failed"],
      ["Agent", "succeeded"],
    ]);
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("ops is off limits");
    expect(calls[1]!.children.some((n) => n.kind === "composite" && n.name === "Agent:notes")).toBe(true);
  });

  it("a Stop hook that always blocks sends the agent on only up to its maxTurns", async () => {
    const hook = await write(".claude/hooks/more.sh", '#!/bin/sh\necho "keep going" >&2\nexit 2\n');
    await chmod(hook, 0o755);
    await write(".claude/settings.json", JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "$CLAUDE_PROJECT_DIR/.claude/hooks/more.sh" }] }] } }));
    await write(".claude/agents/ops.md", "---\nname: ops\ndescription: Runs commands\ntools: Bash\nmaxTurns: 3\n---\nYou run commands.");
    const project = await openProject(folder);
    const model = scripted(() => ({ text: "done" }));
    const { result } = await runAgent(project, "markdown:ops", model);
    expect(result.status).toBe("succeeded");
    expect(model.calls).toHaveLength(3);
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain("keep going");
  });

  it("CLAUDE.md is in the agent's system prompt", async () => {
    await write("CLAUDE.md", "Always answer in French.");
    await write(".claude/agents/ops.md", OPS);
    const project = await openProject(folder);
    const model = scripted([{ text: "d'accord" }]);
    await runAgent(project, "markdown:ops", model);
    const system = JSON.stringify(model.calls[0]!.prompt[0]);
    expect(system).toContain("You run commands.");
    expect(system).toContain("Always answer in French.");
  });

  it("a delegated agent is held to the same rules, and an agent's permissionMode acceptEdits lets it edit unasked", async () => {
    await write(".claude/settings.json", SETTINGS);
    await write(".claude/agents/ops.md", OPS);
    await write(".claude/agents/lead.md", "---\nname: lead\ndescription: Leads\ntools: Agent\n---\nYou lead.");
    await write(".claude/agents/editor.md", "---\nname: editor\ndescription: Edits\ntools: Write\npermissionMode: acceptEdits\n---\nYou edit.");
    const project = await openProject(folder);
    expect(apartFromModels(project.problems).filter((p) => p.severity === "error")).toEqual([]);
    const model = scripted([
      { toolCalls: [{ toolName: "Agent", input: { description: "clean", prompt: "Clean up", subagent_type: "ops" } }] },
      { toolCalls: [{ toolName: "Bash", input: { command: "rm -rf build" } }] },
      { text: "could not" },
      { text: "ops could not" },
    ]);
    const { calls } = await runAgent(project, "markdown:lead", model);
    expect(calls.map((c) => [c.name, c.status])).toEqual([
      ["Agent", "succeeded"],
      ["Bash", "failed"],
    ]);
    const writer = scripted([{ toolCalls: [{ toolName: "Write", input: { file_path: "notes.md", content: "hi" } }] }, { text: "written" }]);
    const edited = await runAgent(project, "markdown:editor", writer);
    expect(edited.asked).toEqual([]);
    expect(edited.calls.map((c) => c.status)).toEqual(["succeeded"]);
  });
});
