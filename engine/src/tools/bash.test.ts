import { asSchema } from "ai";
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isJuneError } from "../errors/index.ts";
import { bashTool, DEFAULT_BASH_ENV_ALLOWLIST } from "./index.ts";
import type { BashResult, BashTool } from "./index.ts";
import { isAlive, waitFor } from "./process-probes.test-support.ts";

async function run(tool: BashTool, command: string): Promise<BashResult> {
  return (await tool.execute({ command }, { toolCallId: "call-1", messages: [], context: {} })) as BashResult;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("expected a rejection"),
    (error: unknown) => error,
  );
}

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), "june-bash-")));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("what the model is offered", () => {
  it("takes { command: string }, described for the model", async () => {
    const schema = await asSchema(bashTool().inputSchema).jsonSchema;
    expect(schema).toMatchObject({
      type: "object",
      required: ["command"],
      properties: { command: { type: "string", description: expect.stringContaining("bash") } },
    });
  });

  it("describes its timeout and output limit, but never its directory (descriptions reach traces)", () => {
    const description = bashTool({ cwd: dir, timeout: 30_000, maxOutput: 5_000 }).description;
    expect(description).toContain("Run a bash command in the working directory");
    expect(description).not.toContain(dir);
    expect(description).toContain("30 s");
    expect(description).toContain("5000 characters");
  });

  it("states the defaults in its description: 120 s and 100000 characters", () => {
    const description = bashTool().description;
    expect(description).toContain("120 s");
    expect(description).toContain("100000 characters");
  });

  it("uses the given description instead", () => {
    expect(bashTool({ description: "Run shell commands in the repo" }).description).toBe("Run shell commands in the repo");
  });
});

describe("approval", () => {
  it("waits for approval by default", () => {
    expect(bashTool().needsApproval).toBe(true);
  });

  it("runs without approval when needsApproval is false", () => {
    expect(bashTool({ needsApproval: false }).needsApproval).toBe(false);
  });
});

describe("invalid options", () => {
  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31])("rejects timeout %s with JUNE_INVALID_PROPS", (timeout) => {
    let error: unknown;
    try {
      bashTool({ timeout });
    } catch (caught) {
      error = caught;
    }
    expect(isJuneError(error) && error.code).toBe("JUNE_INVALID_PROPS");
    expect((error as Error).message).toContain("timeout");
  });

  it.each([-1, 1.5, Number.NaN])("rejects maxOutput %s with JUNE_INVALID_PROPS", (maxOutput) => {
    let error: unknown;
    try {
      bashTool({ maxOutput });
    } catch (caught) {
      error = caught;
    }
    expect(isJuneError(error) && error.code).toBe("JUNE_INVALID_PROPS");
    expect((error as Error).message).toContain("maxOutput");
  });
});

describe("running a command", () => {
  it("returns stdout, stderr and exit code 0", async () => {
    const result = await run(bashTool({ cwd: dir }), "echo out; echo err >&2");
    expect(result).toMatchObject({
      exitCode: 0,
      signal: null,
      stdout: "out\n",
      stderr: "err\n",
      truncated: false,
      droppedChars: { stdout: 0, stderr: 0 },
      timedOut: false,
    });
    expect(result.durationMs).toEqual(expect.any(Number));
  });

  it("returns a non-zero exit as a normal result", async () => {
    const result = await run(bashTool({ cwd: dir }), "echo partial; exit 3");
    expect(result).toMatchObject({ exitCode: 3, signal: null, stdout: "partial\n", timedOut: false });
  });

  it("runs through bash -c, so pipes and && work", async () => {
    const result = await run(bashTool({ cwd: dir }), "printf 'a\\nb\\n' | wc -l | tr -d ' ' && echo \"$BASH_VERSION\" | grep -c .");
    expect(result.stdout).toBe("2\n1\n");
  });

  it("runs in the given cwd", async () => {
    expect((await run(bashTool({ cwd: dir }), "pwd")).stdout).toBe(`${dir}\n`);
  });

  it("resolves a relative cwd against process.cwd()", async () => {
    expect((await run(bashTool({ cwd: path.relative(process.cwd(), dir) }), "pwd")).stdout).toBe(`${dir}\n`);
  });

  it("runs in process.cwd() by default", async () => {
    expect((await run(bashTool(), "pwd")).stdout).toBe(`${await realpath(process.cwd())}\n`);
  });

  it("returns once the shell exits, ending the background job it left (without a sandbox: its process group)", async () => {
    // Unsandboxed so `$!` is a pid of this machine; bash-sandbox.test.ts covers the sandbox, `setsid` included.
    const result = await run(bashTool({ cwd: dir, timeout: 10_000, sandbox: { enabled: false } }), "sleep 30 & echo $!");
    const background = Number(result.stdout.trim());
    expect(result).toMatchObject({ exitCode: 0, timedOut: false });
    await waitFor(`background sleep ${background} to end`, () => !isAlive(background));
  });

  it("gives the command an empty stdin, so a command reading input does not wait for it", async () => {
    const result = await run(bashTool({ cwd: dir, timeout: 10_000 }), "cat; echo done");
    expect(result).toMatchObject({ exitCode: 0, stdout: "done\n", timedOut: false });
  });
});

