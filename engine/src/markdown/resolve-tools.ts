// An agent file's `tools:` and `disallowedTools:` → capability elements, against a context: plain
// names from the project's registry, then June's Claude built-ins; Claude built-ins June lacks are
// skipped with a warning; anything else unknown is an error naming the file, field and name.
import type { Tool as AiTool } from "ai";
import { Delegate, Tool, Tools, callableConfig, type ToolSource } from "../capabilities/index.ts";
import type { JuneElement } from "../jsx/index.ts";
import { jsx } from "../jsx/jsx-runtime.ts";
import type { AgentDefinition } from "./agent-definition.ts";
import { webSearchMissingMessage } from "../tools/index.ts";
import { CLAUDE_CODE_TOOL_NAMES } from "./claude-tool-names.ts";
import type { MarkdownContext, MarkdownGuard } from "./context.ts";
import { errorAt, fileLine, warningAt, type Diagnostic, type DiagnosticPlace } from "./diagnostic.ts";
import { guardedSource, selectedSource } from "./mcp-selection.ts";
import { parseToolRef, type ToolRef } from "./tool-ref.ts";

export interface ResolvedTools {
  /** `<Tool name value />` per named tool, `<Tools from />` per MCP server, in the file's order. */
  capabilities: JuneElement[];
  diagnostics: Diagnostic[];
  /** Claude Code built-ins the file names that June doesn't provide (skipped with a warning), in its order. */
  unavailable: string[];
  /** The delegation tool (`Agent`/`Task`) the file names, dropped because the agent runs delegated. */
  undelegated: string[];
  /** The project's permissions and hooks for this agent, already in front of its tools (the context's `guard`). */
  guard?: MarkdownGuard;
}

/** Claude Code's delegation tool, by its current name and the one it had before. */
export const DELEGATION_TOOLS: readonly string[] = ["Agent", "Task"];

interface ServerPick {
  source: ToolSource;
  all: boolean;
  only: Set<string>;
  exclude: Set<string>;
}

/**
 * Resolves one definition's tools. Pure apart from reading the context; never throws for a
 * user's mistake (those are error diagnostics).
 *
 * @example
 * const { capabilities, diagnostics } = resolveAgentTools(definition, { registry: { search }, mcp: { github } });
 * // <Agent>{capabilities}<Step id="main" prompt="…" /></Agent>
 */
