// Test support for the bash tests: whether a process still runs, and waiting on state (a file
// appearing, a process ending) by polling with a deadline instead of sleeping a fixed time.
import { existsSync, readFileSync } from "node:fs";

/** True while `pid` exists and is not a zombie (killed but not yet reaped by its new parent). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
  if (!existsSync("/proc/self/stat")) return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 3, after "pid (comm) "; comm may itself contain spaces or parentheses.
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch (error) {
    // Gone between the kill(0) and the read: ENOENT at open, ESRCH when reaped while being read.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ESRCH") return false;
    throw error;
  }
}

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
