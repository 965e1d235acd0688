// One runnable thing a project folder holds, as plain data: a workflow file or a markdown agent,
// with what inspect() drew of it. Node-free, so the studio's contract and renderer take this type
// as it is (through loading/browser.ts) instead of copying it.
import type { TraceNode } from "../trace/browser.ts";

export interface ProjectEntry {
  /** `workflow:<path>` or `markdown:<name>`; stable across reloads. */
  id: string;
  kind: "workflow" | "markdown";
  name: string;
  file: string;
  description?: string;
  /** Model ids of the agents in it, as the trace names them. */
  models: string[];
  /** The tools of its top-level agents. */
  tools: string[];
  /** What inspect() drew: agents, their capabilities and steps (tools with approval provenance, source); errors on their nodes. */
  tree?: TraceNode;
}