describe("cwd that is not a directory", () => {
  it("rejects a missing directory with JUNE_INVALID_PROPS naming it", async () => {
    const missing = path.join(dir, "no-such-dir");
    const error = await rejection(run(bashTool({ cwd: missing }), "true"));
    expect(isJuneError(error) && error.code).toBe("JUNE_INVALID_PROPS");
    expect((error as Error).message).toContain(`"${missing}" does not exist`);
  });

  it("rejects a file with JUNE_INVALID_PROPS naming it", async () => {
    const file = path.join(dir, "file.txt");
    await writeFile(file, "x");
    const error = await rejection(run(bashTool({ cwd: file }), "true"));
    expect(isJuneError(error) && error.code).toBe("JUNE_INVALID_PROPS");
    expect((error as Error).message).toContain(`"${file}" is not a directory`);
  });
});

describe("environment", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  });

  function namesIn(envOutput: string): string[] {
    return envOutput
      .split("\0")
      .filter(Boolean)
      .map((entry) => entry.slice(0, entry.indexOf("=")));
  }
  // Variables bash sets on its own in every shell.
  const bashOwn = ["PWD", "SHLVL", "_", "OLDPWD"];

  it("hides host variables that are not allow-listed, and passes allow-listed ones", async () => {
    process.env.JUNE_TEST_SECRET = "s3cret-value";
    const result = await run(bashTool({ cwd: dir }), 'env -0; printf "HOME_IS=%s\\n" "$HOME"');
    expect(result.stdout).not.toContain("s3cret-value");
    const names = namesIn(result.stdout.slice(0, result.stdout.lastIndexOf("\0") + 1));
    expect(names).not.toContain("JUNE_TEST_SECRET");
    for (const name of names) expect([...DEFAULT_BASH_ENV_ALLOWLIST, ...bashOwn]).toContain(name);
    expect(names).toContain("PATH");
    expect(result.stdout).toContain(`HOME_IS=${process.env.HOME}\n`);
  });

  it("passes the host variables named in allowEnv and the explicit env", async () => {
    process.env.JUNE_TEST_ALLOWED = "allowed-value";
    process.env.JUNE_TEST_SECRET = "s3cret-value";
    const tool = bashTool({ cwd: dir, allowEnv: ["PATH", "JUNE_TEST_ALLOWED"], env: { JUNE_EXPLICIT: "given" } });
    const names = namesIn((await run(tool, "env -0")).stdout);
    expect(names.filter((name) => !bashOwn.includes(name)).sort()).toEqual(["JUNE_EXPLICIT", "JUNE_TEST_ALLOWED", "PATH"]);
    const result = await run(tool, 'echo "$JUNE_TEST_ALLOWED $JUNE_EXPLICIT [$JUNE_TEST_SECRET]"');
    expect(result.stdout).toBe("allowed-value given []\n");
  });

  it("lets an explicit variable win over the host value of the same name", async () => {
    const result = await run(bashTool({ cwd: dir, env: { HOME: "/nowhere" } }), 'echo "$HOME"');
    expect(result.stdout).toBe("/nowhere\n");
  });

  it("reads allow-listed host values at call time", async () => {
    const tool = bashTool({ cwd: dir, allowEnv: ["PATH", "JUNE_TEST_ALLOWED"] });
    process.env.JUNE_TEST_ALLOWED = "set-after-creation";
    expect((await run(tool, 'echo "$JUNE_TEST_ALLOWED"')).stdout).toBe("set-after-creation\n");
  });
});

describe("output limit", () => {
  it("cuts stdout at maxOutput and says how much was dropped", async () => {
    const result = await run(bashTool({ cwd: dir, maxOutput: 100 }), "head -c 1000 /dev/zero | tr '\\0' a; echo err >&2");
    expect(result.stdout).toBe("a".repeat(100));
    expect(result.stderr).toBe("err\n");
    expect(result.truncated).toBe(true);
    expect(result.droppedChars).toEqual({ stdout: 900, stderr: 0 });
  });

  it("cuts stderr on its own", async () => {
    const result = await run(bashTool({ cwd: dir, maxOutput: 100 }), "echo out; head -c 300 /dev/zero | tr '\\0' b >&2");
    expect(result.stdout).toBe("out\n");
    expect(result.stderr).toBe("b".repeat(100));
    expect(result.droppedChars).toEqual({ stdout: 0, stderr: 200 });
    expect(result.truncated).toBe(true);
  });

  it("keeps 100000 characters per stream by default", async () => {
    const result = await run(bashTool({ cwd: dir }), "head -c 150000 /dev/zero | tr '\\0' a");
    expect(result.stdout.length).toBe(100_000);
    expect(result.droppedChars.stdout).toBe(50_000);
    expect(result.truncated).toBe(true);
  });
});

// Unsandboxed so `$!` is a pid of this machine; in the sandbox a timeout ends the whole PID
// namespace at once (bash-sandbox.test.ts).
describe("timeout, without a sandbox (the process group)", () => {
  const unsandboxed = { enabled: false };

  it("kills the whole process group and returns timedOut with what was captured", async () => {
    const result = await run(bashTool({ cwd: dir, timeout: 1_000, sandbox: unsandboxed }), "sleep 30 & echo $!; echo started >&2; sleep 30; wait");
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: "SIGTERM", stderr: "started\n" });
    const grandchild = Number(result.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    await waitFor(`background sleep ${grandchild} to end`, () => !isAlive(grandchild));
  });

  it("sends SIGKILL when the group ignores SIGTERM", async () => {
    const result = await run(bashTool({ cwd: dir, timeout: 300, sandbox: unsandboxed }), "trap '' TERM; sleep 30");
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: "SIGKILL" });
  });
});
