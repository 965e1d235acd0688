// The agents a markdown agent run at the top can hand tasks to through Claude Code's `Agent` tool:
// every other agent of the folder or project, each resolved as a delegated agent (one that can't
// delegate further, as in Claude Code), and a general-purpose one unless the folder has its own.
import type { DelegateAgent } from "../capabilities/index.ts";
import type { AgentDefinition } from "./agent-definition.ts";
import { callableAgent, resolveAgent } from "./callable.ts";
import type { MarkdownContext } from "./context.ts";
import { hasErrors } from "./diagnostic.ts";

/** Claude Code's built-in agent for tasks no other agent fits; a folder's own agent of this name replaces it. */
export const GENERAL_PURPOSE = "general-purpose";

const GENERAL_PURPOSE_DESCRIPTION =
  "A general agent for open-ended research and multi-step tasks: searching the code, reading files, running commands, " +
  "making changes. Use it when no other agent fits, or to keep a long search out of your own context.";

const GENERAL_PURPOSE_INSTRUCTIONS =
  "You are an agent another agent handed a task to. Do the task completely with the tools you have, then answer in your " +
  "final message with what you found or did, concisely: that message is all the other agent will see.";

/** An agent to offer: its definition, and the blocks it runs with (a project's CLAUDE.md, its skills). */
export interface SubagentSource {
  definition: AgentDefinition;
  blocks?: Record<string, unknown>;
}

/**
 * The delegated agents of `definitions` against `context` (its `subagents` ignored: these can't
 * delegate), in the order given; a definition that doesn't resolve is left out (its own entry says
 * why). `generalTools` are the tools of the general-purpose agent, added unless a definition takes
 * its name; pass none to leave it out. `blocks` (by agent name) go with each, and the project's
 * `commonBlocks` with the general-purpose one.
 *
 * @example
 * const { definitions } = await loadAgentDefinitions(".claude/agents");
 * const context = { builtins, defaultModel };
 * const top = { ...context, subagents: () => delegatedAgents(definitions, context, ["Read", "Grep", "Glob"]) };
 * markdownWorkflow(definitions[0], top, "Review the change"); // its Agent tool offers the others
 */
export function delegatedAgents(
  sources: readonly (AgentDefinition | SubagentSource)[],
  context: MarkdownContext,
  generalTools?: readonly string[],
  commonBlocks?: Record<string, unknown>,
): DelegateAgent[] {
  const delegated: MarkdownContext = { ...context, warn: () => {} };
  delete delegated.subagents;
  const agents: DelegateAgent[] = [];
  const all = sources.map((s) => ("definition" in s ? s : { definition: s }));
  for (const { definition, blocks } of all) {
    const { agent, diagnostics } = resolveAgent(definition, delegated);
    if (agent && !hasErrors(diagnostics)) agents.push(callableAgent(agent, blocks));
  }
  if (generalTools && !all.some((s) => s.definition.name === GENERAL_PURPOSE)) {
    const { agent } = resolveAgent(generalPurpose(generalTools), delegated);
    if (agent) agents.push(callableAgent(agent, commonBlocks));
  }
  return agents;
}

function generalPurpose(tools: readonly string[]): AgentDefinition {
  return {
    name: GENERAL_PURPOSE,
    toolName: GENERAL_PURPOSE,
    description: GENERAL_PURPOSE_DESCRIPTION,
    file: "(June's general-purpose agent)",
    instructions: GENERAL_PURPOSE_INSTRUCTIONS,
    maxTurns: 50,
    tools: tools.map((name) => ({ kind: "name" as const, raw: name, name })),
    lines: {},
  };
}

/**
 * A `subagents` reader for a context: {@link delegatedAgents} of whatever `definitions()` gives,
 * made on first use and again only when it gives another list (a project reloaded its agents).
 *
 * @example
 * context.subagents = subagentsReader(() => project.definitions, context, ["Read", "Grep", "Glob", "Bash"]);
 */
export function subagentsReader(
  definitions: () => readonly (AgentDefinition | SubagentSource)[],
  context: MarkdownContext,
  generalTools?: readonly string[],
  commonBlocks?: Record<string, unknown>,
): () => DelegateAgent[] {
  let made: { from: readonly (AgentDefinition | SubagentSource)[]; agents: DelegateAgent[] } | undefined;
  return () => {
    const from = definitions();
    if (made?.from !== from) made = { from, agents: delegatedAgents(from, context, generalTools, commonBlocks) };
    return made.agents;
  };
}
