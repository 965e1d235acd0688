// Public surface of tools/claude/: Claude Code's built-in tools, and the names June knows.
export { claudeBuiltins, DEFAULT_NEEDS_APPROVAL } from "./claude-builtins.ts";
export type { ClaudeBuiltins, ClaudeBuiltinsOptions } from "./claude-builtins.ts";
export { CLAUDE_BUILTIN_NAMES, CLAUDE_KNOWN_BUILTINS, isClaudeBuiltinName } from "./names.ts";
export type { ClaudeBuiltinName } from "./names.ts";
export type { ClaudeBashInput, ClaudeBashOptions, ClaudeBashTool } from "./bash.ts";
export type { EditInput, EditTool } from "./edit.ts";
export type { GlobInput, GlobTool } from "./glob.ts";
export type { LsInput, LsTool } from "./ls.ts";
export type { MultiEditInput, MultiEditTool } from "./multi-edit.ts";
export type { NotebookEditInput, NotebookEditTool } from "./notebook-edit.ts";
export type { TodoWriteInput, TodoWriteItem, TodoWriteTool } from "./todo-write.ts";
export type { GrepInput, GrepTool } from "./grep.ts";
export type { ReadInput, ReadTool } from "./read.ts";
export type { WriteInput, WriteTool } from "./write.ts";
