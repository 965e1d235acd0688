// Spawning a command as the leader of its own process group, and signalling that whole group,
// so stopping a command also stops everything it started (pipelines, `&` jobs, test runners'
// workers) instead of orphaning them. A process can leave the group (`setsid`); only the
// sandbox's PID namespace (sandbox/) reaches those too.
import { spawn } from "node:child_process";
import type { ChildProcessByStdio } from "node:child_process";
import type { Readable } from "node:stream";

/** A spawned group leader with its stdout and stderr piped; stdin is /dev/null. */
export type GroupLeader = ChildProcessByStdio<null, Readable, Readable>;

/** Where and with what environment to start the group leader. */
export interface GroupLeaderOptions {
  cwd: string;
  env: Record<string, string>;
}

/**
 * Starts `file args` as the leader of a new process group (POSIX `setsid` via `detached`).
 *
 * @example
 * const child = spawnGroupLeader("bash", ["-c", "sleep 1 & wait"], { cwd: "/tmp", env: {} });
 * signalGroup(child.pid!, "SIGTERM");
 */
export function spawnGroupLeader(file: string, args: readonly string[], options: GroupLeaderOptions): GroupLeader {
  return spawn(file, args, {
    cwd: options.cwd,
    env: options.env,
    // A new group lets one kill(-pgid) reach grandchildren; stdin is closed so a command that
    // reads input sees end-of-file instead of hanging until the timeout.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * Sends `signal` to every process in the group led by `pid`.
 * Returns false when the group no longer exists.
 *
 * @example
 * if (!signalGroup(child.pid!, "SIGKILL")) console.log("already gone");
 */
export function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}

/**
 * Asks the group led by `pid` to stop (SIGTERM), then forces it (SIGKILL) after `graceMs`.
 *
 * @example
 * terminateGroup(child.pid!, 2_000);
 */
export function terminateGroup(pid: number, graceMs: number): void {
  if (!signalGroup(pid, "SIGTERM")) return;
  // The SIGKILL still goes out after the leader exits: members that ignore SIGTERM may outlive
  // it. Unref'd so a pending escalation never keeps the host process alive.
  setTimeout(() => {
    try {
      signalGroup(pid, "SIGKILL");
    } catch {
      // EPERM here means the group id now belongs to someone else's processes: ours are gone.
    }
  }, graceMs).unref();
}
