// What a project's markdown agents are resolved against (markdown/context.ts): the config's tool
// registry, the Claude Code built-ins June provides on the project folder, the project's MCP
// servers and its models; and the tools an agent gets when its file lists none.
import type { ToolSource } from "../capabilities/index.ts";
import type { AgentDefinition, MarkdownContext } from "../markdown/index.ts";
import { CLAUDE_BUILTIN_NAMES, claudeBuiltins, type ClaudeBuiltinsOptions } from "../tools/index.ts";
import type { JuneConfig } from "./config.ts";
import type { ProjectMcpServer } from "./parts.ts";

export function markdownContext(folder: string, config: JuneConfig | undefined, servers: Record<string, ProjectMcpServer>): MarkdownContext {
  const mcp: Record<string, ToolSource> = {};
  for (const [name, { source }] of Object.entries(servers)) mcp[name] = source;
  return {
    ...(config?.tools ? { registry: config.tools } : {}),
    // The config's sandbox reaches Bash; a workflow's <Bash sandbox={…}> sets its own.
    builtins: {
      ...claudeBuiltins({
        root: folder,
        ...(config?.runs ? { runsFolder: config.runs } : {}),
        ...(config?.sandbox ? { bash: { sandbox: config.sandbox } } : {}),
        ...webFetchOf(config),
        ...(config?.webSearch ? { webSearch: config.webSearch } : {}),
      }),
    },
    mcp,
    ...(config?.model ? { defaultModel: config.model } : {}),
    ...(config?.models ? { resolveModel: config.models } : {}),
    // Warnings are collected as problems at load; at run time they'd only repeat them.
    warn: () => {},
  };
}

/**
 * Claude Code gives an agent without `tools:` every tool the main thread has: in a project, June's
 * Claude built-ins (`builtins`, WebSearch when a provider is set; Write, Edit and Bash still ask
 * for approval) and, run at the top, `Agent` to hand tasks to the others.
 */
export function withDefaultTools(definition: AgentDefinition, builtins: readonly string[] = CLAUDE_BUILTIN_NAMES): AgentDefinition {
  if (definition.tools !== undefined) return definition;
  const names = [...builtins, "Agent"];
  return { ...definition, tools: names.map((name) => ({ kind: "name" as const, raw: name, name })), inheritsTools: true };
}

/** The config's `webFetch`: its limits for the tool, its `needsApproval` as the built-in's approval. */
function webFetchOf(config: JuneConfig | undefined): Pick<ClaudeBuiltinsOptions, "webFetch" | "needsApproval"> {
  if (!config?.webFetch) return {};
  const { needsApproval, ...webFetch } = config.webFetch;
  return { webFetch, ...(needsApproval !== undefined ? { needsApproval: { WebFetch: needsApproval } } : {}) };
}
