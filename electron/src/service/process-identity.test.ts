// The real process probe as a specification: what it says about this machine, this process and a
// real child process (alive, when it started, gone), and how a /proc stat line is read.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { sameHost, startTicks, systemProbe, thisProcess } from "./process-identity.ts";

const linux = process.platform === "linux";

describe("the machine", () => {
  it("is named by its host name and, on Linux, /etc/machine-id", () => {
    const host = systemProbe.host();
    expect(host.name).toBe(hostname());
    if (linux) expect(host.machineId).toBe(readFileSync("/etc/machine-id", "utf8").trim());
  });

  it("is the same only when the host name and the machine id both match", () => {
    expect(sameHost({ host: "ada", machineId: "m1" }, { name: "ada", machineId: "m1" })).toBe(true);
    expect(sameHost({ host: "ada" }, { name: "ada" })).toBe(true);
    expect(sameHost({ host: "ada", machineId: "m1" }, { name: "ada", machineId: "m2" })).toBe(false);
    expect(sameHost({ host: "ada", machineId: "m1" }, { name: "bea", machineId: "m1" })).toBe(false);
    expect(sameHost({ host: "ada" }, { name: "ada", machineId: "m1" })).toBe(false);
  });
});

describe("a real process, by its pid", () => {
  it("this process: alive, named with this machine and its start", () => {
    expect(systemProbe.alive(process.pid)).toBe(true);
    expect(thisProcess()).toEqual({
      host: hostname(),
      ...(systemProbe.host().machineId !== undefined ? { machineId: systemProbe.host().machineId } : {}),
      pid: process.pid,
      ...(linux ? { processStart: systemProbe.startOf(process.pid) } : {}),
    });
  });

  it.skipIf(!linux)("a child: alive with a start of its own, read the same each time, and gone once it exits (Linux: /proc)", async () => {
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    const pid = child.pid!;
    try {
      expect(systemProbe.alive(pid)).toBe(true);
      const start = systemProbe.startOf(pid);
      const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
      expect(start).toMatch(new RegExp(`^linux:${boot}:\\d+$`));
      expect(systemProbe.startOf(pid)).toBe(start);
      // Started after this process: later in ticks since the same boot.
      const ticks = (s: string | undefined) => Number(s?.split(":").at(-1));
      expect(ticks(start)).toBeGreaterThan(ticks(systemProbe.startOf(process.pid)));
    } finally {
      child.kill("SIGKILL");
    }
    await exited;
    expect(systemProbe.alive(pid)).toBe(false);
    expect(systemProbe.startOf(pid)).toBeUndefined();
  });
});

describe("a /proc/<pid>/stat line", () => {
  it("gives field 22 (the start in ticks), counted from the last parenthesis of the command name", () => {
    const fields = (name: string) => `4242 (${name}) S 1 4242 4242 0 -1 4194560 100 0 0 0 7 3 0 0 20 0 11 0 987654 1000000 500`;
    expect(startTicks(fields("node"))).toBe("987654");
    expect(startTicks(fields("a) b (c"))).toBe("987654");
    expect(startTicks("4242 (node) S 1")).toBeUndefined();
  });
});
