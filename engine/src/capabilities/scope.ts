// A resolved scope: the tools an agent's steps are offered, each with where it came from.
import type { Tool as AiTool, ToolSet } from "ai";
import type { CapabilityRecord, ToolInfo } from "../trace/index.ts";
import type { Declaration } from "./declaration.ts";
import type { ToolDenial, ToolSourceInfo } from "./policy.ts";

export interface ResolvedTool {
  /** The name the model sees, after every namespace. */
  name: string;
  tool: AiTool<any, any>;
  /** Absent for a tool from the `tools` prop. */
  declaration?: Declaration;
  record: CapabilityRecord;
  info: ToolInfo;
  /** For a granted tool: the parent's entry it was taken from. */
  grantedFrom?: ResolvedTool;
  /** What the tool policy is told about it. */
  origin: ToolSourceInfo;
}

export interface Scope {
  tools: ToolSet;
  entries: ResolvedTool[];
  /** The spec's capability records; undefined when the agent only uses the `tools` prop. */
  records: CapabilityRecord[] | undefined;
  byName: ReadonlyMap<string, ResolvedTool>;
  /** Tools the tool policy kept from this agent, with why. */
  denied: ToolDenial[];
}

export function makeScope(entries: ResolvedTool[], declared: boolean, denied: ToolDenial[] = []): Scope {
  const tools: ToolSet = {};
  const byName = new Map<string, ResolvedTool>();
  for (const entry of entries) {
    tools[entry.name] = entry.tool as ToolSet[string];
    byName.set(entry.name, entry);
  }
  return { tools, entries, byName, denied, records: declared ? entries.map((e) => e.record) : undefined };
}

export const EMPTY_SCOPE: Scope = makeScope([], false);
