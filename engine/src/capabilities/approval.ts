// Approval: <RequireApproval> only ever adds the requirement, and the studio shows why a tool
// waits (its own needsApproval, a wrapper, or what a grant carried from the parent).
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

export function ownApprovalReason(tool: AiTool<any, any>, isBash: boolean): string | undefined {
  switch (approvalMode(tool)) {
    case "always":
      return isBash ? "<Bash> needs approval unless needsApproval={false}" : "its own needsApproval: true";
    case "per-call":
      return "its own needsApproval function decides per call";
    case "never":
      return undefined;
  }
}
