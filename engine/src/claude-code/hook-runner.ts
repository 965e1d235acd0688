// Running one command hook the way Claude Code runs it: `bash -c <command>` in the project folder
// with `CLAUDE_PROJECT_DIR` set, the event's JSON on stdin, a timeout (Claude Code's default:
// 600 s), stdout and stderr captured up to a cap. The command leads its own process group, so a
// timeout or the run's abort stops everything it started (as tools/process-group.ts does for
// Bash). What it answered is read from its exit code and JSON (hooks.ts).
import { spawn } from "node:child_process";

/** Claude Code's default timeout of a command hook, in seconds. */
export const DEFAULT_HOOK_TIMEOUT_SECONDS = 600;
/** How much of each of stdout and stderr is kept. */
export const HOOK_OUTPUT_CAP = 64 * 1024;

/** How one command hook ended. */
export interface HookProcessResult {
  /** The exit code; undefined when it was killed (timeout, abort) or could not start. */
  exitCode?: number;
  stdout: string;
  stderr: string;
  timedOut?: true;
  aborted?: true;
  /** Why it could not start (ENOENT of the shell, …). */
  spawnError?: string;
}

export interface RunHookOptions {
  /** The project folder: the hook's cwd and `CLAUDE_PROJECT_DIR`. */
  root: string;
  /** The JSON written to its stdin. */
  input: unknown;
  timeoutSeconds?: number;
  signal?: AbortSignal;
  /** The environment (default: this process's), to which `CLAUDE_PROJECT_DIR` is added. */
  env?: Record<string, string | undefined>;
}

/**
 * Runs `command` as a hook and resolves when it has ended (never rejects for the command's own
 * failure: that is in the result).
 *
 * @example
 * const result = await runHookCommand("./.claude/hooks/check.sh", { root: "/work/app", input: { hook_event_name: "PreToolUse" } });
 * result.exitCode; // 2: blocked, result.stderr says why
 */
export function runHookCommand(command: string, options: RunHookOptions): Promise<HookProcessResult> {
  const timeoutMs = (options.timeoutSeconds ?? DEFAULT_HOOK_TIMEOUT_SECONDS) * 1000;
  return new Promise((resolve) => {
    if (options.signal?.aborted) return resolve({ stdout: "", stderr: "", aborted: true });
    const child = spawn("bash", ["-c", command], {
      cwd: options.root,
      env: { ...(options.env ?? process.env), CLAUDE_PROJECT_DIR: options.root },
      // Its own group, so kill(-pid) reaches what it started.
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const stdout = capped();
    const stderr = capped();
    let ended: Pick<HookProcessResult, "timedOut" | "aborted"> = {};
    const kill = (why: "timedOut" | "aborted") => {
      ended = { [why]: true };
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // Already gone (ESRCH).
        }
      }
    };
    const timer = setTimeout(() => kill("timedOut"), timeoutMs);
    const onAbort = () => kill("aborted");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", stdout.add);
    child.stderr.on("data", stderr.add);
    // A hook that exits without reading its stdin closes the pipe: that is not its failure.
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(options.input));
    const finish = (result: Partial<HookProcessResult>) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ stdout: stdout.text(), stderr: stderr.text(), ...result, ...ended });
    };
    const exited = (code: number | null) => finish(code === null || ended.timedOut || ended.aborted ? {} : { exitCode: code });
    child.on("error", (error) => finish({ spawnError: error.message }));
    child.on("close", exited);
    // A job the hook left in the background (`notify.sh &`) keeps its pipes open, so "close" would
    // wait for it: once the hook itself has exited, what it printed is read, and the pipes let go.
    child.on("exit", (code) => {
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        exited(code);
      }, EXIT_DRAIN_MS).unref();
    });
  });
}

/** How long output the hook wrote before it exited may take to arrive. */
const EXIT_DRAIN_MS = 100;

function capped() {
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  return {
    add: (chunk: Buffer) => {
      if (size >= HOOK_OUTPUT_CAP) return void (cut = true);
      chunks.push(chunk.subarray(0, HOOK_OUTPUT_CAP - size));
      size += chunk.length;
    },
    text: () => Buffer.concat(chunks).toString("utf8") + (cut || size > HOOK_OUTPUT_CAP ? "\n[output cut at 64 KiB]" : ""),
  };
}
