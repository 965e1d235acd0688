// The one line a program-running tool's description carries about its sandbox: what the model may
// expect, and, read back from the description, what the studio shows (a Problem, a line on the
// approval card). One place writes the line and reads it, so the two cannot drift.
import type { SandboxDecision } from "./decide.ts";

const UNSANDBOXED = "Runs without a sandbox: ";
const REFUSED = "Runs nothing: no sandbox is available (";
const REFUSED_END = ") and sandbox.allowUnsandboxedCommands is false.";

/** What a tool's description says about running without a sandbox. */
export interface SandboxNotice {
  /** `unsandboxed`: commands run on the host; `refused`: every command fails. */
  state: "unsandboxed" | "refused";
  reason: string;
}

/**
 * The description line for a tool whose commands are decided by `decision`. Paths are never
 * named: descriptions reach traces.
 *
 * @example
 * describeSandbox({ kind: "unsandboxed", reason: "sandbox.enabled is false", approvalRequired: false });
 * // "Runs without a sandbox: sandbox.enabled is false."
 */
export function describeSandbox(decision: SandboxDecision): string {
  switch (decision.kind) {
    case "sandboxed":
      return (
        "Commands run in a sandbox: besides the system (read-only) they see only the folder they run in and the paths " +
        "the configuration allows (not the home folder), and change files only there and in /tmp (private to each call " +
        `and emptied after it); they ${decision.policy.network ? "have the network" : "have no network"}; and every process ` +
        "a command starts ends when the call does."
      );
    case "unsandboxed":
      return `${UNSANDBOXED}${decision.reason}.`;
    case "refused":
      return `${REFUSED}${decision.reason}${REFUSED_END}`;
  }
}

/**
 * Reads {@link describeSandbox}'s line back from a tool description; undefined when the tool
 * runs sandboxed or says nothing about a sandbox (it runs no programs).
 *
 * @example
 * sandboxNotice(tool.description); // { state: "unsandboxed", reason: "sandbox.enabled is false" }
 */
export function sandboxNotice(description: string | undefined): SandboxNotice | undefined {
  for (const line of description?.split("\n") ?? []) {
    if (line.startsWith(UNSANDBOXED) && line.endsWith(".")) return { state: "unsandboxed", reason: line.slice(UNSANDBOXED.length, -1) };
    if (line.startsWith(REFUSED) && line.endsWith(REFUSED_END)) return { state: "refused", reason: line.slice(REFUSED.length, -REFUSED_END.length) };
  }
  return undefined;
}
