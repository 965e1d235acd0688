// A Claude Code project's settings and hooks applied to real tool calls in June's run(): rules
// that deny (the model reads the error naming the rule), ask (an approval comes) and allow (Bash
// runs unasked), local settings over the project's, PreToolUse hooks that block (exit 2, JSON),
// PostToolUse hooks that see the result, a Stop hook that makes the agent go on once, a hook
// that times out, and the permission modes. Hooks are real shell scripts in a temp project.
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent, Step, Tool, run, type RunHandle, type RunResult, type TraceNode } from "june";
import { scripted, type ScriptedModel } from "june/sdk/scripted";
import { claudeBuiltins } from "june/tools";
import { ownApprovalReason } from "../capabilities/approval.ts";
import { claudeGuard, type ClaudeGuardOptions } from "./guard.ts";
import { loadClaudeSettings } from "./settings.ts";

let root = "";
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "june-guard-")));
  await mkdir(join(root, ".claude", "hooks"), { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

const settingsFile = (name: string, value: unknown) => writeFile(join(root, ".claude", name), `${JSON.stringify(value, null, 2)}\n`);

async function hookScript(name: string, body: string): Promise<string> {
  const file = join(root, ".claude", "hooks", name);
  await writeFile(file, `#!/usr/bin/env bash\n${body}\n`);
  await chmod(file, 0o755);
  return `./.claude/hooks/${name}`;
}

/** The project's own Bash and Write (no sandbox: the tests run commands of their own). */
function builtins(needsApproval?: { Bash?: boolean; Write?: boolean }) {
  return claudeBuiltins({ root, bash: { sandbox: { enabled: false } }, ...(needsApproval ? { needsApproval } : {}) });
}

async function guarded(options: Omit<ClaudeGuardOptions, "root" | "settings"> = {}) {
  return claudeGuard({ root, settings: await loadClaudeSettings(root), ...options });
}

function bashCall(command: string, then = "done"): ScriptedModel {
  return scripted([{ toolCalls: [{ toolName: "Bash", input: { command } }] }, { text: then }]);
}

function agentWith(model: ScriptedModel, tools: Record<string, unknown>, props: Record<string, unknown> = {}) {
  return (
    <Agent model={model} name="dev" {...props}>
      {Object.entries(tools).map(([name, value]) => (
        <Tool name={name} value={value as never} />
      ))}
      <Step id="main" prompt="Work" />
    </Agent>
  );
}

function nodes(node: TraceNode, kind: string): TraceNode[] {
  return [...(node.kind === kind ? [node] : []), ...node.children.flatMap((child) => nodes(child, kind))];
}

const prompt = (model: ScriptedModel, call: number) => JSON.stringify(model.calls[call]!.prompt);

async function nextApproval(handle: RunHandle) {
  for await (const event of handle.events) if (event.type === "approval-requested") return event.approval;
  throw new Error("the run ended without asking");
}

/** Runs to the end; fails the test if anything asks for approval. */
async function runUnasked(element: ReturnType<typeof agentWith>): Promise<RunResult> {
  const handle = run(element);
  for await (const event of handle.events) if (event.type === "approval-requested") throw new Error(`asked for ${event.approval.toolName}`);
  return handle.result;
}

describe("permission rules on real calls", () => {
  it("a deny rule refuses the call; the model reads an error naming the rule and its place", async () => {
    await settingsFile("settings.json", { permissions: { allow: ["Bash"], deny: ["Bash(rm *)"] } });
    const guard = await guarded();
    await writeFile(join(root, "keep.txt"), "x");
    const model = bashCall("ls && rm keep.txt");
    const result = await runUnasked(agentWith(model, { Bash: guard.guardTool("Bash", builtins().Bash) }));
    expect(result.status).toBe("succeeded");
    expect(await readFile(join(root, "keep.txt"), "utf8")).toBe("x");
    const call = nodes(result.trace, "tool-call")[0]!;
    expect(call.error?.code).toBe("JUNE_PERMISSION_DENIED");
    expect(prompt(model, 1)).toContain("the deny rule Bash(rm *) (.claude/settings.json:7)");
    expect(call.children.map((c) => c.name)).toEqual(["denied by .claude/settings.json:7 Bash(rm *)"]);
  });

  it("an ask rule makes a call wait for approval that the tool alone would run unasked", async () => {
    await settingsFile("settings.json", { permissions: { ask: ["Bash(git push *)"] } });
    const guard = await guarded();
    const tool = guard.guardTool("Bash", builtins({ Bash: false }).Bash);
    const handle = run(agentWith(bashCall("git push origin main"), { Bash: tool }));
    const approval = await nextApproval(handle);
    expect(approval).toMatchObject({ toolName: "Bash", input: { command: "git push origin main" } });
    handle.deny(approval.approvalId, "not today");
    expect((await handle.result).status).toBe("succeeded");
    expect(ownApprovalReason(tool, true)).toContain("ask: .claude/settings.json:4 Bash(git push *)");
  });

  it("an allow rule runs Bash unasked, and the trace says which rule allowed it", async () => {
    await settingsFile("settings.json", { permissions: { allow: ["Bash(echo *)"] } });
    const guard = await guarded();
    const model = bashCall("echo hello");
    const result = await runUnasked(agentWith(model, { Bash: guard.guardTool("Bash", builtins().Bash) }));
    const call = nodes(result.trace, "tool-call")[0]!;
    expect(call.status).toBe("succeeded");
    expect(prompt(model, 1)).toContain("hello");
    expect(call.children[0]).toMatchObject({ kind: "guard", name: "allowed by .claude/settings.json:4 Bash(echo *)" });
  });

  it("takes settings.local.json over settings.json: its defaultMode wins", async () => {
    await settingsFile("settings.json", { permissions: { defaultMode: "plan" } });
    await settingsFile("settings.local.json", { permissions: { defaultMode: "acceptEdits" } });
    const guard = await guarded();
    expect(guard.mode).toBe("acceptEdits");
    const model = scripted([{ toolCalls: [{ toolName: "Write", input: { file_path: join(root, "notes.md"), content: "hi" } }] }, { text: "ok" }]);
    await runUnasked(agentWith(model, { Write: guard.guardTool("Write", builtins().Write) }));
    expect(await readFile(join(root, "notes.md"), "utf8")).toBe("hi");
  });
});

describe("PreToolUse hooks", () => {
  it("a hook that exits 2 blocks the command; the model reads its stderr", async () => {
    const command = await hookScript("guard.sh", `input=$(cat)\nif [[ "$input" == *'rm -rf'* ]]; then echo "no rm -rf in this project" >&2; exit 2; fi`);
    await settingsFile("settings.json", { permissions: { allow: ["Bash"] }, hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } });
    const guard = await guarded();
    await mkdir(join(root, "build"));
    const model = bashCall("rm -rf build");
    const result = await runUnasked(agentWith(model, { Bash: guard.guardTool("Bash", builtins().Bash) }));
    expect(prompt(model, 1)).toContain("the PreToolUse hook `./.claude/hooks/guard.sh` (.claude/settings.json:");
    expect(prompt(model, 1)).toContain("no rm -rf in this project");
    const call = nodes(result.trace, "tool-call")[0]!;
    expect(call.error?.code).toBe("JUNE_PERMISSION_DENIED");
    expect(call.children[0]).toMatchObject({ kind: "guard", name: "PreToolUse hook ./.claude/hooks/guard.sh blocked: no rm -rf in this project" });
    expect(ownApprovalReason(guard.guardTool("Bash", builtins().Bash), true)).toContain("PreToolUse hook ./.claude/hooks/guard.sh");
  });

  it("a hook's JSON permissionDecision deny refuses the call, whatever the rules allow", async () => {
    const command = await hookScript("deny.sh", `cat > /dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"frozen branch"}}'`);
    await settingsFile("settings.json", { permissions: { allow: ["Bash"] }, hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } });
    const guard = await guarded();
    const model = bashCall("echo hi");
    await runUnasked(agentWith(model, { Bash: guard.guardTool("Bash", builtins().Bash) }));
    expect(prompt(model, 1)).toContain("frozen branch");
    expect(prompt(model, 1)).toContain("was refused by the PreToolUse hook `./.claude/hooks/deny.sh`");
  });

  it("a hook's updatedInput is what the tool runs with", async () => {
    const command = await hookScript("rewrite.sh", `cat > /dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo rewritten"}}}'`);
    await settingsFile("settings.json", { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } });
    const guard = await guarded();
    const model = bashCall("echo original");
    await runUnasked(agentWith(model, { Bash: guard.guardTool("Bash", builtins().Bash) }));
    expect(prompt(model, 1)).toContain("rewritten");
    expect(prompt(model, 1)).not.toContain("original\\n");
  });

  it("keeps the tool's built-in mark, so the tool policy still sees June's Bash", async () => {
    const { builtinName } = await import("june/tools");
    expect(builtinName((await guarded()).guardTool("Bash", builtins().Bash))).toBe("Bash");
  });

  it("a hook that times out blocks nothing: the call goes on, and the trace says it timed out", async () => {
    const command = await hookScript("slow.sh", "sleep 30");
    await settingsFile("settings.json", { permissions: { allow: ["Bash(echo *)"] }, hooks: { PreToolUse: [{ hooks: [{ type: "command", command, timeout: 0.3 }] }] } });
    const guard = await guarded();
    const model = bashCall("echo still-ran");
    const result = await runUnasked(agentWith(model, { Bash: guard.guardTool("Bash", builtins().Bash) }));
    expect(prompt(model, 1)).toContain("still-ran");
    const guards = nodes(result.trace, "guard");
    expect(guards[0]!.name).toBe("PreToolUse hook ./.claude/hooks/slow.sh failed (blocks nothing): timed out after 0.3 s");
  });
});

