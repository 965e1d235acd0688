// What a project's markdown agents run against at the top, beyond the project's tools and models:
// the project's other agents, to hand tasks to through Claude Code's `Agent` tool (each resolved as
// a delegated agent, with its own blocks), and the project's Claude Code permissions and hooks
// (.claude/settings.json, settings.local.json, an agent file's own `hooks` and `permissionMode`) in
// front of every agent's tools. Read once per load of the agents.
import { join } from "node:path";
import type { Blocks } from "../blocks/index.ts";
import { claudeGuard, loadClaudeSettings, frontmatterHooks, type ClaudeGuard, type ClaudeSettings } from "../claude-code/index.ts";
import { GENERAL_PURPOSE, subagentsReader, type AgentDefinition, type MarkdownContext } from "../markdown/index.ts";
import { markdownBlocks, type MarkdownProject } from "./markdown-blocks.ts";
import type { ProjectParts } from "./parts.ts";
import type { Problem } from "./problem.ts";

export interface ProjectAgentsContext {
  /** The context a top-level agent resolves against: `subagents` and `guard` set. */
  context: MarkdownContext;
  /** What is wrong with one agent's own permissions and hooks (its file's `hooks`, a refused mode). */
  agentProblems(definition: AgentDefinition): Problem[];
}

/**
 * The top-level context for the project's `agents` (as found, with their blocks); the settings'
 * own problems are added to `problems` once.
 *
 * @example
 * const top = await projectAgentsContext(parts, project, found, problems);
 * markdownWorkflow(definition, top.context, prompt); // its Agent tool offers the others; its tools honour settings.json
 */
export async function projectAgentsContext(
  parts: Pick<ProjectParts, "folder" | "context" | "options" | "config">,
  project: MarkdownProject,
  agents: readonly { definition: AgentDefinition; blocks: Blocks | undefined }[],
  problems: Problem[],
): Promise<ProjectAgentsContext> {
  const root = parts.folder;
  const settings = await loadClaudeSettings(root);
  const allowBypassPermissions = parts.options.allowBypassPermissions === true;
  const base = claudeGuard({ root, settings, allowBypassPermissions });
  const settingsProblems = new Set(base.problems.map((p) => p.message));
  problems.push(...base.problems.map(asProblem));

  // One guard per agent and role, made on first use: the load's resolution, its inspect and every
  // run would each parse the rules and hooks again.
  const guards = new Map<AgentDefinition, Partial<Record<"top" | "delegated", ClaudeGuard>>>();
  const guardOf = (definition: AgentDefinition, delegated: boolean): ClaudeGuard => {
    const mine = guards.get(definition) ?? {};
    guards.set(definition, mine);
    return (mine[delegated ? "delegated" : "top"] ??= guardFor(root, settings, definition, delegated, allowBypassPermissions));
  };
  const withGuard: MarkdownContext = needsGuard(settings, agents) ? { ...parts.context, guard: guardOf } : parts.context;
  // The general-purpose agent has what an agent without `tools:` has, and the project's shared blocks.
  const generalTools = Object.keys(parts.context.builtins ?? {});
  const common = (await markdownBlocks(sharedBlocksOnly(root), parts.config?.blocks as Blocks | undefined, `markdown:${GENERAL_PURPOSE}`, project)).blocks;
  const offered = agents.map(({ definition, blocks }) => ({ definition, ...(blocks ? { blocks } : {}) }));
  const context: MarkdownContext = { ...withGuard, subagents: subagentsReader(() => offered, withGuard, generalTools, common) };
  return {
    context,
    agentProblems(definition) {
      if (!withGuard.guard) return [];
      return guardOf(definition, false).problems.filter((p) => !settingsProblems.has(p.message)).map(asProblem);
    },
  };
}

function guardFor(root: string, settings: ClaudeSettings, definition: AgentDefinition, delegated: boolean, allowBypassPermissions: boolean) {
  const line = definition.lines.hooks;
  return claudeGuard({
    root,
    settings,
    subagent: delegated,
    allowBypassPermissions,
    ...(definition.hooks !== undefined ? { hooks: [frontmatterHooks(definition.hooks, { file: definition.file, ...(line !== undefined ? { line } : {}), shown: definition.file })] } : {}),
    ...(definition.permissionMode !== undefined
      ? { permissionMode: definition.permissionMode, permissionModeSource: { file: definition.file, ...(definition.lines.permissionMode !== undefined ? { line: definition.lines.permissionMode } : {}) } }
      : {}),
  });
}

/** A project without settings files and agents without hooks or modes: the tools are given as they are. */
function needsGuard(settings: ClaudeSettings, agents: readonly { definition: AgentDefinition }[]): boolean {
  return settings.files.length > 0 || agents.some(({ definition }) => definition.hooks !== undefined || definition.permissionMode !== undefined);
}

/** A definition with nothing of its own, for the blocks every agent shares (CLAUDE.md, the config's). */
function sharedBlocksOnly(root: string): AgentDefinition {
  return { name: GENERAL_PURPOSE, toolName: GENERAL_PURPOSE, description: "", file: join(root, `${GENERAL_PURPOSE}.md`), instructions: "", maxTurns: 1, lines: {} };
}

function asProblem(p: { severity: "error" | "warning"; code: string; message: string; file: string; line?: number }): Problem {
  return { severity: p.severity, code: p.code, message: p.message, file: p.file, ...(p.line !== undefined ? { line: p.line } : {}) };
}
