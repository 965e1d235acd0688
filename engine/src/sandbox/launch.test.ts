// Any program, not only bash, runs in the sandbox through sandboxedLaunch (what MCP stdio servers will use).
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sandboxedLaunch, sandboxStatus } from "./index.ts";
import { sandboxAvailable, sandboxed } from "./sandbox-probes.test-support.ts";

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), "june-sandbox-launch-")));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function start(file: string, args: string[], env: Record<string, string>, denied: string[] = []): Promise<string> {
  const launch = sandboxedLaunch({ file, args, cwd: dir, env }, { bwrap: sandboxStatus().bwrap!, policy: { network: false, readOnly: [], writable: [dir], denied } });
  const { stdout } = await promisify(execFile)(launch.file, launch.args, { cwd: launch.cwd, env: launch.env, timeout: 10_000 });
  return stdout;
}

describe("sandboxedLaunch", () => {
  it.skipIf(!sandboxAvailable)(sandboxed("runs the program with its arguments and only its environment, in its folder"), async () => {
    const stdout = await start("env", [], { PATH: "/usr/bin:/bin", GREETING: "hi" });
    // PWD is bubblewrap's, set to the folder it changed to.
    expect(stdout.split("\n").filter(Boolean).sort()).toEqual(["GREETING=hi", "PATH=/usr/bin:/bin", `PWD=${dir}`]);
    expect(await start("pwd", [], { PATH: "/usr/bin:/bin" })).toBe(`${dir}\n`);
  });

  it.skipIf(!sandboxAvailable)(sandboxed("moves TMPDIR to the private /tmp when it points somewhere the program cannot write"), async () => {
    const printTmp = ["-c", 'printf %s "$TMPDIR"'];
    expect(await start("sh", printTmp, { PATH: "/usr/bin:/bin", TMPDIR: "/var/folders/xyz" })).toBe("/tmp");
    expect(await start("sh", printTmp, { PATH: "/usr/bin:/bin", TMPDIR: `${dir}/.tmp` })).toBe(`${dir}/.tmp`);
  });

  it.skipIf(!sandboxAvailable)(sandboxed("hides denied paths: a folder shows empty and read-only, a file reads empty"), async () => {
    await mkdir(path.join(dir, "records"));
    await writeFile(path.join(dir, "records", "run.jsonl"), "other run");
    await writeFile(path.join(dir, ".env"), "TOKEN=secret");
    const script = "ls -A records; cat .env; touch records/forged 2>/dev/null || echo read-only";
    const stdout = await start("sh", ["-c", script], { PATH: "/usr/bin:/bin" }, [path.join(dir, "records"), path.join(dir, ".env")]);
    expect(stdout).toBe("read-only\n");
  });
});
