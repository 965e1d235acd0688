// Wrapping a program in the sandbox: the same program, arguments, folder and environment, started
// through bubblewrap. Anything that starts programs for a model (Bash, later MCP stdio servers)
// goes through here.
import { bwrapArgs } from "./bwrap-args.ts";
import { hostLayout, kindOf } from "./host-layout.ts";
import type { HiddenPath, HostLayout } from "./host-layout.ts";
import type { SandboxPolicy } from "./settings.ts";
import { isWithin } from "../paths/index.ts";

/** A program to start, as `spawn` takes it. */
export interface Launch {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}

/** Where the sandbox comes from and what it allows. */
export interface Sandbox {
  bwrap: string;
  policy: SandboxPolicy;
}

/**
 * The launch that runs `launch` inside the sandbox. bubblewrap gets the program's own environment
 * and nothing else (its PID 1 is the only other process the program can see, and its environ is
 * that same environment); TMPDIR moves to the private /tmp when it points somewhere not writable.
 *
 * @example
 * const { file, args, cwd, env } = sandboxedLaunch({ file: "bash", args: ["-c", "ls"], cwd: root, env }, sandbox);
 * spawn(file, args, { cwd, env });
 */
export function sandboxedLaunch(launch: Launch, sandbox: Sandbox, layout: HostLayout = hostLayout()): Launch {
  const env = { ...launch.env };
  if (env.TMPDIR !== undefined && !sandbox.policy.writable.some((dir) => isWithin(dir, env.TMPDIR!))) env.TMPDIR = "/tmp";
  // The policy's denied paths are hidden like /etc's secrets: what exists now, folder or file.
  const hidden = [...layout.hidden, ...existing(sandbox.policy.denied)];
  return {
    file: sandbox.bwrap,
    args: [...bwrapArgs(sandbox.policy, { ...layout, hidden }, launch.cwd), "--", launch.file, ...launch.args],
    cwd: launch.cwd,
    env,
  };
}

function existing(paths: readonly string[]): HiddenPath[] {
  return paths.flatMap((file): HiddenPath[] => {
    const kind = kindOf(file);
    // A symlink is hidden where it points only if that is visible; bubblewrap would follow it.
    return kind === "directory" || kind === "file" ? [{ path: file, directory: kind === "directory" }] : [];
  });
}

