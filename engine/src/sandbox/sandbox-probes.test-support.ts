// Test support for the sandbox tests: titles that carry why a test is skipped, the host processes
// a command started (found by a marker in their environment, wherever they moved: `setsid`, a
// double fork, another PID namespace), and a loopback HTTP server to reach or fail to reach.
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sandboxStatus } from "./index.ts";

const status = sandboxStatus();

/** Whether bubblewrap works on this machine (the sandbox tests need it). */
export const sandboxAvailable = status.available;

/** `name`, or `name (skipped: <reason>)` where there is no sandbox, for `it.skipIf(!sandboxAvailable)`. */
export function sandboxed(name: string): string {
  return status.available ? name : `${name} (skipped: ${status.reason})`;
}

/** A live process carrying a marker: its pid here and its pid in its own (innermost) PID namespace. */
export interface MarkedProcess {
  pid: number;
  nsPid: number;
  /** When it started (clock ticks since boot), so a pid reused by another process is not taken for it. */
  startTime: string;
}

/**
 * Every live, non-zombie process whose environment holds `JUNE_PROBE=<marker>`. The commands
 * under test get the marker through the tool's `env`, and every process they start inherits it.
 */
export function markedProcesses(marker: string): MarkedProcess[] {
  const needle = `JUNE_PROBE=${marker}`;
  const found: MarkedProcess[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = readFileSync(`/proc/${name}/environ`, "latin1").split("\0");
      if (!environ.includes(needle)) continue;
      const statusText = readFileSync(`/proc/${name}/status`, "utf8");
      if (/^State:\s+Z/m.test(statusText)) continue;
      const nsPids = /^NSpid:\s+(.+)$/m.exec(statusText)?.[1]?.trim().split(/\s+/).map(Number) ?? [Number(name)];
      found.push({ pid: Number(name), nsPid: nsPids[nsPids.length - 1]!, startTime: startTimeOf(Number(name)) ?? "" });
    } catch {
      // The process ended while we looked, or is not ours to read: not a live process of the command.
    }
  }
  return found;
}

/** True while `marked` runs: `kill -0` reaches its pid, which is no zombie and not a newer process's. */
export function stillRunning(marked: MarkedProcess): boolean {
  try {
    process.kill(marked.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
  try {
    const stat = readFileSync(`/proc/${marked.pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z" && startTimeOf(marked.pid) === marked.startTime;
  } catch {
    // Gone between the two looks.
    return false;
  }
}

function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22; the fields after "pid (comm) " start at 3.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** An HTTP server on 127.0.0.1 that answers every request with `pong`. */
export async function loopbackServer(): Promise<{ port: number; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.end("pong");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
