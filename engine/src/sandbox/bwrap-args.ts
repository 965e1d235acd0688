// The bubblewrap command line for one sandboxed program, from its policy and the host's layout:
// a pure function, so each rule below is checked without starting anything.
import path from "node:path";
import type { HostLayout } from "./host-layout.ts";
import type { SandboxPolicy } from "./settings.ts";

/**
 * bubblewrap's options (everything before `--`) for a program that works in `cwd`.
 *
 * - Namespaces: its own user namespace with every capability dropped (so even a command the
 *   studio runs as root cannot remount what is read-only), PID (bubblewrap's init is PID 1: when
 *   the command exits, or bubblewrap is killed, the kernel kills everything left in it, `setsid`
 *   and `nohup` jobs included), IPC, cgroup, and network unless the policy allows it.
 * - `--die-with-parent`: the sandbox dies with the process that started it (the studio).
 * - `--new-session`: no way back to a terminal the studio may have (TIOCSTI).
 * - Files: an empty, read-only root holding the system read-only, /etc's secrets hidden, a private
 *   /tmp, the policy's read-only and writable paths (shallowest first, so a deeper grant lands on
 *   top of a shallower one), then a fresh /proc for the new PID namespace (which shows none of the
 *   studio's processes) and a minimal /dev, last so no grant can cover them.
 *
 * @example
 * bwrapArgs({ network: false, readOnly: [], writable: ["/work/app"], denied: [] }, hostLayout(), "/work/app");
 */
export function bwrapArgs(policy: SandboxPolicy, layout: HostLayout, cwd: string): string[] {
  const args = ["--die-with-parent", "--new-session", "--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-cgroup-try"];
  if (!policy.network) args.push("--unshare-net");
  args.push("--cap-drop", "ALL");

  for (const entry of layout.system) {
    if (entry.link !== undefined) args.push("--symlink", entry.link, entry.path);
    else args.push("--ro-bind", entry.path, entry.path);
  }
  if (policy.network && layout.resolvConf) args.push("--ro-bind-try", layout.resolvConf, layout.resolvConf);
  args.push("--tmpfs", "/tmp");

  for (const mount of grants(policy)) {
    // The project folder must be there (runBash checked it); a missing extra grant is skipped.
    const option = mount.writable ? (mount.required ? "--bind" : "--bind-try") : "--ro-bind-try";
    args.push(option, mount.path, mount.path);
  }
  // After the grants, so a grant of /etc (or of /) cannot bring a secret back into view.
  for (const hidden of layout.hidden) {
    if (hidden.directory) args.push("--tmpfs", hidden.path, "--remount-ro", hidden.path);
    else args.push("--ro-bind", "/dev/null", hidden.path);
  }
  args.push("--proc", "/proc", "--dev", "/dev");
  // bubblewrap's own root is a writable tmpfs; without this a command could create /anything.
  // (A writable grant of / itself is the host's root, and stays writable.)
  if (!policy.writable.some((p) => path.resolve(p) === "/")) args.push("--remount-ro", "/");
  args.push("--chdir", cwd);
  return args;
}

interface Grant {
  path: string;
  writable: boolean;
  required: boolean;
}

function grants(policy: SandboxPolicy): Grant[] {
  const byPath = new Map<string, Grant>();
  policy.readOnly.forEach((p) => byPath.set(path.resolve(p), { path: path.resolve(p), writable: false, required: false }));
  // Writable wins over read-only for the same path; the first writable path is the project.
  policy.writable.forEach((p, i) => byPath.set(path.resolve(p), { path: path.resolve(p), writable: true, required: i === 0 }));
  return [...byPath.values()].sort((a, b) => depth(a.path) - depth(b.path));
}

function depth(file: string): number {
  return file === "/" ? 0 : file.split("/").length - 1;
}
