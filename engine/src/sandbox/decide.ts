// Whether one tool's commands run sandboxed, unsandboxed, or not at all: the settings (the user's
// choice) against the machine's sandbox status (what is possible here). Decided when the tool is
// made, so its description and approval say the truth before any command runs.
import { JuneError } from "../errors/index.ts";
import type { SandboxPolicy, SandboxSettings } from "./settings.ts";
import { sandboxPolicy } from "./settings.ts";
import type { SandboxStatus } from "./status.ts";
import { sandboxStatus } from "./status.ts";

/** How a tool's commands run. */
export type SandboxDecision =
  | { kind: "sandboxed"; bwrap: string; policy: SandboxPolicy }
  /**
   * On the host. `approvalRequired`: the sandbox was wanted but is unavailable, so every command
   * waits for approval whatever the tool's `needsApproval` says.
   */
  | { kind: "unsandboxed"; reason: string; approvalRequired: boolean }
  /** The sandbox is unavailable and `allowUnsandboxedCommands` is false: every command is refused. */
  | { kind: "refused"; reason: string };

/**
 * Decides how commands working in `root` run under `settings` on this machine.
 *
 * @example
 * const decision = decideSandbox({ network: true }, "/work/app");
 * if (decision.kind !== "sandboxed") console.warn(decision.reason);
 */
export function decideSandbox(settings: SandboxSettings | undefined, root: string, status: SandboxStatus = sandboxStatus(statusOptions(settings))): SandboxDecision {
  if (settings?.enabled === false) return { kind: "unsandboxed", reason: "sandbox.enabled is false", approvalRequired: false };
  if (status.available && status.bwrap) return { kind: "sandboxed", bwrap: status.bwrap, policy: sandboxPolicy(settings, root) };
  const reason = status.reason ?? "no sandbox is available";
  if (settings?.allowUnsandboxedCommands === false) return { kind: "refused", reason };
  return { kind: "unsandboxed", reason, approvalRequired: true };
}

function statusOptions(settings: SandboxSettings | undefined): { bwrap?: string } {
  return settings?.bwrap !== undefined ? { bwrap: settings.bwrap } : {};
}

/**
 * Whether a tool whose commands `decision` decides waits for approval: as `needsApproval` says,
 * except that an unavailable sandbox makes every call wait, and a refused call never asks (it
 * fails anyway).
 *
 * @example
 * tool({ …, needsApproval: approvalUnder(decision, options.needsApproval ?? true) });
 */
export function approvalUnder(decision: SandboxDecision, needsApproval: boolean): boolean {
  if (decision.kind === "refused") return false;
  return needsApproval || (decision.kind === "unsandboxed" && decision.approvalRequired);
}

/**
 * The error a refused command fails with (`JUNE_SANDBOX_UNAVAILABLE`), saying what to do.
 *
 * @example
 * if (decision.kind === "refused") throw sandboxRefusal(decision.reason, "bash");
 */
export function sandboxRefusal(reason: string, what: string): JuneError {
  return new JuneError(
    "JUNE_SANDBOX_UNAVAILABLE",
    `june: ${what} refused the command: no sandbox is available (${reason}), and sandbox.allowUnsandboxedCommands is false. ` +
      "Make the sandbox work (install bubblewrap, allow unprivileged user namespaces) or set sandbox.allowUnsandboxedCommands: true " +
      "to run commands without it, each one waiting for approval.",
  );
}
