// What a project (june.config.ts `sandbox`) or a tool (`bashTool({ sandbox })`) asks of the
// sandbox, in Claude Code's settings.json names where it has them, and the same settings resolved
// to absolute paths for one working folder.
import os from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * How programs June starts for a model (Bash) are sandboxed.
 *
 * @example
 * // june.config.ts
 * export default defineConfig({
 *   sandbox: { network: true, filesystem: { allowWrite: ["~/.npm"], allowRead: ["~/.gitconfig"] } },
 * });
 */
export interface SandboxSettings {
  /**
   * Run every command in the sandbox; default true. `false` runs commands on the host as you,
   * and the tool says so in its description and on its approval card.
   */
  enabled?: boolean;
  /**
   * When the sandbox is enabled but cannot run here (not Linux, bubblewrap missing or not
   * permitted): `true` (default) runs commands without it, each one waiting for approval
   * whatever `needsApproval` says; `false` refuses every command.
   */
  allowUnsandboxedCommands?: boolean;
  /**
   * `true`: commands share the host's network (the internet, and every service on the host's
   * loopback, the studio's included). Default `false`: no network at all, not even the host's
   * 127.0.0.1.
   */
  network?: boolean;
  filesystem?: {
    /** Paths readable (not writable) besides the system; `~/` is your home, relative paths start at the project. */
    allowRead?: string[];
    /** Paths writable besides the project folder; `~/` is your home, relative paths start at the project. */
    allowWrite?: string[];
    /**
     * Paths inside what is visible that a command must not see, e.g. `.env`: an existing folder
     * shows empty and read-only, a file reads empty. A path that does not exist when the command
     * starts is not covered.
     */
    denyRead?: string[];
  };
  /** The bubblewrap binary; default `/usr/bin/bwrap`, `/usr/local/bin/bwrap`, else `bwrap` on PATH. */
  bwrap?: string;
}

/** The zod schema of {@link SandboxSettings}, for june.config.ts. */
export const sandboxSettingsSchema = z.strictObject({
  enabled: z.boolean().optional(),
  allowUnsandboxedCommands: z.boolean().optional(),
  network: z.boolean().optional(),
  filesystem: z
    .strictObject({
      allowRead: z.array(z.string().min(1)).optional(),
      allowWrite: z.array(z.string().min(1)).optional(),
      denyRead: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  bwrap: z.string().min(1).optional(),
});

/** What one sandboxed command may touch, every path absolute. */
export interface SandboxPolicy {
  /** The host's network when true; none when false. */
  network: boolean;
  /** Folders and files visible read-only, beyond the system. */
  readOnly: string[];
  /** Folders and files visible and writable: the project folder first. */
  writable: string[];
  /** Folders and files hidden inside the visible ones. */
  denied: string[];
}

/**
 * Resolves settings for commands working in `root`: `~/` against the home folder, relative paths
 * against `root`.
 *
 * @example
 * sandboxPolicy({ filesystem: { allowWrite: ["~/.npm"] } }, "/work/app");
 * // { network: false, readOnly: [], writable: ["/work/app", "/home/me/.npm"], denied: [] }
 */
export function sandboxPolicy(settings: SandboxSettings | undefined, root: string, home: string = os.homedir()): SandboxPolicy {
  const resolve = (entry: string): string => {
    if (entry === "~") return home;
    if (entry.startsWith("~/")) return path.join(home, entry.slice(2));
    return path.resolve(root, entry);
  };
  return {
    network: settings?.network ?? false,
    readOnly: (settings?.filesystem?.allowRead ?? []).map(resolve),
    writable: [path.resolve(root), ...(settings?.filesystem?.allowWrite ?? []).map(resolve)],
    denied: (settings?.filesystem?.denyRead ?? []).map(resolve),
  };
}
