// Whether this machine can sandbox commands: Linux, a bubblewrap binary, and the kernel letting it
// create its namespaces (user namespaces can be off, or forbidden by AppArmor or a container).
// Found out once per process by starting a real, empty sandbox; the answer is data the studio
// shows and the tools act on, never a silent fallback.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { bwrapArgs } from "./bwrap-args.ts";
import { hostLayout } from "./host-layout.ts";
import type { SandboxStatus } from "./sandbox-status.ts";

export type { SandboxStatus };

/** Options for {@link sandboxStatus}. */
export interface SandboxStatusOptions {
  /** The bubblewrap binary to check; default `/usr/bin/bwrap`, `/usr/local/bin/bwrap`, else `bwrap` on PATH. */
  bwrap?: string;
  /** Check again instead of answering from this process's earlier check (after installing bubblewrap). */
  refresh?: boolean;
}

const PROBE_TIMEOUT_MS = 5_000;
const known = new Map<string, SandboxStatus>();

/**
 * Whether commands can be sandboxed on this machine.
 *
 * @example
 * const status = sandboxStatus();
 * if (!status.available) console.warn(`commands run without a sandbox: ${status.reason}`);
 */
export function sandboxStatus(options: SandboxStatusOptions = {}): SandboxStatus {
  const key = options.bwrap ?? "";
  const cached = known.get(key);
  if (cached && !options.refresh) return cached;
  const status = check(options.bwrap);
  known.set(key, status);
  return status;
}

function check(configured: string | undefined): SandboxStatus {
  if (process.platform !== "linux") {
    return none(`this is ${process.platform}, and June's sandbox needs Linux with bubblewrap`);
  }
  const bwrap = configured ?? findBwrap();
  if (bwrap === undefined) {
    return none("bubblewrap is not installed (no bwrap in /usr/bin, /usr/local/bin or on PATH); install it, e.g. `apt install bubblewrap`");
  }
  if (!isExecutable(bwrap)) return none(`${bwrap} (sandbox.bwrap) does not exist or cannot be run`);
  return probe(bwrap);
}

// Starts `true` in the same kind of sandbox every command gets, network off.
function probe(bwrap: string): SandboxStatus {
  const args = [...bwrapArgs({ network: false, readOnly: [], writable: [], denied: [] }, hostLayout(), "/"), "--", "true"];
  const result = spawnSync(bwrap, args, { env: { PATH: "/usr/bin:/bin" }, encoding: "utf8", timeout: PROBE_TIMEOUT_MS, stdio: ["ignore", "ignore", "pipe"] });
  if (result.status === 0) return { available: true, kind: "bubblewrap", bwrap };
  if (result.error) return none(`${bwrap} could not be started (${result.error.message})`);
  const said = result.stderr.trim().split("\n")[0] || `exit code ${String(result.status ?? result.signal)}`;
  return none(
    `${bwrap} cannot create a sandbox here (${said}); unprivileged user namespaces may be off ` +
      "(sysctl kernel.unprivileged_userns_clone, or AppArmor's kernel.apparmor_restrict_unprivileged_userns)",
  );
}

function findBwrap(): string | undefined {
  // The system's own locations first: a `bwrap` earlier on PATH (a project's bin folder) is not trusted over them.
  const candidates = ["/usr/bin/bwrap", "/usr/local/bin/bwrap", ...(process.env.PATH ?? "").split(path.delimiter).filter((dir) => path.isAbsolute(dir)).map((dir) => path.join(dir, "bwrap"))];
  return candidates.find(isExecutable);
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    // Missing or not executable: not a bubblewrap we can use.
    return false;
  }
}

function none(reason: string): SandboxStatus {
  return { available: false, kind: "none", reason };
}
