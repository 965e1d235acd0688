import { spawn } from "node:child_process";
import { getEventListeners } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sandboxStatus } from "../sandbox/index.ts";
import { sandboxAvailable, sandboxed } from "../sandbox/sandbox-probes.test-support.ts";
import { bashTool } from "./index.ts";
import type { BashResult, BashTool } from "./index.ts";
import { isAlive, waitFor } from "./process-probes.test-support.ts";

// Node's real spawn, observed: the tests assert when June starts a process and with what options.
vi.mock("node:child_process", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:child_process")>();
  return { ...actual, spawn: vi.fn(actual.spawn) };
});

async function run(tool: BashTool, command: string, abortSignal?: AbortSignal): Promise<BashResult> {
  return (await tool.execute({ command }, { toolCallId: "call-1", messages: [], context: {}, abortSignal })) as BashResult;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => expect.unreachable("expected a rejection"),
    (error: unknown) => error as Error,
  );
}

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), "june-bash-abort-")));
  vi.mocked(spawn).mockClear();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("how the command is started", () => {
  it("spawns bash -c in its own process group, stdin ignored, with the built env (sandbox off)", async () => {
    await run(bashTool({ cwd: dir, allowEnv: [], env: { CI: "1" }, sandbox: { enabled: false } }), "true");
    expect(spawn).toHaveBeenCalledTimes(1);
    expect(spawn).toHaveBeenCalledWith("bash", ["-c", "true"], {
      cwd: dir,
      env: { CI: "1" },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
  });

  it.skipIf(!sandboxAvailable)(sandboxed("spawns bash -c through bubblewrap, in its own process group, with the built env and nothing else"), async () => {
    await run(bashTool({ cwd: dir, allowEnv: [], env: { CI: "1" } }), "true");
    expect(spawn).toHaveBeenCalledTimes(1);
    const [file, args, options] = vi.mocked(spawn).mock.calls[0]! as unknown as [string, string[], object];
    expect(file).toBe(sandboxStatus().bwrap);
    expect(args.slice(args.indexOf("--"))).toEqual(["--", "bash", "-c", "true"]);
    expect(args).toEqual(expect.arrayContaining(["--unshare-pid", "--unshare-net", "--die-with-parent"]));
    expect(options).toEqual({ cwd: dir, env: { CI: "1" }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  });
});

describe("abort", () => {
  it("does not spawn at all when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(run(bashTool({ cwd: dir }), "touch started", controller.signal));
    expect(error.name).toBe("AbortError");
    expect(spawn).not.toHaveBeenCalled();
  });

  it("kills the whole process group, grandchildren included, and rejects with AbortError (sandbox off)", async () => {
    const controller = new AbortController();
    // The pids are written to a file (renamed into place, so it is never read half-written):
    // the result only arrives after the abort.
    // Unsandboxed so `$$` and `$!` are pids of this machine; bash-sandbox.test.ts covers the sandbox.
    const running = run(
      bashTool({ cwd: dir, sandbox: { enabled: false } }),
      'sleep 30 & echo "$$ $!" > pids.tmp && mv pids.tmp pids; sleep 30; wait',
      controller.signal,
    );
    const pidsFile = path.join(dir, "pids");
    await waitFor("the command to write its pids", () => existsSync(pidsFile));
    const [shell, grandchild] = (await readFile(pidsFile, "utf8")).trim().split(" ").map(Number) as [number, number];
    expect(isAlive(shell) && isAlive(grandchild)).toBe(true);

    controller.abort();
    const error = await rejection(running);
    expect(error.name).toBe("AbortError");
    await waitFor(`shell ${shell} to end`, () => !isAlive(shell));
    await waitFor(`background sleep ${grandchild} to end`, () => !isAlive(grandchild));
  });

  it("keeps the abort reason as the error's cause", async () => {
    const controller = new AbortController();
    const reason = new Error("user pressed stop");
    const running = run(bashTool({ cwd: dir }), "touch started; sleep 30", controller.signal);
    await waitFor("the command to start", () => existsSync(path.join(dir, "started")));
    controller.abort(reason);
    const error = await rejection(running);
    expect(error.name).toBe("AbortError");
    expect(error.cause).toBe(reason);
  });

  it("leaves no listener on the signal once the command has finished", async () => {
    const controller = new AbortController();
    const tool = bashTool({ cwd: dir, timeout: 300 });
    await run(tool, "true", controller.signal);
    await run(tool, "sleep 30", controller.signal);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});
