// Bash: Claude Code's input shape on June's bashTool, running in the project folder, with the
// model's timeout honoured up to a cap.
import { existsSync, readFileSync } from "node:fs";
import { realpath } from "node:fs/promises";
import path from "node:path";
import { asSchema, generateText, stepCountIs } from "ai";
import type { ModelMessage } from "ai";
import { scripted } from "june/sdk/scripted";
import { describe, expect, it } from "vitest";
import { isJuneError } from "../../errors/index.ts";
import { DEFAULT_BASH_ENV_ALLOWLIST } from "../bash-env.ts";
import type { BashResult } from "../run-bash.ts";
import { sandboxAvailable, sandboxed } from "../../sandbox/sandbox-probes.test-support.ts";
import { BASH_MODEL_MAX_CHARS, bashModelText, claudeBashTool } from "./bash.ts";
import type { ClaudeBashInput } from "./bash.ts";
import { useTempProject } from "./project.test-support.ts";

const project = useTempProject();

async function run(tool: ReturnType<typeof claudeBashTool>, input: ClaudeBashInput): Promise<BashResult> {
  return (await tool.execute(input, { toolCallId: "call-1", messages: [], context: {} })) as BashResult;
}

// What the model reads after the call: the tool's own toModelOutput on the result the trace keeps.
async function modelReads(tool: ReturnType<typeof claudeBashTool>, input: { command: string; timeout?: number }): Promise<{ type: string; value: unknown }> {
  const output = await run(tool, input);
  return (await tool.toModelOutput!({ toolCallId: "call-1", input, output })) as { type: string; value: unknown };
}

const result = (fields: Partial<BashResult>): BashResult => ({
  exitCode: 0,
  signal: null,
  stdout: "",
  stderr: "",
  truncated: false,
  droppedChars: { stdout: 0, stderr: 0 },
  timedOut: false,
  durationMs: 5,
  ...fields,
});

describe("Bash: what the model sends", () => {
  it("takes Claude Code's { command, timeout?, description? }", async () => {
    const schema = await asSchema(claudeBashTool(project.current.root, true).inputSchema).jsonSchema;
    expect(schema).toMatchObject({
      type: "object",
      required: ["command"],
      properties: { command: { type: "string" }, timeout: { type: "number" }, description: { type: "string" } },
    });
  });

  it("states its default and maximum timeout, never the folder", () => {
    const description = claudeBashTool(project.current.root, true, { timeout: 30_000, maxTimeout: 90_000 }).description ?? "";
    expect(description).toContain("stopped after 30 s");
    expect(description).toContain("at most 90000 ms");
    expect(description).not.toContain(project.current.root);
  });
});

