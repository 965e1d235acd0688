// bashTool in its sandbox, attacked as a hostile model would: read the studio's secrets through
// /proc, write outside the project, reach a server on the host's loopback, leave processes behind
// (`setsid`, `nohup`, a double fork) past the call's end, an abort or a timeout. And where no
// sandbox can run, the tool says so and either waits for approval or refuses.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmod, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isJuneError } from "../errors/index.ts";
import { loopbackServer, markedProcesses, sandboxAvailable, sandboxed, stillRunning } from "../sandbox/sandbox-probes.test-support.ts";
import type { MarkedProcess } from "../sandbox/sandbox-probes.test-support.ts";
import { bashTool } from "./index.ts";
import type { BashResult, BashTool, BashToolOptions } from "./index.ts";
import { waitFor } from "./process-probes.test-support.ts";

async function run(tool: BashTool, command: string, abortSignal?: AbortSignal): Promise<BashResult> {
  return (await tool.execute({ command }, { toolCallId: "call-1", messages: [], context: {}, ...(abortSignal ? { abortSignal } : {}) })) as BashResult;
}

let dir: string;
let outside: string;
const markers: string[] = [];
beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), "june-sandbox-project-")));
  outside = await realpath(await mkdtemp(path.join(tmpdir(), "june-sandbox-outside-")));
});
afterEach(async () => {
  // Whatever a failing test left running is killed here, not left on the machine.
  for (const marker of markers.splice(0)) for (const { pid } of markedProcesses(marker)) process.kill(pid, "SIGKILL");
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe("the studio's secrets stay out of reach", () => {
  const childScript = path.join(import.meta.dirname, "studio-child.test-support.ts");
  const canaries = { OPENAI_API_KEY: `sk-canary-${randomUUID()}`, AWS_SECRET_ACCESS_KEY: `aws-canary-${randomUUID()}` };

  // The studio stand-in is a process of its own, started with the canaries in its environment:
  // that is what /proc/<its pid>/environ shows, whatever an allow-list later passes on.
  async function runInStudio(command: string): Promise<BashResult> {
    const { stdout } = await promisify(execFile)(process.execPath, [childScript, dir, command], {
      env: { ...process.env, ...canaries },
      timeout: 15_000,
      maxBuffer: 10_000_000,
    });
    return JSON.parse(stdout) as BashResult;
  }

  it.skipIf(!sandboxAvailable)(sandboxed("shows nothing of the studio's environment through /proc/$PPID/environ, /proc/1/environ or any /proc/*/environ"), async () => {
    const result = await runInStudio("cat /proc/$PPID/environ; echo; cat /proc/1/environ; echo; cat /proc/[0-9]*/environ; echo; env; true");
    const seen = result.stdout + result.stderr;
    expect(seen).toContain("PATH=");
    for (const canary of Object.values(canaries)) expect(seen).not.toContain(canary);
    expect(seen).not.toContain("OPENAI_API_KEY");
    expect(seen).not.toContain("AWS_SECRET_ACCESS_KEY");
  });

  it.skipIf(!sandboxAvailable)(sandboxed("sees none of the studio's processes: only its own are in /proc"), async () => {
    const result = await runInStudio('for f in /proc/[0-9]*/cmdline; do tr "\\0" " " < "$f"; echo; done');
    expect(result.stdout).toContain("bash");
    expect(result.stdout).not.toContain("studio-child.test-support.ts");
    expect(result.stdout).not.toContain(process.execPath);
  });

  it.skipIf(!sandboxAvailable)(sandboxed("never passes on a variable set in the studio's process.env later either"), async () => {
    const canary = `late-canary-${randomUUID()}`;
    process.env.JUNE_LATE_CANARY = canary;
    try {
      const result = await run(bashTool({ cwd: dir, needsApproval: false }), "env; cat /proc/[0-9]*/environ; true");
      expect(result.stdout + result.stderr).not.toContain(canary);
    } finally {
      delete process.env.JUNE_LATE_CANARY;
    }
  });
});

describe("files: the project folder is writable, the system readable, nothing else", () => {
  const tool = (options: BashToolOptions = {}) => bashTool({ cwd: dir, needsApproval: false, ...options });

  it.skipIf(!sandboxAvailable)(sandboxed("writes in the project folder, and the file is there afterwards"), async () => {
    const result = await run(tool(), "echo hi > made.txt && cat made.txt");
    expect(result).toMatchObject({ exitCode: 0, stdout: "hi\n" });
    expect(await readFile(path.join(dir, "made.txt"), "utf8")).toBe("hi\n");
  });

  it.skipIf(!sandboxAvailable)(sandboxed("cannot write in the home folder, /etc, /usr, / or a folder beside the project"), async () => {
    const name = `june-sandbox-probe-${randomUUID()}`;
    const targets = [path.join(homedir(), name), `/etc/${name}`, `/usr/${name}`, `/${name}`, path.join(outside, name)];
    try {
      const result = await run(tool(), targets.map((target) => `touch '${target}' && echo "wrote ${target}"`).join("; ") + "; true");
      // Exit 0 (the trailing `true`) shows the shell ran, so the empty output is the sandbox's doing.
      expect(result).toMatchObject({ exitCode: 0, stdout: "" });
      for (const target of targets) expect(existsSync(target), target).toBe(false);
    } finally {
      await Promise.all(targets.map((target) => rm(target, { force: true })));
    }
  });

  it.skipIf(!sandboxAvailable)(sandboxed("sees nothing of the home folder or of a folder beside the project"), async () => {
    await writeFile(path.join(outside, "secret.txt"), "outside-secret");
    const result = await run(tool(), `ls -A "$HOME" 2>/dev/null; cat '${outside}/secret.txt' 2>/dev/null; true`);
    expect(result).toMatchObject({ exitCode: 0, stdout: "" });
  });

  // Only a process that may read /etc/shadow (the studio run as root) could leak it.
  const shadowReadable = readable("/etc/shadow");
  const shadowTitle = sandboxed("hides /etc's secrets (/etc/shadow) but reads the rest of /etc") + (shadowReadable ? "" : " (skipped: /etc/shadow is not readable here anyway)");
  it.skipIf(!sandboxAvailable || !shadowReadable)(shadowTitle, async () => {
    const result = await run(tool(), "cat /etc/shadow; echo ---; head -c 5 /etc/passwd");
    expect(result.stdout).toBe("---\nroot:");
  });

  it.skipIf(!sandboxAvailable)(sandboxed("has a private /tmp: the host's is not visible, and what the command leaves there is gone"), async () => {
    const hostFile = path.join(tmpdir(), `june-sandbox-host-${randomUUID()}`);
    await writeFile(hostFile, "host");
    try {
      const result = await run(tool(), `cat '${hostFile}' 2>/dev/null; echo inside > /tmp/left-behind && cat /tmp/left-behind`);
      expect(result).toMatchObject({ exitCode: 0, stdout: "inside\n" });
    } finally {
      await rm(hostFile, { force: true });
    }
    expect((await run(tool(), "cat /tmp/left-behind 2>/dev/null; true")).stdout).toBe("");
  });

  it.skipIf(!sandboxAvailable)(sandboxed("writes where sandbox.filesystem.allowWrite allows, and only reads where allowRead does"), async () => {
    const readOnly = await realpath(await mkdtemp(path.join(tmpdir(), "june-sandbox-read-")));
    try {
      await writeFile(path.join(readOnly, "notes.txt"), "readable");
      const granted = tool({ sandbox: { filesystem: { allowWrite: [outside], allowRead: [readOnly] } } });
      const result = await run(granted, `echo out > '${outside}/granted.txt'; cat '${readOnly}/notes.txt'; touch '${readOnly}/nope' 2>/dev/null || echo " read-only"`);
      expect(result.stdout).toBe("readable read-only\n");
      expect(await readFile(path.join(outside, "granted.txt"), "utf8")).toBe("out\n");
      expect(existsSync(path.join(readOnly, "nope"))).toBe(false);
    } finally {
      await rm(readOnly, { recursive: true, force: true });
    }
  });
});

describe("network: none unless sandbox.network allows it", () => {
  const get = (port: number) => `exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3`;

  it.skipIf(!sandboxAvailable)(sandboxed("cannot reach a server on the host's 127.0.0.1 by default"), async () => {
    const server = await loopbackServer();
    try {
      const result = await run(bashTool({ cwd: dir, needsApproval: false }), get(server.port));
      expect(result.exitCode).not.toBe(0);
      expect(result.stdout).not.toContain("pong");
      expect(server.requests()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it.skipIf(!sandboxAvailable)(sandboxed("reaches it with sandbox.network: true"), async () => {
    const server = await loopbackServer();
    try {
      const result = await run(bashTool({ cwd: dir, needsApproval: false, sandbox: { network: true } }), get(server.port));
      expect(result).toMatchObject({ exitCode: 0, stdout: expect.stringContaining("pong") });
      expect(server.requests()).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe("processes: nothing a command starts outlives its call", () => {
  // Four ways to leave something running: a new session, nohup, a double fork (the job is
  // orphaned at once) and a plain background job. Each writes its own pid (in the command's PID
  // namespace) into the project folder, renamed into place so it is never read half-written.
  const pidFile = (name: string) => `echo $$ > ${name}.tmp && mv ${name}.tmp ${name}.pid`;
  const LEAVE_BEHIND = [
    `setsid bash -c '${pidFile("setsid")}; exec sleep 300' &`,
    `nohup bash -c '${pidFile("nohup")}; exec sleep 301' > /dev/null 2>&1 &`,
    `( bash -c '${pidFile("orphan")}; exec sleep 302' & )`,
    `bash -c '${pidFile("job")}; exec sleep 303' &`,
  ].join("\n");
  const NAMES = ["setsid", "nohup", "orphan", "job"];

  async function startLeavingJobs(options: BashToolOptions, body: string, signal?: AbortSignal) {
    const marker = randomUUID();
    markers.push(marker);
    const tool = bashTool({ cwd: dir, needsApproval: false, env: { JUNE_PROBE: marker }, ...options });
    const result = run(tool, `${LEAVE_BEHIND}\n${body}`, signal);
    // Observed before the call can end, so a failure to start shows here and not as a pass below.
    result.catch(() => undefined);
    await waitFor("every job to write its pid", () => NAMES.every((name) => existsSync(path.join(dir, `${name}.pid`))));
    const nsPids = NAMES.map((name) => Number(readFileSync(path.join(dir, `${name}.pid`), "utf8")));
    let started: MarkedProcess[] = [];
    await waitFor("every job to be running", () => {
      started = markedProcesses(marker);
      return nsPids.every((pid) => started.some((p) => p.nsPid === pid));
    });
    return { marker, result, started };
  }

  // A process being killed gives up its environment before it is gone, so both are waited for:
  // no process with the marker, and none of the ones seen running still alive (kill -0).
  async function expectAllGone(marker: string, started: MarkedProcess[]): Promise<void> {
    await waitFor("every process the command started to end", () => markedProcesses(marker).length === 0 && !started.some(stillRunning));
  }

  it.skipIf(!sandboxAvailable)(sandboxed("ends setsid, nohup, double-forked and background jobs when the command exits"), async () => {
    const { marker, result, started } = await startLeavingJobs({}, "while [ ! -e go ]; do sleep 0.05; done; echo done");
    await writeFile(path.join(dir, "go"), "");
    expect(await result).toMatchObject({ exitCode: 0, stdout: "done\n", timedOut: false });
    await expectAllGone(marker, started);
  });

  it.skipIf(!sandboxAvailable)(sandboxed("ends them all on abort, and rejects with AbortError"), async () => {
    const controller = new AbortController();
    const { marker, result, started } = await startLeavingJobs({}, "sleep 60", controller.signal);
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: "AbortError" });
    await expectAllGone(marker, started);
  });

  it.skipIf(!sandboxAvailable)(sandboxed("ends them all on timeout, even when the shell ignores SIGTERM"), async () => {
    const { marker, result, started } = await startLeavingJobs({ timeout: 4_000 }, "trap '' TERM; sleep 60");
    expect(await result).toMatchObject({ timedOut: true, exitCode: null });
    await expectAllGone(marker, started);
  });
});

describe("where no sandbox can run, the tool says so and never runs silently", () => {
  // A bubblewrap that is not there: the same answer as on a machine without it.
  const missing = { bwrap: "/nonexistent/bwrap" };
  // Elsewhere the reason is the platform, whatever bubblewrap is configured.
  const onLinux = process.platform === "linux";
  const linuxOnly = (name: string) => (onLinux ? name : `${name} (skipped: the reasons checked are Linux's, this is ${process.platform})`);

  it.skipIf(!onLinux)(linuxOnly("describes itself as running without a sandbox, and why"), () => {
    const description = bashTool({ cwd: dir, sandbox: missing }).description ?? "";
    expect(description).toContain("Runs without a sandbox: /nonexistent/bwrap (sandbox.bwrap) does not exist or cannot be run.");
  });

  it("waits for approval even when told needsApproval: false", () => {
    expect(bashTool({ cwd: dir, needsApproval: false, sandbox: missing }).needsApproval).toBe(true);
  });

  it("still runs the command once approved (allowUnsandboxedCommands defaults to true)", async () => {
    const result = await run(bashTool({ cwd: dir, sandbox: missing }), "echo ran");
    expect(result).toMatchObject({ exitCode: 0, stdout: "ran\n" });
  });

  it.skipIf(!onLinux)(linuxOnly("refuses every command with JUNE_SANDBOX_UNAVAILABLE when allowUnsandboxedCommands is false, starting nothing"), async () => {
    const tool = bashTool({ cwd: dir, sandbox: { ...missing, allowUnsandboxedCommands: false } });
    expect(tool.description).toContain("Runs nothing: no sandbox is available (/nonexistent/bwrap (sandbox.bwrap) does not exist or cannot be run)");
    // Asking to approve a call that is refused anyway would only mislead.
    expect(tool.needsApproval).toBe(false);
    const error = await run(tool, "touch ran").then(
      () => expect.unreachable("expected a refusal"),
      (caught: unknown) => caught,
    );
    expect(isJuneError(error) && error.code).toBe("JUNE_SANDBOX_UNAVAILABLE");
    expect((error as Error).message).toContain("allowUnsandboxedCommands");
    expect(existsSync(path.join(dir, "ran"))).toBe(false);
  });

  it("says so when the sandbox is turned off, and keeps needsApproval as given", () => {
    const tool = bashTool({ cwd: dir, needsApproval: false, sandbox: { enabled: false } });
    expect(tool.description).toContain("Runs without a sandbox: sandbox.enabled is false.");
    expect(tool.needsApproval).toBe(false);
  });

  it.skipIf(!onLinux)(linuxOnly("reports bubblewrap's own words when it cannot create its namespaces"), async () => {
    // A stand-in for bubblewrap on a kernel with unprivileged user namespaces off.
    const fake = path.join(outside, "bwrap");
    await writeFile(fake, "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.' >&2\nexit 1\n");
    await chmod(fake, 0o755);
    const description = bashTool({ cwd: dir, sandbox: { bwrap: fake } }).description ?? "";
    expect(description).toContain(`Runs without a sandbox: ${fake} cannot create a sandbox here (bwrap: No permissions to creating new namespace`);
  });
});

function readable(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}
