// Approval: <RequireApproval> only ever adds the requirement, and the studio shows why a tool
// waits (its own needsApproval, a wrapper, what a grant carried from the parent, or the Claude
// Code settings a guard applies to it).
import type { Tool as AiTool } from "ai";
import type { ApprovalMode } from "../trace/index.ts";

export function approvalMode(tool: AiTool<any, any>): ApprovalMode {
  const needs = (tool as { needsApproval?: unknown }).needsApproval;
  if (needs === true) return "always";
  if (typeof needs === "function") return "per-call";
  return "never";
}

/** A new tool that always waits for approval; the original is never altered. */
export function requireApproval<T extends AiTool<any, any>>(tool: T): T {
  return { ...tool, needsApproval: true };
}

const GUARD_REASONS = Symbol.for("june.guard-reasons");

/**
 * Marks a tool made by a guard (claude-code/guard.ts) with why its calls may wait or be refused,
 * so the inspector lists those instead of "its own needsApproval function decides per call".
 *
 * @example
 * withApprovalReasons(guarded, ["ask: .claude/settings.json:6 Bash(git push *)", "PreToolUse hook ./check.sh"]);
 */
export function withApprovalReasons<T extends AiTool<any, any>>(tool: T, reasons: readonly string[]): T {
  Object.defineProperty(tool, GUARD_REASONS, { value: Object.freeze([...reasons]), enumerable: false, configurable: true });
  return tool;
}

/** The reasons a guard gave a tool (withApprovalReasons), if it did. */
export function approvalReasonsOf(tool: AiTool<any, any>): readonly string[] | undefined {
  return (tool as { [GUARD_REASONS]?: readonly string[] })[GUARD_REASONS];
}

export function ownApprovalReason(tool: AiTool<any, any>, isBash: boolean): string | undefined {
  const guarded = approvalReasonsOf(tool);
  if (guarded) return guarded.length > 0 ? guarded.join("; ") : undefined;
  switch (approvalMode(tool)) {
    case "always":
      return isBash ? "<Bash> needs approval unless needsApproval={false}" : "its own needsApproval: true";
    case "per-call":
      return "its own needsApproval function decides per call";
    case "never":
      return undefined;
  }
}
