// Background work keeps off the last CPU (Linux): the CPU list arithmetic, the variable, and a
// run worker's thread as the kernel reports it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BACKGROUND_CPUS_VARIABLE, allButLast, backgroundCpus, cpuList } from "./background-priority.ts";

describe("the background CPUs", () => {
  it("are a CPU list without its highest CPU, and none when it has one", () => {
    expect(allButLast("0-1")).toBe("0");
    expect(allButLast("0-3,8")).toBe("0,1,2,3");
    expect(allButLast("8,2-3")).toBe("2,3");
    expect(allButLast("5")).toBeUndefined();
    expect(allButLast("a-b")).toBeUndefined();
    expect(cpuList("4,0-2")).toEqual([0, 1, 2, 4]);
    expect(cpuList("1-x")).toBeUndefined();
  });

  it.skipIf(process.platform !== "linux")("follow the variable: a list as given, \"all\" for every CPU (Linux only)", () => {
    expect(backgroundCpus({ [BACKGROUND_CPUS_VARIABLE]: "0-2" })).toBe("0-2");
    expect(backgroundCpus({ [BACKGROUND_CPUS_VARIABLE]: "all" })).toBeUndefined();
    const allowed = /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync("/proc/self/status", "utf8"))![1]!;
    expect(backgroundCpus({})).toBe(allButLast(allowed));
  });
});
