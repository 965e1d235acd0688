// The bubblewrap command line, rule by rule, built from a fixed host layout (no process started).
import { describe, expect, it } from "vitest";
import { bwrapArgs } from "./bwrap-args.ts";
import type { HostLayout } from "./host-layout.ts";

const layout: HostLayout = {
  system: [{ path: "/usr" }, { path: "/bin", link: "usr/bin" }, { path: "/etc" }],
  hidden: [
    { path: "/etc/shadow", directory: false },
    { path: "/etc/ssl/private", directory: true },
  ],
  resolvConf: "/run/systemd/resolve/stub-resolv.conf",
};
const project = "/work/app";
const base = { network: false, readOnly: [], writable: [project], denied: [] };

// The options after each occurrence of `option`, as [option, ...operands] tuples.
function uses(args: string[], option: string, operands: number): string[][] {
  return args.flatMap((arg, i) => (arg === option ? [args.slice(i, i + 1 + operands)] : []));
}

describe("namespaces", () => {
  it("gives the program its own user, PID, IPC and cgroup namespaces, drops every capability and dies with its parent", () => {
    const args = bwrapArgs(base, layout, project);
    expect(args).toEqual(expect.arrayContaining(["--unshare-user", "--unshare-pid", "--unshare-ipc", "--unshare-cgroup-try", "--die-with-parent", "--new-session"]));
    expect(uses(args, "--cap-drop", 1)).toEqual([["--cap-drop", "ALL"]]);
  });

  it("has no network unless the policy allows it", () => {
    expect(bwrapArgs(base, layout, project)).toContain("--unshare-net");
    expect(bwrapArgs({ ...base, network: true }, layout, project)).not.toContain("--unshare-net");
  });

  it("shows /etc/resolv.conf's real file only when the network is on", () => {
    expect(uses(bwrapArgs(base, layout, project), "--ro-bind-try", 2)).toEqual([]);
    expect(uses(bwrapArgs({ ...base, network: true }, layout, project), "--ro-bind-try", 2)).toEqual([
      ["--ro-bind-try", "/run/systemd/resolve/stub-resolv.conf", "/run/systemd/resolve/stub-resolv.conf"],
    ]);
  });
});

describe("files", () => {
  it("binds the system read-only and recreates its symlinks", () => {
    const args = bwrapArgs(base, layout, project);
    expect(uses(args, "--ro-bind", 2)).toEqual(expect.arrayContaining([["--ro-bind", "/usr", "/usr"], ["--ro-bind", "/etc", "/etc"]]));
    expect(uses(args, "--symlink", 2)).toEqual([["--symlink", "usr/bin", "/bin"]]);
  });

  it("binds the project writable, required to exist, and runs in the given folder", () => {
    const args = bwrapArgs(base, layout, `${project}/src`);
    expect(uses(args, "--bind", 2)).toEqual([["--bind", project, project]]);
    expect(uses(args, "--chdir", 1)).toEqual([["--chdir", `${project}/src`]]);
  });

  it("adds the allowed paths, read-only or writable, skipping ones that do not exist", () => {
    const args = bwrapArgs({ ...base, readOnly: ["/home/me/.gitconfig"], writable: [project, "/home/me/.npm"] }, layout, project);
    expect(uses(args, "--ro-bind-try", 2)).toEqual([["--ro-bind-try", "/home/me/.gitconfig", "/home/me/.gitconfig"]]);
    expect(uses(args, "--bind-try", 2)).toEqual([["--bind-try", "/home/me/.npm", "/home/me/.npm"]]);
  });

  it("mounts shallow grants before deep ones, so a deeper grant lands on top", () => {
    const args = bwrapArgs({ ...base, readOnly: ["/home/me"], writable: ["/home/me/work/app", "/home/me/work"] }, layout, project);
    const order = args.filter((_, i) => ["--ro-bind-try", "--bind", "--bind-try"].includes(args[i - 1] ?? ""));
    expect(order).toEqual(["/home/me", "/home/me/work", "/home/me/work/app"]);
  });

  it("lets a writable grant win over a read-only one of the same path", () => {
    const args = bwrapArgs({ ...base, readOnly: [project] }, layout, project);
    expect(uses(args, "--ro-bind-try", 2)).toEqual([]);
    expect(uses(args, "--bind", 2)).toEqual([["--bind", project, project]]);
  });

  it("mounts a private /tmp before the grants, so a project in /tmp is still the real one", () => {
    const args = bwrapArgs({ ...base, writable: ["/tmp/app"] }, layout, "/tmp/app");
    expect(args.indexOf("--tmpfs")).toBeLessThan(args.indexOf("--bind"));
    expect(uses(args, "--tmpfs", 1)[0]).toEqual(["--tmpfs", "/tmp"]);
  });

  it("hides /etc's secrets after the grants, so granting /etc (or /) does not bring them back", () => {
    const args = bwrapArgs({ ...base, readOnly: ["/"] }, layout, project);
    const grant = args.indexOf("--ro-bind-try");
    expect(args.indexOf("/dev/null")).toBeGreaterThan(grant);
    expect(uses(args, "--ro-bind", 2)).toContainEqual(["--ro-bind", "/dev/null", "/etc/shadow"]);
    expect(uses(args, "--tmpfs", 1)).toContainEqual(["--tmpfs", "/etc/ssl/private"]);
  });

  it("mounts a fresh /proc and /dev after everything else, so no grant can cover them with the host's", () => {
    const args = bwrapArgs({ ...base, readOnly: ["/"] }, layout, project);
    const lastGrant = Math.max(args.lastIndexOf("--ro-bind-try"), args.lastIndexOf("--bind"), args.lastIndexOf("--ro-bind"));
    expect(args.indexOf("--proc")).toBeGreaterThan(lastGrant);
    expect(uses(args, "--proc", 1)).toEqual([["--proc", "/proc"]]);
    expect(uses(args, "--dev", 1)).toEqual([["--dev", "/dev"]]);
  });

  it("makes bubblewrap's own root read-only last, so nothing new can be created at /", () => {
    const args = bwrapArgs(base, layout, project);
    expect(args.slice(-4)).toEqual(["--remount-ro", "/", "--chdir", project]);
  });
});
