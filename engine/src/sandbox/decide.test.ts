// How a tool's commands run: the user's settings against what this machine can do.
import { describe, expect, it } from "vitest";
import { isJuneError } from "../errors/index.ts";
import { approvalUnder, decideSandbox, sandboxRefusal } from "./decide.ts";
import type { SandboxStatus } from "./status.ts";

const available: SandboxStatus = { available: true, kind: "bubblewrap", bwrap: "/usr/bin/bwrap" };
const unavailable: SandboxStatus = { available: false, kind: "none", reason: "bubblewrap is not installed" };

describe("decideSandbox", () => {
  it("sandboxes where bubblewrap works, with the settings resolved for the folder", () => {
    expect(decideSandbox({ network: true }, "/work/app", available)).toEqual({
      kind: "sandboxed",
      bwrap: "/usr/bin/bwrap",
      policy: { network: true, readOnly: [], writable: ["/work/app"], denied: [] },
    });
  });

  it("runs unsandboxed, every command waiting for approval, where there is no sandbox", () => {
    expect(decideSandbox(undefined, "/work/app", unavailable)).toEqual({ kind: "unsandboxed", reason: "bubblewrap is not installed", approvalRequired: true });
  });

  it("refuses where there is no sandbox and allowUnsandboxedCommands is false", () => {
    expect(decideSandbox({ allowUnsandboxedCommands: false }, "/work/app", unavailable)).toEqual({ kind: "refused", reason: "bubblewrap is not installed" });
  });

  it("runs unsandboxed as configured when enabled is false, wherever it runs", () => {
    for (const status of [available, unavailable]) {
      expect(decideSandbox({ enabled: false }, "/work/app", status)).toEqual({ kind: "unsandboxed", reason: "sandbox.enabled is false", approvalRequired: false });
    }
  });
});

describe("approvalUnder", () => {
  it("keeps needsApproval in the sandbox and when the user turned it off", () => {
    expect(approvalUnder(decideSandbox(undefined, "/a", available), false)).toBe(false);
    expect(approvalUnder(decideSandbox({ enabled: false }, "/a", available), false)).toBe(false);
    expect(approvalUnder(decideSandbox(undefined, "/a", available), true)).toBe(true);
  });

  it("makes every call wait where the sandbox was wanted but is unavailable", () => {
    expect(approvalUnder(decideSandbox(undefined, "/a", unavailable), false)).toBe(true);
  });

  it("never asks for a call that is refused anyway", () => {
    expect(approvalUnder(decideSandbox({ allowUnsandboxedCommands: false }, "/a", unavailable), true)).toBe(false);
  });
});

describe("sandboxRefusal", () => {
  it("is a JUNE_SANDBOX_UNAVAILABLE error that names the reason and both ways out", () => {
    const error = sandboxRefusal("bubblewrap is not installed", "bash");
    expect(isJuneError(error) && error.code).toBe("JUNE_SANDBOX_UNAVAILABLE");
    expect(error.message).toContain("bubblewrap is not installed");
    expect(error.message).toContain("install bubblewrap");
    expect(error.message).toContain("sandbox.allowUnsandboxedCommands: true");
  });
});
