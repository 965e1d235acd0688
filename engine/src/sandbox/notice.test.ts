// The sandbox line of a tool description, written and read back by the same module.
import { describe, expect, it } from "vitest";
import { describeSandbox, sandboxNotice } from "./notice.ts";

describe("describeSandbox / sandboxNotice", () => {
  it("says a tool runs without a sandbox, and why, and reads it back from a whole description", () => {
    const line = describeSandbox({ kind: "unsandboxed", reason: "bubblewrap is not installed", approvalRequired: true });
    expect(line).toBe("Runs without a sandbox: bubblewrap is not installed.");
    expect(sandboxNotice(`Run a bash command.\n${line}`)).toEqual({ state: "unsandboxed", reason: "bubblewrap is not installed" });
  });

  it("says a tool refuses every command, and reads that back", () => {
    const line = describeSandbox({ kind: "refused", reason: "this is darwin (no bubblewrap)" });
    expect(sandboxNotice(`Run a bash command.\n${line}`)).toEqual({ state: "refused", reason: "this is darwin (no bubblewrap)" });
  });

  it("tells the model what the sandbox allows, and reads back nothing for it", () => {
    const line = describeSandbox({ kind: "sandboxed", bwrap: "/usr/bin/bwrap", policy: { network: false, readOnly: ["/home/me/secret-name"], writable: ["/work/app"], denied: [] } });
    expect(line).toContain("have no network");
    // Descriptions reach traces: no path is named.
    expect(line).not.toContain("/work/app");
    expect(line).not.toContain("secret-name");
    expect(sandboxNotice(line)).toBeUndefined();
  });

  it("reads nothing from a tool that says nothing about a sandbox", () => {
    expect(sandboxNotice("Read a file.")).toBeUndefined();
    expect(sandboxNotice(undefined)).toBeUndefined();
  });
});