describe("PostToolUse hooks", () => {
  it("see the tool's response, and what they block with reaches the model", async () => {
    const command = await hookScript("post.sh", `cat > "$CLAUDE_PROJECT_DIR/post-input.json"\necho '{"decision":"block","reason":"lint failed: 2 errors"}'`);
    await settingsFile("settings.json", { permissions: { allow: ["Bash"] }, hooks: { PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } });
    const guard = await guarded();
    const model = bashCall("echo built");
    const result = await runUnasked(agentWith(model, { Bash: guard.guardTool("Bash", builtins().Bash) }));
    const input = JSON.parse(await readFile(join(root, "post-input.json"), "utf8"));
    expect(input).toMatchObject({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "echo built" }, cwd: root });
    expect(JSON.stringify(input.tool_response)).toContain("built");
    expect(prompt(model, 1)).toContain("lint failed: 2 errors");
    expect(nodes(result.trace, "guard").map((g) => g.name)).toContain("PostToolUse hook ./.claude/hooks/post.sh blocked: lint failed: 2 errors");
  });
});

describe("Stop hooks", () => {
  it("a Stop hook that blocks makes the agent go on once with its reason as the user's message", async () => {
    const command = await hookScript("stop.sh", `input=$(cat)\nif [[ "$input" == *'"stop_hook_active":true'* ]]; then exit 0; fi\necho '{"decision":"block","reason":"run the tests before you stop"}'`);
    await settingsFile("settings.json", { hooks: { Stop: [{ hooks: [{ type: "command", command }] }] } });
    const guard = await guarded();
    const model = scripted([{ text: "done" }, { text: "tests pass" }]);
    const result = await runUnasked(agentWith(model, {}, { onStepStop: guard.stopHook("Stop") }));
    expect(model.calls).toHaveLength(2);
    expect(prompt(model, 1)).toContain("run the tests before you stop");
    expect(result.steps.main).toBe("tests pass");
    expect(nodes(result.trace, "guard").map((g) => g.name)).toEqual([
      "Stop hook ./.claude/hooks/stop.sh blocked: run the tests before you stop",
      "Stop hook ./.claude/hooks/stop.sh ran",
    ]);
  });

  it("gives no stop hook when there are no Stop hooks (nothing runs at a step's end)", async () => {
    expect((await guarded()).stopHook("Stop")).toBeUndefined();
  });
});

