import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { signalGroup, spawnGroupLeader, terminateGroup } from "./process-group.ts";
import type { GroupLeader } from "./process-group.ts";
import { isAlive, waitFor } from "./process-probes.test-support.ts";

const where = { cwd: tmpdir(), env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } };

function processGroupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // After "pid (comm) " come state, ppid, pgrp.
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
}

async function firstLine(child: GroupLeader): Promise<string> {
  child.stdout.setEncoding("utf8");
  let text = "";
  for await (const chunk of child.stdout) {
    text += chunk as string;
    if (text.includes("\n")) break;
  }
  return text.split("\n")[0] ?? "";
}

describe("spawnGroupLeader", () => {
  it.skipIf(!existsSync("/proc/self/stat"))("starts the child as the leader of a new process group (reads /proc, Linux only)", async () => {
    const child = spawnGroupLeader("sleep", ["30"], where);
    const pid = child.pid as number;
    try {
      expect(processGroupOf(pid)).toBe(pid);
      expect(processGroupOf(process.pid)).not.toBe(pid);
    } finally {
      child.kill("SIGKILL");
      await once(child, "exit");
    }
  });
});

describe("signalGroup", () => {
  it("reaches every process in the group, background jobs included", async () => {
    const child = spawnGroupLeader("bash", ["-c", "sleep 30 & echo $!; wait"], where);
    const grandchild = Number(await firstLine(child));
    expect(isAlive(grandchild)).toBe(true);
    expect(signalGroup(child.pid as number, "SIGTERM")).toBe(true);
    await waitFor(`background sleep ${grandchild} to end`, () => !isAlive(grandchild));
  });

  it("returns false once the group is gone", async () => {
    const child = spawnGroupLeader("true", [], where);
    await once(child, "exit");
    expect(signalGroup(child.pid as number, "SIGTERM")).toBe(false);
  });
});

describe("terminateGroup", () => {
  it("sends SIGKILL after the grace period when SIGTERM is ignored", async () => {
    const child = spawnGroupLeader("bash", ["-c", "trap '' TERM; echo ready; sleep 30"], where);
    await firstLine(child);
    const exited = once(child, "exit");
    terminateGroup(child.pid as number, 100);
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: null, signal: "SIGKILL" });
  });
});
