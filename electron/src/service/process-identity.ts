// Who runs a run, told well enough that a reader can check it later: the machine (its host name
// and, where the system keeps one, its machine id), the process id, and when that process
// started, so a pid reused by a later process is not taken for the run's. The ProcessProbe is how
// the history asks the machine it runs on; tests hand it a stand-in, the studio the real one.
import { readFileSync } from "node:fs";
import { hostname } from "node:os";

/** A machine: its host name and, on Linux, /etc/machine-id (absent where there is none to read). */
export interface HostIdentity {
  name: string;
  machineId?: string;
}

/** What the history asks about processes on the machine it runs on. */
export interface ProcessProbe {
  /** The machine this process runs on. */
  host(): HostIdentity;
  /** True while a process with this id exists here. */
  alive(pid: number): boolean;
  /**
   * When the process with this id started, exact enough to tell it from a later process given
   * the same id (compared for equality only); undefined when it is gone or the platform can't say.
   * On Linux: `linux:<boot id>:<start time in clock ticks since boot>`.
   */
  startOf(pid: number): string | undefined;
}

/** The process running a run, as its meta file names it. */
export interface ProcessOwner {
  host: string;
  machineId?: string;
  pid: number;
  processStart?: string;
}

/** This process, described by `probe`. */
export function thisProcess(probe: ProcessProbe = systemProbe): ProcessOwner {
  const host = probe.host();
  const processStart = probe.startOf(process.pid);
  return { host: host.name, ...(host.machineId !== undefined ? { machineId: host.machineId } : {}), pid: process.pid, ...(processStart !== undefined ? { processStart } : {}) };
}

/** True when `owner` names `host`: the same host name and the same machine id (or neither has one). */
export function sameHost(owner: { host: string; machineId?: string | undefined }, host: HostIdentity): boolean {
  // Both must agree: containers from one image can share a machine id, and host names repeat.
  return owner.host === host.name && (owner.machineId ?? null) === (host.machineId ?? null);
}

// Read once: a process names its machine the same way all its life, even if the host name
// changes under it (macOS renames hosts by network); a renamed machine reads as another one, and
// its runs are judged by their heartbeat, which still holds.
let hostHere: HostIdentity | undefined;

/**
 * The real probe. Linux reads /proc (exact start times); elsewhere a pid's start time is not
 * asked (that would mean spawning `ps` or WMI per run), so `startOf` is undefined and the
 * history falls back on the run's heartbeat to tell a reused pid (see run-liveness.ts).
 */
export const systemProbe: ProcessProbe = {
  host() {
    if (!hostHere) {
      const id = machineId();
      hostHere = { name: hostname(), ...(id !== undefined ? { machineId: id } : {}) };
    }
    return hostHere;
  },
  alive(pid) {
    try {
      // Signal 0 checks without signalling; EPERM means it exists (someone else's).
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  },
  startOf(pid) {
    if (process.platform !== "linux") return undefined;
    const boot = readText("/proc/sys/kernel/random/boot_id");
    const stat = readText(`/proc/${pid}/stat`);
    if (boot === undefined || stat === undefined) return undefined;
    const ticks = startTicks(stat);
    // Ticks since boot and the boot's id, not a wall-clock time: btime moves when the clock is
    // stepped, so a time computed from it can differ between two readings of the same process.
    return ticks === undefined ? undefined : `linux:${boot}:${ticks}`;
  },
};

/**
 * Field 22 of a /proc/<pid>/stat line (starttime, clock ticks after boot). The command name,
 * field 2, is in parentheses and may itself hold spaces and parentheses, so fields are counted
 * from the last ")".
 */
export function startTicks(stat: string): string | undefined {
  const after = stat.slice(stat.lastIndexOf(")") + 1).trim().split(/\s+/);
  // `after` starts at field 3 (state).
  const ticks = after[22 - 3];
  return ticks !== undefined && /^\d+$/.test(ticks) ? ticks : undefined;
}

function machineId(): string | undefined {
  if (process.platform !== "linux") return undefined;
  return readText("/etc/machine-id") || readText("/var/lib/dbus/machine-id") || undefined;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    // Gone (the process ended) or not there on this system: the caller says what that means.
    return undefined;
  }
}
