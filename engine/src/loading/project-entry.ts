// One runnable thing a project folder holds, as plain data: a workflow file or a markdown agent,
// with what inspect() drew of it. Node-free, so the studio's contract and renderer take this type
// as it is (through loading/browser.ts) instead of copying it.
import type { TraceNode } from "../trace/browser.ts";

export interface ProjectEntry {
  /** `workflow:<path>` or `markdown:<name>` (a plugin's agent: `markdown:<plugin>:<agent>`); stable across reloads. */
  id: string;
  kind: "workflow" | "markdown";
  /** A plugin's agent is named as Claude Code names it: `<plugin>:<agent>`. */
  name: string;
  /** The Claude Code plugin a markdown agent comes from (the studio groups by it). */
  plugin?: string;
  /** `user`: a markdown agent from the user's own `~/.claude/agents/` (opted in with `--user-agents`), not the project's. */
  scope?: "user";
  file: string;
  description?: string;
  /** Model ids of the agents in it, as the trace names them. */
  models: string[];
  /** The tools of its top-level agents. */
  tools: string[];
  /** What inspect() drew: agents, their capabilities and steps (tools with approval provenance, source); errors on their nodes. */
  tree?: TraceNode;
}
