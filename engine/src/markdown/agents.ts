// agents(dir): a folder of markdown agents as callable agents, keyed by name, with every
// diagnostic of the walk, the files and the resolution. One broken file never hides the others.
import type { AgentDefinition } from "./agent-definition.ts";
import { callableAgent, resolveAgent, type MarkdownAgent } from "./callable.ts";
import type { MarkdownContext } from "./context.ts";
import type { Diagnostic } from "./diagnostic.ts";
import { loadAgentDefinitions } from "./load-definitions.ts";

export interface MarkdownAgents {
  /** Every agent that loaded and resolved, by its `name`. */
  agents: Record<string, MarkdownAgent>;
  /** Every agent file that parsed, resolved or not. */
  definitions: AgentDefinition[];
  /** Errors (that agent is absent from `agents`) and warnings, in walk order. */
  diagnostics: Diagnostic[];
}

/**
 * Loads a folder of markdown agents (Claude Code's `.claude/agents/` layout) or one .md file,
 * and makes each a callable agent against `context`. Never throws for a user's mistake: check
 * `diagnostics`.
 *
 * @example
 * import { agents, formatDiagnostic } from "june/markdown";
 * const { agents: team, diagnostics } = await agents(".claude/agents", { registry: { search }, defaultModel: model });
 * diagnostics.forEach((d) => console.warn(formatDiagnostic(d)));
 * const Reviewer = team.reviewer;
 * // <Agent model={model}><Reviewer /><Step id="ship" prompt="Get the change reviewed" /></Agent>
 */
export async function agents(pathOrDir: string, context: MarkdownContext = {}): Promise<MarkdownAgents> {
  const { definitions, diagnostics } = await loadAgentDefinitions(pathOrDir);
  const built: Record<string, MarkdownAgent> = {};
  for (const definition of definitions) {
    const resolved = resolveAgent(definition, context);
    diagnostics.push(...resolved.diagnostics);
    if (resolved.agent) built[definition.name] = callableAgent(resolved.agent);
  }
  return { agents: built, definitions, diagnostics };
}