describe("permission modes", () => {
  it("acceptEdits runs file edits in the project unasked, and still asks for Bash", async () => {
    const guard = await guarded({ permissionMode: "acceptEdits" });
    const model = scripted([{ toolCalls: [{ toolName: "Write", input: { file_path: "a.txt", content: "A" } }, { toolName: "Bash", input: { command: "echo b" } }] }, { text: "ok" }]);
    const tools = builtins();
    const handle = run(agentWith(model, { Write: guard.guardTool("Write", tools.Write), Bash: guard.guardTool("Bash", tools.Bash) }));
    const approval = await nextApproval(handle);
    expect(approval.toolName).toBe("Bash");
    handle.approve(approval.approvalId);
    await handle.result;
    expect(await readFile(join(root, "a.txt"), "utf8")).toBe("A");
  });

  it("acceptEdits runs mkdir and touch in the project unasked, and asks for one that leaves it", async () => {
    const guard = await guarded({ permissionMode: "acceptEdits" });
    const model = scripted([{ toolCalls: [{ toolName: "Bash", input: { command: "mkdir -p out && touch out/ok" } }, { toolName: "Bash", input: { command: "touch ../escaped" } }] }, { text: "ok" }]);
    const handle = run(agentWith(model, { Bash: guard.guardTool("Bash", builtins().Bash) }));
    const approval = await nextApproval(handle);
    expect(approval.input).toEqual({ command: "touch ../escaped" });
    handle.deny(approval.approvalId);
    const result = await handle.result;
    expect(await readFile(join(root, "out", "ok"), "utf8")).toBe("");
    expect(nodes(result.trace, "tool-call")[0]!.children[0]).toMatchObject({ kind: "guard", input: { check: "mode", what: "acceptEdits" } });
  });

  it("bypassPermissions without the opt-in is the default mode, with a warning", async () => {
    const guard = await guarded({ permissionMode: "bypassPermissions", permissionModeSource: { file: join(root, ".claude/agents/dev.md"), line: 5 } });
    expect(guard.mode).toBe("default");
    expect(guard.problems).toMatchObject([{ code: "JUNE_PERMISSION_MODE_REFUSED", line: 5 }]);
    const handle = run(agentWith(bashCall("echo hi"), { Bash: guard.guardTool("Bash", builtins().Bash) }));
    const approval = await nextApproval(handle);
    handle.deny(approval.approvalId);
    await handle.result;
  });

  it("bypassPermissions with the opt-in runs unasked, but deny rules still hold", async () => {
    await settingsFile("settings.json", { permissions: { deny: ["Bash(rm *)"] } });
    const guard = await guarded({ permissionMode: "bypassPermissions", allowBypassPermissions: true });
    const model = scripted([{ toolCalls: [{ toolName: "Bash", input: { command: "echo free" } }, { toolName: "Bash", input: { command: "rm -rf x" } }] }, { text: "ok" }]);
    const result = await runUnasked(agentWith(model, { Bash: guard.guardTool("Bash", builtins().Bash) }));
    const calls = nodes(result.trace, "tool-call");
    expect(calls.map((c) => c.status)).toEqual(["succeeded", "failed"]);
  });

  it("plan refuses edits even when a rule allows them, naming where the mode is set", async () => {
    await settingsFile("settings.json", { permissions: { allow: ["Write"], defaultMode: "plan" } });
    const guard = await guarded();
    const model = scripted([{ toolCalls: [{ toolName: "Write", input: { file_path: "a.txt", content: "A" } }] }, { text: "ok" }]);
    const result = await runUnasked(agentWith(model, { Write: guard.guardTool("Write", builtins().Write) }));
    await expect(readFile(join(root, "a.txt"), "utf8")).rejects.toThrow(/ENOENT/);
    const call = nodes(result.trace, "tool-call")[0]!;
    expect(call).toMatchObject({ status: "failed", error: { code: "JUNE_PERMISSION_DENIED" } });
    expect(prompt(model, 1)).toContain("permission mode plan (.claude/settings.json:6): plan mode changes nothing: Write is refused");
    expect(call.children.at(-1)).toMatchObject({ kind: "guard", input: { check: "mode", what: "plan", source: ".claude/settings.json:6" } });
  });

  it("plan lets a read run and refuses a command no rule allows", async () => {
    await writeFile(join(root, "notes.md"), "plan me");
    const guard = await guarded({ permissionMode: "plan", permissionModeSource: { file: ".claude/agents/dev.md", line: 4 } });
    const tools = builtins();
    const model = scripted([{ toolCalls: [{ toolName: "Read", input: { file_path: "notes.md" } }, { toolName: "Bash", input: { command: "touch made.txt" } }] }, { text: "ok" }]);
    const result = await runUnasked(agentWith(model, { Read: guard.guardTool("Read", tools.Read), Bash: guard.guardTool("Bash", tools.Bash) }));
    expect(nodes(result.trace, "tool-call").map((c) => c.status)).toEqual(["succeeded", "failed"]);
    await expect(readFile(join(root, "made.txt"), "utf8")).rejects.toThrow(/ENOENT/);
    expect(prompt(model, 1)).toContain("plan me");
    expect(prompt(model, 1)).toContain("permission mode plan (.claude/agents/dev.md:4): plan mode only reads and plans: Bash is refused");
  });

  it("dontAsk refuses what would wait for approval, and the command does not run", async () => {
    const guard = await guarded({ permissionMode: "dontAsk" });
    const model = bashCall("touch made.txt");
    const result = await runUnasked(agentWith(model, { Bash: guard.guardTool("Bash", builtins().Bash) }));
    expect(nodes(result.trace, "tool-call")[0]).toMatchObject({ status: "failed", error: { code: "JUNE_PERMISSION_DENIED" } });
    await expect(readFile(join(root, "made.txt"), "utf8")).rejects.toThrow(/ENOENT/);
    expect(prompt(model, 1)).toContain("permission mode dontAsk");
  });

  it("acceptEdits still asks before an edit in a protected path (.git, .claude, .mcp.json), and counts ..cache as inside", async () => {
    const guard = await guarded({ permissionMode: "acceptEdits" });
    const tools = builtins();
    const writes = [".git/hooks/pre-commit", ".claude/settings.json", "sub/.mcp.json", "..cache/data.txt"];
    const model = scripted([{ toolCalls: writes.map((file_path) => ({ toolName: "Write", input: { file_path, content: "X" } })) }, { text: "ok" }]);
    const handle = run(agentWith(model, { Write: guard.guardTool("Write", tools.Write) }));
    const asked: string[] = [];
    for await (const event of handle.events) {
      if (event.type !== "approval-requested") continue;
      asked.push((event.approval.input as { file_path: string }).file_path);
      handle.deny(event.approval.approvalId, "protected");
    }
    expect((await handle.result).status).toBe("succeeded");
    expect(asked.sort()).toEqual([".claude/settings.json", ".git/hooks/pre-commit", "sub/.mcp.json"]);
    expect(await readFile(join(root, "..cache", "data.txt"), "utf8")).toBe("X");
  });

  it("auto is applied as the default mode, with a warning that June has no classifier", async () => {
    const guard = await guarded({ permissionMode: "auto", permissionModeSource: { file: ".claude/agents/dev.md", line: 3 } });
    expect(guard.mode).toBe("default");
    expect(guard.problems).toMatchObject([{ code: "JUNE_PERMISSION_MODE_REFUSED", severity: "warning", line: 3, message: expect.stringContaining("no classifier") }]);
    const handle = run(agentWith(bashCall("echo hi"), { Bash: guard.guardTool("Bash", builtins().Bash) }));
    const approval = await nextApproval(handle);
    handle.deny(approval.approvalId);
    await handle.result;
  });

  it("reads manual in the settings as the default mode, without a warning", async () => {
    await settingsFile("settings.json", { permissions: { defaultMode: "manual" } });
    const guard = await guarded();
    expect(guard.mode).toBe("default");
    expect(guard.problems).toEqual([]);
  });
});
