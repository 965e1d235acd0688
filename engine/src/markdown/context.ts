// What a markdown agent is resolved against: the project's tools, the Claude built-ins June
// provides, the MCP servers configured, and how model references become models. The project
// loader fills it in; a test passes real stand-ins (a scripted model, a toolSource).
import type { LanguageModel, Tool as AiTool } from "ai";
import type { DelegateAgent, StepStartHook, StepStopHook, ToolSource } from "../capabilities/index.ts";
import type { AgentDefinition } from "./agent-definition.ts";
import type { Diagnostic } from "./diagnostic.ts";

export interface MarkdownContext {
  /** The project's tools by name; a plain name in `tools:` resolves here first. */
  registry?: Record<string, AiTool<any, any>>;
  /** Claude Code built-ins June provides (Read, Edit, Bash, TodoWrite, …), by name; looked up second. */
  builtins?: Record<string, AiTool<any, any>>;
  /**
   * Claude Code built-in names June does not provide (WebFetch, …): listed in `tools:` they are
   * skipped with a warning, not an error. Defaults to every Claude Code tool name June knows of.
   */
  knownBuiltins?: readonly string[];
  /**
   * The agents an agent run at the top may hand tasks to through Claude Code's `Agent` (or `Task`)
   * tool, read when the agent is resolved. Unset, the agent runs as a delegated one, which in
   * Claude Code can't delegate further: `Agent`/`Task` in its file are dropped and it is told so.
   */
  subagents?: () => readonly DelegateAgent[];
  /**
   * What stands in front of an agent's tools: a Claude Code project's permission rules and hooks
   * (claude-code/guard.ts), for this agent's file (its own `hooks` and `permissionMode`), run at
   * the top or delegated. Unset, the tools are given as they are.
   */
  guard?: (definition: AgentDefinition, delegated: boolean) => MarkdownGuard | undefined;
  /** MCP servers by client name; `MCP(name)` and `mcp__name__tool` resolve here. */
  mcp?: Record<string, ToolSource>;
  /** Turns a `provider:model` reference into a model; default: `anthropic:` and `openai:`. */
  resolveModel?: (ref: string) => LanguageModel;
  /** The model of an agent whose file sets none (or `inherit`); unset, the run's default applies. */
  defaultModel?: LanguageModel;
  /** Where `toCallableAgent`/`markdownWorkflow` report warnings; default console.warn. */
  warn?: (diagnostic: Diagnostic) => void;
}

/** Permissions and hooks for one agent's tools (what claude-code's `claudeGuard` makes). */
export interface MarkdownGuard {
  /** A new tool with the checks in front of `tool`. */
  guardTool<T extends AiTool<any, any>>(toolName: string, tool: T): T;
  /** The agent's step-stop hook (Claude Code's Stop, or SubagentStop when delegated); undefined when there are none. */
  stopHook(event: "Stop" | "SubagentStop"): StepStopHook | undefined;
  /** The step-start hook of an agent run at the top (Claude Code's SessionStart and UserPromptSubmit); undefined when there are none. */
  startHook(): StepStartHook | undefined;
}
