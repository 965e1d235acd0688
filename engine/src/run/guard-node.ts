// One check a project's guard made (a hook, a rule, a permission mode) as a finished "guard" node:
// under the tool call it decided on, or under the step whose prompt or end a hook saw.
import type { GuardInput, GuardOutput } from "../trace/index.ts";
import { endNode, startNode, type RunContext } from "./run-context.ts";

/**
 * Records `check` and what it decided under `parentId`.
 *
 * @example
 * recordGuard(ctx, callNodeId, { check: "rule", summary: "denied by .claude/settings.json:7 Bash(rm *)", what: "Bash(rm *)" }, { decision: "deny" });
 */
export function recordGuard(ctx: RunContext, parentId: string, check: GuardInput, outcome: GuardOutput): void {
  const nodeId = startNode(ctx, { parentId, kind: "guard", name: check.summary, input: check });
  endNode(ctx, nodeId, "succeeded", { output: outcome });
}
