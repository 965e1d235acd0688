// Public surface of markdown/ (`june/markdown`): agents written as markdown files in Claude
// Code's convention — reading them as plain data, resolving their tools and models against a
// context, and running them as callable agents or workflows of their own.
export { agents } from "./agents.ts";
export type { MarkdownAgents } from "./agents.ts";
export { loadAgentDefinitions } from "./load-definitions.ts";
export type { LoadedDefinitions } from "./load-definitions.ts";
export { parseAgentFile } from "./agent-definition.ts";
export type { AgentDefinition, ParsedAgentFile } from "./agent-definition.ts";
export { DEFAULT_MAX_TURNS, REASONING_LEVELS } from "./agent-fields.ts";
export type { ReasoningLevel } from "./agent-fields.ts";
export { readFrontmatter } from "../frontmatter/index.ts";
export type { Frontmatter, FrontmatterResult } from "../frontmatter/index.ts";
export { MODEL_ALIASES, INHERIT, modelReference } from "./model-alias.ts";
export { parseToolRef, WIRE_NAME } from "./tool-ref.ts";
export type { ToolRef } from "./tool-ref.ts";
export { findAgentFiles, BUNDLE_FILE } from "./walk.ts";
export type { AgentFile, FoundAgentFiles } from "./walk.ts";
export { resolveAgentTools } from "./resolve-tools.ts";
export type { ResolvedTools } from "./resolve-tools.ts";
export { resolveModelRef, MODEL_PROVIDERS } from "./resolve-model.ts";
export { resolveAgent, toCallableAgent, markdownWorkflow, callableAgent } from "./callable.ts";
export type { AgentChoice, MarkdownAgent, ResolvedMarkdownAgent } from "./callable.ts";
export { delegatedAgents, subagentsReader, GENERAL_PURPOSE } from "./subagents.ts";
export type { SubagentSource } from "./subagents.ts";
export { DELEGATION_TOOLS } from "./resolve-tools.ts";
export { CLAUDE_CODE_TOOL_NAMES } from "./claude-tool-names.ts";
export { formatDiagnostic, hasErrors } from "./diagnostic.ts";
export type { Diagnostic, DiagnosticCode, MarkdownWarningCode } from "./diagnostic.ts";
export type { MarkdownContext, MarkdownGuard } from "./context.ts";