export function resolveAgentTools(definition: AgentDefinition, context: MarkdownContext = {}): ResolvedTools {
  const diagnostics: Diagnostic[] = [];
  const place = (field: string): DiagnosticPlace => ({ file: definition.file, field, line: definition.lines[field], column: 1 });
  const named = new Map<string, AiTool<any, any>>();
  const servers = new Map<string, ServerPick>();
  const known = new Set([...Object.keys(context.builtins ?? {}), ...(context.knownBuiltins ?? CLAUDE_CODE_TOOL_NAMES)]);
  const unavailable: string[] = [];
  const undelegated: string[] = [];
  // Delegation tool name → the agents it may run (undefined: every one offered).
  const delegations = new Map<string, Set<string> | undefined>();
  function delegate(name: string, only: string[] | undefined): void {
    if (!context.subagents) {
      if (!undelegated.includes(name)) undelegated.push(name);
      return;
    }
    const earlier = delegations.get(name);
    if (delegations.has(name) && earlier === undefined) return;
    delegations.set(name, only === undefined ? undefined : new Set([...(earlier ?? []), ...only]));
  }

  function server(ref: { raw: string; server: string }, field: string): ServerPick | undefined {
    const existing = servers.get(ref.server);
    if (existing) return existing;
    const source = context.mcp?.[ref.server];
    if (!source) {
      const configured = Object.keys(context.mcp ?? {});
      diagnostics.push(
        errorAt(place(field), "JUNE_UNKNOWN_MCP_SERVER",
          `june: ${fileLine(place(field))}: \`${field}\` entry ${JSON.stringify(ref.raw)} names the MCP server "${ref.server}", ` +
            `which is not configured. ${configured.length ? `Configured servers: ${configured.map((s) => `"${s}"`).join(", ")}.` : "No MCP servers are configured."} ` +
            "Add it to the project's MCP servers, or fix the name."),
      );
      return undefined;
    }
    const pick: ServerPick = { source, all: false, only: new Set(), exclude: new Set() };
    servers.set(ref.server, pick);
    return pick;
  }

  for (const ref of definition.tools ?? []) {
    switch (ref.kind) {
      case "name": {
        const tool = context.registry?.[ref.name] ?? context.builtins?.[ref.name];
        if (tool) named.set(ref.name, tool);
        else if (DELEGATION_TOOLS.includes(ref.name)) delegate(ref.name, undefined);
        else if (known.has(ref.name)) {
          if (!unavailable.includes(ref.name)) unavailable.push(ref.name);
          diagnostics.push(
            warningAt(place("tools"), "JUNE_BUILTIN_SKIPPED",
              ref.name === "WebSearch"
                ? `june: ${fileLine(place("tools"))}: the agent "${definition.name}" runs without WebSearch: ${webSearchMissingMessage().replace(/^june: /, "")}`
                : `june: ${fileLine(place("tools"))}: "${ref.name}" is a Claude Code built-in June doesn't provide; ` +
                    `the agent "${definition.name}" loads without it. Register a tool named "${ref.name}" to give it one.`),
          );
        } else diagnostics.push(unknownTool(definition, place("tools"), ref.name, context));
        break;
      }
      case "pattern":
        // `Agent(reviewer, tester)`: Claude Code's form for the agents it may hand tasks to.
        if (DELEGATION_TOOLS.includes(ref.name) && !context.registry?.[ref.name]) delegate(ref.name, ref.pattern.split(",").map((n) => n.trim()).filter(Boolean));
        else if (known.has(ref.name) || context.registry?.[ref.name]) {
          diagnostics.push(
            warningAt(place("tools"), "JUNE_TOOL_PATTERN_SKIPPED",
              `june: ${fileLine(place("tools"))}: ${JSON.stringify(ref.raw)} is a Claude Code permission rule, which June can't enforce, ` +
                `so the agent "${definition.name}" is not given ${ref.name} at all. List "${ref.name}" to give it without the restriction.`),
          );
        } else diagnostics.push(unknownTool(definition, place("tools"), ref.raw, context));
        break;
      case "mcp-server": {
        const pick = server(ref, "tools");
        if (pick) pick.all = true;
        break;
      }
      case "mcp-tool":
        server(ref, "tools")?.only.add(ref.wireName);
        break;
    }
  }

  for (const raw of definition.disallowedTools ?? []) {
    const parsed = parseToolRef(raw);
    if (!parsed.ok) continue; // parseAgentFile already refused it.
    if (parsed.ref.kind === "name" && delegations.has(parsed.ref.name)) delegations.delete(parsed.ref.name);
    else if (!disallow(parsed.ref, named, servers)) {
      diagnostics.push(
        warningAt(place("disallowedTools"), "JUNE_DISALLOWED_UNMATCHED",
          `june: ${fileLine(place("disallowedTools"))}: ${JSON.stringify(raw)} is not among the tools the agent "${definition.name}" declares, ` +
            "so there is nothing to remove. `disallowedTools` only narrows the agent's own `tools:` list."),
      );
    }
  }

  const guard = context.guard?.(definition, !context.subagents);
  const capabilities: JuneElement[] = [];
  for (const [name, tool] of named) capabilities.push(jsx(Tool, { name, value: guard ? guard.guardTool(name, tool) : tool }));
  for (const [name, only] of delegations) {
    const offered = context.subagents!();
    const agents = only ? offered.filter((agent) => only.has(callableConfig(agent)!.name)) : offered;
    for (const missing of only ?? []) {
      if (agents.some((agent) => callableConfig(agent)!.name === missing)) continue;
      diagnostics.push(
        errorAt(place("tools"), "JUNE_UNKNOWN_AGENT",
          `june: ${fileLine(place("tools"))}: \`tools\` lets the agent "${definition.name}" hand tasks to "${missing}" through ${name}, ` +
            `but the project has no agent of that name. Agents: ${offered.map((a) => `"${callableConfig(a)!.name}"`).join(", ") || "none"}.`),
      );
    }
    // Implied (no `tools:`), it is drawn by the tool's description only: a folder of agents without
    // `tools:` would otherwise draw every agent under every other.
    capabilities.push(
      jsx(Delegate, {
        name,
        agents,
        ...(definition.inheritsTools ? { inspectAgents: false } : {}),
        // Hooks and rules may match Agent itself (a PreToolUse hook on `Agent|Task` is common).
        ...(guard ? { wrap: (made: AiTool<any, any>) => guard.guardTool(name, made) } : {}),
      }),
    );
  }
  for (const [name, pick] of servers) {
    if (!pick.all && pick.only.size === 0) continue;
    const source = selectedSource({ server: name, source: pick.source, ...(pick.all ? {} : { only: pick.only }), exclude: pick.exclude });
    capabilities.push(jsx(Tools, { from: guard ? guardedSource(source, guard, definition.name) : source }));
  }
  // An agent that never asked for Agent (its tools are implied) isn't told it can't have it.
  return { capabilities, diagnostics, unavailable, undelegated: definition.inheritsTools ? [] : undelegated, ...(guard ? { guard } : {}) };
}

/** Removes what `ref` names from the agent's own list; false when it named nothing there. */
function disallow(ref: ToolRef, named: Map<string, AiTool<any, any>>, servers: Map<string, ServerPick>): boolean {
  switch (ref.kind) {
    case "name":
      return named.delete(ref.name);
    case "pattern":
      return false;
    case "mcp-server":
      return servers.delete(ref.server);
    case "mcp-tool": {
      const pick = servers.get(ref.server);
      if (!pick) return false;
      if (pick.only.delete(ref.wireName) && !pick.all) return true;
      if (!pick.all) return false;
      pick.exclude.add(ref.wireName);
      return true;
    }
  }
}

function unknownTool(definition: AgentDefinition, place: DiagnosticPlace, name: string, context: MarkdownContext): Diagnostic {
  const available = [...Object.keys(context.registry ?? {}), ...Object.keys(context.builtins ?? {})];
  const near = available.find((a) => a.toLowerCase() === name.toLowerCase());
  return errorAt(place, "JUNE_UNKNOWN_TOOL",
    `june: ${fileLine(place)}: \`tools\` names "${name}", which is neither a project tool nor a Claude Code built-in, ` +
      `so the agent "${definition.name}" can't load.${near ? ` Did you mean "${near}"?` : ""} ` +
      `${available.length ? `Available: ${available.map((a) => `"${a}"`).join(", ")}.` : "No tools are registered."} ` +
      "Fix the name, or register the tool.");
}