describe("Bash: running", () => {
  it("runs in the project folder and returns bashTool's result", async () => {
    const result = await run(claudeBashTool(project.current.root, false), { command: "pwd; echo oops >&2; exit 3", description: "Show the folder" });
    expect(result).toMatchObject({ exitCode: 3, stdout: `${await realpath(project.current.root)}\n`, stderr: "oops\n", timedOut: false });
  });

  it("refuses run_in_background (June has no background shells) instead of holding the call in the foreground", async () => {
    const bash = claudeBashTool(project.current.root, false);
    await expect(run(bash, { command: "sleep 600", run_in_background: true })).rejects.toThrow(/can't run "sleep 600" in the background here/);
    expect(await run(bash, { command: "echo fg", run_in_background: false })).toMatchObject({ exitCode: 0, stdout: "fg\n" });
  });

  it("passes env and only allow-listed host variables", async () => {
    process.env.JUNE_TEST_SECRET = "leak";
    try {
      const tool = claudeBashTool(project.current.root, false, { env: { GREETING: "hi" } });
      const result = await run(tool, { command: 'echo "$GREETING|${JUNE_TEST_SECRET:-none}"' });
      expect(result.stdout).toBe("hi|none\n");
    } finally {
      delete process.env.JUNE_TEST_SECRET;
    }
  });

  it("honours the model's timeout", async () => {
    const result = await run(claudeBashTool(project.current.root, false), { command: "sleep 5", timeout: 200 });
    expect(result.timedOut).toBe(true);
    expect(result.durationMs).toBeLessThan(4_000);
  });

  it("lowers a model's timeout above maxTimeout to maxTimeout", async () => {
    const result = await run(claudeBashTool(project.current.root, false, { maxTimeout: 200 }), { command: "sleep 5", timeout: 600_000 });
    expect(result.timedOut).toBe(true);
    expect(result.durationMs).toBeLessThan(4_000);
  });

  it("uses the timeout option when the model gives none", async () => {
    const result = await run(claudeBashTool(project.current.root, false, { timeout: 200 }), { command: "sleep 5" });
    expect(result.timedOut).toBe(true);
  });
});

describe("Bash: what the model reads (Claude Code's text)", () => {
  it("gets stdout then stderr as text, without the blank lines around them, when the command succeeds", async () => {
    const tool = claudeBashTool(project.current.root, false);
    expect(await modelReads(tool, { command: "printf '\\n\\nhello\\n\\n'; echo warn >&2" })).toEqual({ type: "text", value: "hello\nwarn" });
  });

  it("gets an error starting with the exit code, then stderr, then stdout, when it fails", async () => {
    const tool = claudeBashTool(project.current.root, false);
    expect(await modelReads(tool, { command: "echo partial; echo 'no such file' >&2; exit 2" })).toEqual({ type: "error-text", value: "Exit code 2\nno such file\npartial" });
    expect(await modelReads(tool, { command: "exit 1" })).toEqual({ type: "error-text", value: "Exit code 1" });
  });

  it("says so when there is no output", async () => {
    expect(await modelReads(claudeBashTool(project.current.root, false), { command: "true" })).toEqual({ type: "text", value: "(Bash completed with no output)" });
  });

  it("says the command timed out, after how long, with the signal's exit code", async () => {
    const read = await modelReads(claudeBashTool(project.current.root, false), { command: "echo started; sleep 5", timeout: 200 });
    expect(read.type).toBe("error-text");
    expect(read.value).toMatch(/^Exit code 1(37|43)\nCommand timed out after 0\.2s\nstarted$/);
  });

  it("reaches the model as that text through the AI SDK's loop", async () => {
    const model = scripted([{ toolCalls: [{ toolName: "Bash", input: { command: "echo built; exit 1" } }] }, { text: "The build failed." }]);
    // No sandbox, so the call does not wait for approval on a machine that has none.
    const tools = { Bash: claudeBashTool(project.current.root, false, { sandbox: { enabled: false } }) };
    await generateText({ model, tools, prompt: "Build it", stopWhen: stepCountIs(3) });
    const results = model.calls[1]!.prompt.flatMap((message: ModelMessage) => (message.role === "tool" ? message.content : []));
    expect(results[0]).toMatchObject({ type: "tool-result", toolName: "Bash", output: { type: "error-text", value: "Exit code 1\nbuilt" } });
  });

  it("keeps the structured result for the trace while the model reads text", async () => {
    const output = await run(claudeBashTool(project.current.root, false), { command: "echo out; echo err >&2; exit 4" });
    expect(output).toMatchObject({ exitCode: 4, stdout: "out\n", stderr: "err\n", timedOut: false });
  });

  it(`cuts each stream at ${BASH_MODEL_MAX_CHARS} characters, counting what bashTool already dropped`, () => {
    const long = "x".repeat(BASH_MODEL_MAX_CHARS + 10);
    const cut = bashModelText(result({ stdout: long, droppedChars: { stdout: 5, stderr: 0 }, truncated: true }), 120_000);
    expect(cut).toEqual({ isError: false, text: `${"x".repeat(BASH_MODEL_MAX_CHARS)}\n\n... [15 characters truncated] ...` });
    const capped = bashModelText(result({ stderr: "short", droppedChars: { stdout: 0, stderr: 7 }, truncated: true, exitCode: 3 }), 120_000);
    expect(capped.text).toBe("Exit code 3\nshort\n\n... [7 characters truncated] ...");
  });

  it("reports a shell ended by a signal as 128 plus its number", () => {
    expect(bashModelText(result({ exitCode: null, signal: "SIGKILL", stdout: "x" }), 120_000)).toEqual({ isError: true, text: "Exit code 137\nx" });
    expect(bashModelText(result({ exitCode: null, signal: "SIGTERM", timedOut: true }), 120_000).text).toBe("Exit code 143\nCommand timed out after 120s");
  });
});

describe("Bash: options", () => {
  it("rejects a bad timeout or maxTimeout when created", () => {
    for (const options of [{ timeout: 0 }, { maxTimeout: -1 }, { maxOutput: 1.5 }]) {
      try {
        claudeBashTool(project.current.root, false, options);
        expect.unreachable(`expected ${JSON.stringify(options)} to be refused`);
      } catch (error) {
        expect(isJuneError(error) && error.code).toBe("JUNE_INVALID_PROPS");
      }
    }
  });
});

describe("Bash: the sandbox", () => {
  it.skipIf(!sandboxAvailable)(sandboxed("writes in the project folder but not in the folder beside it"), async () => {
    const { root, outside } = project.current;
    const result = await run(claudeBashTool(root, false), { command: `touch inside.txt; touch '${outside}/escaped.txt' 2>/dev/null || echo refused` });
    expect(result.stdout).toBe("refused\n");
    expect(existsSync(path.join(root, "inside.txt"))).toBe(true);
    expect(existsSync(path.join(outside, "escaped.txt"))).toBe(false);
  });

  it.skipIf(!sandboxAvailable)(sandboxed("writes beside it when bash.sandbox.filesystem.allowWrite names it (relative to the project)"), async () => {
    const { root, outside } = project.current;
    const tool = claudeBashTool(root, false, { sandbox: { filesystem: { allowWrite: ["../outside"] } } });
    await run(tool, { command: `touch '${outside}/granted.txt'` });
    expect(existsSync(path.join(outside, "granted.txt"))).toBe(true);
  });

  it.skipIf(!sandboxAvailable)(sandboxed("cannot read the environment of the process that started it through /proc/$PPID/environ"), async () => {
    // What this test process was started with, beyond the allow-list: what a studio's /proc/<pid>/environ would leak.
    const own = readFileSync("/proc/self/environ", "utf8")
      .split("\0")
      .filter((entry) => entry.includes("=") && !DEFAULT_BASH_ENV_ALLOWLIST.includes(entry.slice(0, entry.indexOf("="))) && entry.length > 12);
    expect(own.length, "this test process has variables beyond the allow-list to look for").toBeGreaterThan(0);
    const result = await run(claudeBashTool(project.current.root, false), { command: "cat /proc/$PPID/environ /proc/1/environ; true" });
    for (const entry of own) expect(result.stdout).not.toContain(entry);
  });

  it.skipIf(!sandboxAvailable)(sandboxed("can neither read nor change the studio's run records in .june/"), async () => {
    const { root } = project.current;
    const record = await project.current.write(".june/runs/r1/events.jsonl", '{"secret":"other run"}\n');
    const result = await run(claudeBashTool(root, false), { command: "cat .june/runs/r1/events.jsonl; ls -A .june; echo forged > .june/forged.jsonl; true" });
    expect(result.stdout).toBe("");
    expect(readFileSync(record, "utf8")).toBe('{"secret":"other run"}\n');
    expect(existsSync(path.join(root, ".june/forged.jsonl"))).toBe(false);
  });

  it("says in its description, and by waiting for approval, that it runs without a sandbox when there is none", () => {
    const tool = claudeBashTool(project.current.root, false, { sandbox: { bwrap: "/nonexistent/bwrap" } });
    expect(tool.description).toContain("Runs without a sandbox: ");
    expect(tool.needsApproval).toBe(true);
  });
});
