// Hook configuration and what a hook's run means: matchers, Claude Code's exit codes and JSON, and
// running a real command hook (stdin JSON, CLAUDE_PROJECT_DIR, cwd, timeout killing its group).
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isAlive } from "../tools/process-probes.test-support.ts";
import { runHookCommand } from "./hook-runner.ts";
import { frontmatterHooks, hookOutcome, hooksFor, matcherTakes, parseHooks } from "./hooks.ts";

describe("parsing hooks", () => {
  it("keeps command hooks by event, and warns about what can't run", () => {
    const { config, problems } = parseHooks([
      frontmatterHooks(
        {
          PreToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "command", command: "./fmt.sh", timeout: 5 }, { type: "prompt", prompt: "ok?" }] }],
          Stop: [{ hooks: [{ type: "command", command: "./stop.sh" }] }],
          Nonsense: [],
        },
        { file: "/p/.claude/agents/a.md", line: 4 },
      ),
    ]);
    expect(config.hooks.map((h) => [h.event, h.matcher, h.command, h.timeoutSeconds])).toEqual([
      ["PreToolUse", "Edit|Write", "./fmt.sh", 5],
      ["Stop", "", "./stop.sh", undefined],
    ]);
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ["JUNE_HOOK_INVALID", 4],
      ["JUNE_HOOK_INVALID", 4],
    ]);
  });

  it("makes an agent file's Stop hooks SubagentStop ones when asked", () => {
    const { config } = parseHooks([frontmatterHooks({ Stop: [{ hooks: [{ type: "command", command: "x" }] }] }, { file: "a.md" })], { stopAsSubagentStop: true });
    expect(hooksFor(config, "SubagentStop")).toHaveLength(1);
    expect(hooksFor(config, "Stop")).toHaveLength(0);
  });

  it("matches tool names exactly, by alternatives, or by regular expression", () => {
    expect(matcherTakes("", "Bash")).toBe(true);
    expect(matcherTakes("*", "Bash")).toBe(true);
    expect(matcherTakes("Edit|Write", "Write")).toBe(true);
    expect(matcherTakes("Edit", "MultiEdit")).toBe(false);
    expect(matcherTakes("mcp__github__.*", "mcp__github__search")).toBe(true);
  });
});

describe("what a hook's run means", () => {
  const run = (exitCode: number, stdout = "", stderr = "") => hookOutcome({ exitCode, stdout, stderr }, 600);
  it("reads exit 2 as a block with stderr, other exits as errors that block nothing", () => {
    expect(run(2, "", "no rm\n")).toEqual({ decision: "block", reason: "no rm" });
    expect(run(1, "", "oops")).toEqual({ error: "exited with 1: oops" });
    expect(run(0, "plain text")).toEqual({});
  });

  it("reads permissionDecision, updatedInput, additionalContext, the older decision and continue: false", () => {
    const json = (value: unknown) => run(0, JSON.stringify(value));
    expect(json({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "not here" } })).toEqual({ decision: "deny", reason: "not here" });
    expect(json({ hookSpecificOutput: { permissionDecision: "allow", updatedInput: { command: "ls -a" } } })).toEqual({ decision: "allow", updatedInput: { command: "ls -a" } });
    expect(json({ decision: "block", reason: "fix the tests" })).toEqual({ decision: "block", reason: "fix the tests" });
    expect(json({ hookSpecificOutput: { additionalContext: "lint: ok" } })).toEqual({ additionalContext: "lint: ok" });
    expect(json({ continue: false, stopReason: "enough" })).toEqual({ stopped: "enough" });
  });
});

describe("running a command hook", () => {
  let root = "";
  beforeEach(async () => void (root = await mkdtemp(join(tmpdir(), "june-hook-"))));
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("gives it the JSON on stdin, the project as cwd and CLAUDE_PROJECT_DIR", async () => {
    const result = await runHookCommand(`cat > input.json; echo "$CLAUDE_PROJECT_DIR|$(pwd)"`, { root, input: { hook_event_name: "PreToolUse", tool_name: "Bash" } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toBe(`${root}|${root}`);
    expect(JSON.parse(await readFile(join(root, "input.json"), "utf8"))).toEqual({ hook_event_name: "PreToolUse", tool_name: "Bash" });
  });

  it("stops a hook that outlives its timeout, with everything it started", async () => {
    const result = await runHookCommand(`sleep 30 & echo $! > child.pid; wait`, { root, input: {}, timeoutSeconds: 0.3 });
    expect(result).toMatchObject({ timedOut: true });
    expect(result.exitCode).toBeUndefined();
    expect(hookOutcome(result, 0.3)).toEqual({ error: "timed out after 0.3 s" });
    const pid = Number(await readFile(join(root, "child.pid"), "utf8"));
    await expect.poll(() => isAlive(pid)).toBe(false);
  });

  it("is done when the hook exits, though it left a job in the background holding its output open", async () => {
    const result = await runHookCommand(`sleep 30 & echo $! > job.pid; echo hi`, { root, input: {}, timeoutSeconds: 20 });
    expect(result).toEqual({ exitCode: 0, stdout: "hi\n", stderr: "" });
    process.kill(Number(await readFile(join(root, "job.pid"), "utf8")), "SIGKILL");
  });

  it("stops a hook when the signal aborts", async () => {
    const controller = new AbortController();
    await writeFile(join(root, "x"), "");
    const running = runHookCommand(`echo started > started; sleep 30`, { root, input: {}, signal: controller.signal });
    await expect.poll(() => readFile(join(root, "started"), "utf8").catch(() => "")).toContain("started");
    controller.abort();
    expect(await running).toMatchObject({ aborted: true });
  });
});
