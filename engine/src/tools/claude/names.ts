// The Claude Code built-in tool names June knows: the ones it provides for real, and every other
// one Claude Code has, so a markdown agent listing e.g. `NotebookRead` is skipped with a warning
// instead of failing to load. (`Agent`/`Task`, delegation, is provided by markdown/, not as a tool.)

/** The Claude Code built-ins June provides as tools, by their Claude Code names. */
export const CLAUDE_BUILTIN_NAMES = Object.freeze(["Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "LS", "Bash", "NotebookEdit", "TodoWrite", "WebFetch"] as const);

/** One of {@link CLAUDE_BUILTIN_NAMES}. */
export type ClaudeBuiltinName = (typeof CLAUDE_BUILTIN_NAMES)[number];

/**
 * Claude Code built-in tool names June does NOT provide, current and retired (`Task` became
 * `Agent`, `KillBash` became `KillShell`, `LS`/`MultiEdit`/`NotebookRead`/`TodoRead` were
 * removed), so agents written for any Claude Code version load. A markdown agent's `tools:`
 * entry naming one of these is skipped with a warning.
 *
 * @example
 * CLAUDE_KNOWN_BUILTINS.includes("WebFetch"); // true
 * CLAUDE_KNOWN_BUILTINS.includes("Read"); // false: June provides it
 */
export const CLAUDE_KNOWN_BUILTINS: readonly string[] = Object.freeze([
  "Agent",
  "Artifact",
  "AskUserQuestion",
  "BashOutput",
  "Config",
  "CronCreate",
  "CronDelete",
  "CronList",
  "EnterPlanMode",
  "EnterWorktree",
  "ExitPlanMode",
  "ExitWorktree",
  "KillBash",
  "KillShell",
  "LSP",
  "ListMcpResourcesTool",
  "Monitor",
  "NotebookRead",
  "PowerShell",
  "ReadMcpResourceTool",
  "SendMessage",
  "Skill",
  "SlashCommand",
  "Task",
  "TaskCreate",
  "TaskGet",
  "TaskList",
  "TaskOutput",
  "TaskStop",
  "TaskUpdate",
  "TeamCreate",
  "TeamDelete",
  "Teammate",
  "TodoRead",
  "ToolSearch",
  "WebSearch",
]);

/** True when `name` is one of the built-ins June provides. */
export function isClaudeBuiltinName(name: string): name is ClaudeBuiltinName {
  return (CLAUDE_BUILTIN_NAMES as readonly string[]).includes(name);
}
