// The tool names Claude Code itself provides. A name on this list that no registry or built-in
// supplies is a known gap (skipped with a warning), not a typo. Used when the context passes no
// `knownBuiltins` of its own, so a bare `agents(dir)` still loads Claude Code files.

export const CLAUDE_CODE_TOOL_NAMES: readonly string[] = Object.freeze([
  "Agent",
  "AskUserQuestion",
  "Bash",
  "BashOutput",
  "Edit",
  "ExitPlanMode",
  "Glob",
  "Grep",
  "KillBash",
  "KillShell",
  "LS",
  "LSP",
  "ListMcpResourcesTool",
  "MultiEdit",
  "NotebookEdit",
  "NotebookRead",
  "Read",
  "ReadMcpResourceTool",
  "Skill",
  "SlashCommand",
  "Task",
  "TodoRead",
  "TodoWrite",
  "WebFetch",
  "WebSearch",
  "Write",
]);
