// Runs one bash command to completion and reports what happened as data the model can read:
// exit status, capped output, whether it timed out. Only an abort or a bad setup rejects.
// Everything the command started ends with the call: in the sandbox its PID namespace dies with
// the shell; without one, the shell's process group is stopped when the shell exits.
import { stat } from "node:fs/promises";
import { JuneError } from "../errors/index.ts";
import { sandboxedLaunch } from "../sandbox/index.ts";
import type { Launch, Sandbox } from "../sandbox/index.ts";
import { CappedText } from "./capped-text.ts";
import { spawnGroupLeader, terminateGroup } from "./process-group.ts";
import type { GroupLeader } from "./process-group.ts";

/** What a bash command did; a non-zero exit or a timeout is a result, not an error. */
export interface BashResult {
  /** The exit code, or null when the shell was ended by a signal. */
  exitCode: number | null;
  /** The signal that ended the shell (e.g. "SIGTERM" after a timeout), or null. */
  signal: string | null;
  /** Standard output, cut after `maxOutput` characters. */
  stdout: string;
  /** Standard error, cut after `maxOutput` characters. */
  stderr: string;
  /** True when either stream was cut; `droppedChars` says by how much. */
  truncated: boolean;
  /** Characters dropped past `maxOutput`, per stream. */
  droppedChars: { stdout: number; stderr: number };
  /** True when the command ran past the timeout and it was stopped, with everything it started. */
  timedOut: boolean;
  /** Wall-clock time from spawn to the result, in milliseconds. */
  durationMs: number;
}

/** Resolved settings for one run. */
export interface BashRunSettings {
  cwd: string;
  env: Record<string, string>;
  timeout: number;
  maxOutput: number;
  /** The sandbox to run in; absent, the command runs on the host. */
  sandbox?: Sandbox;
}

// Time a SIGTERM'd group gets to clean up before SIGKILL.
const KILL_GRACE_MS = 2_000;
// After the shell exits, how long to keep reading pipes a background job (`cmd &`) still holds.
const OUTPUT_DRAIN_MS = 500;

/**
 * Runs `bash -c command` (in `settings.sandbox` when given) as the leader of its own process
 * group, and resolves with what it did.
 * Rejects with an `AbortError` when `signal` fires (after killing the group), and with a
 * `JUNE_INVALID_PROPS` JuneError when `cwd` is not a directory.
 *
 * @example
 * const result = await runBash("ls", { cwd: "/tmp", env: {}, timeout: 5_000, maxOutput: 10_000 });
 */
export async function runBash(command: string, settings: BashRunSettings, signal?: AbortSignal): Promise<BashResult> {
  throwIfAborted(command, signal);
  await assertDirectory(settings.cwd);
  // The signal may have fired while the directory was checked; nothing is spawned then either.
  throwIfAborted(command, signal);
  const launch = bashLaunch(command, settings);
  return await watch(spawnGroupLeader(launch.file, launch.args, launch), command, settings, signal);
}

function bashLaunch(command: string, settings: BashRunSettings): Launch {
  const launch: Launch = { file: "bash", args: ["-c", command], cwd: settings.cwd, env: settings.env };
  return settings.sandbox ? sandboxedLaunch(launch, settings.sandbox) : launch;
}

function watch(child: GroupLeader, command: string, settings: BashRunSettings, signal?: AbortSignal): Promise<BashResult> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const stdout = new CappedText(settings.maxOutput);
    const stderr = new CappedText(settings.maxOutput);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => stdout.append(chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => stderr.append(chunk));

    let timedOut = false;
    let aborted = false;
    let stopping = false;
    let settled = false;
    let drainTimer: NodeJS.Timeout | undefined;
    let exit: { code: number | null; signal: NodeJS.Signals | null } = { code: null, signal: null };

    const stop = (): void => {
      if (stopping || child.pid === undefined) return;
      stopping = true;
      terminateGroup(child.pid, KILL_GRACE_MS);
    };
    const timeoutTimer = setTimeout(() => {
      timedOut = true;
      stop();
    }, settings.timeout);
    const onAbort = (): void => {
      aborted = true;
      stop();
    };
    signal?.addEventListener("abort", onAbort, { once: true });

    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timeoutTimer);
      clearTimeout(drainTimer);
      // The AI SDK hands every tool call of a run the same signal; a listener left behind per
      // call would pile up over a long run.
      signal?.removeEventListener("abort", onAbort);
      child.stdout.destroy();
      child.stderr.destroy();
      outcome();
    };
    const finish = (): void =>
      settle(() => {
        if (aborted) {
          reject(abortError(command, signal));
          return;
        }
        resolve({
          exitCode: exit.code,
          signal: exit.signal,
          stdout: stdout.text,
          stderr: stderr.text,
          truncated: stdout.dropped > 0 || stderr.dropped > 0,
          droppedChars: { stdout: stdout.dropped, stderr: stderr.dropped },
          timedOut,
          durationMs: Math.round(performance.now() - startedAt),
        });
      });

    child.once("error", (error) =>
      settle(() => {
        const message = settings.sandbox
          ? `june: bashTool could not start its sandbox, ${settings.sandbox.bwrap} (${error.message}); reinstall bubblewrap or set sandbox.bwrap`
          : `june: bashTool could not start bash (${error.message}); is bash installed and on PATH?`;
        reject(new Error(message, { cause: error }));
      }),
    );
    child.once("exit", (code, exitSignal) => {
      exit = { code, signal: exitSignal };
      clearTimeout(timeoutTimer);
      // The call owns what it started: background jobs still in the group end with it (in the
      // sandbox the kernel has already ended them all, and the group is gone).
      try {
        stop();
      } catch {
        // EPERM: the group id, free once the leader was reaped, is someone else's now; ours are gone.
      }
      // Normally "close" follows at once; if a job keeps the pipes open a moment, don't wait for it.
      drainTimer = setTimeout(finish, OUTPUT_DRAIN_MS);
    });
    child.once("close", finish);
  });
}

async function assertDirectory(cwd: string): Promise<void> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(cwd)).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem =
      code === "ENOENT" || code === "ENOTDIR"
        ? "does not exist; create it or pass an existing directory as cwd"
        : `cannot be used (${(error as Error).message}); pass a directory the process can read as cwd`;
    throw new JuneError("JUNE_INVALID_PROPS", `june: bashTool cwd "${cwd}" ${problem}`, { cause: error });
  }
  if (!isDirectory) {
    throw new JuneError("JUNE_INVALID_PROPS", `june: bashTool cwd "${cwd}" is not a directory; pass a directory as cwd`);
  }
}

function throwIfAborted(command: string, signal?: AbortSignal): void {
  if (signal?.aborted) throw abortError(command, signal);
}

// Always named "AbortError" (whatever reason the caller gave, kept as `cause`) so the AI SDK
// and callers recognise it as an abort rather than a tool failure.
function abortError(command: string, signal?: AbortSignal): DOMException {
  const shown = command.length > 80 ? `${command.slice(0, 77)}...` : command;
  return new DOMException(`june: bash command aborted: ${shown}`, { name: "AbortError", cause: signal?.reason });
}
