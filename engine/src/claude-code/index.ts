// Public surface of claude-code/: a Claude Code project's own files read as June uses them.
export { CLAUDE_MD_BLOCK, claudeMdBlocks, DEFAULT_MEMORY_CHARS, MAX_IMPORT_HOPS, MEMORY_FILES, readProjectMemory } from "./claude-md.ts";
export type { ClaudeMdWarningCode, MemoryProblem, ProjectMemory, ProjectMemoryOptions } from "./claude-md.ts";
export { findImports } from "./claude-md-imports.ts";
export type { MemoryImport } from "./claude-md-imports.ts";
export { loadClaudeSettings } from "./settings.ts";
export type { ClaudeSettings, LoadSettingsOptions, RawHooks, RuleEntry, SettingsProblem, SettingsScope } from "./settings.ts";
export { decide, parseRules } from "./permission-rules.ts";
export type { PermissionRule, RuleDecision } from "./permission-rules.ts";
export { frontmatterHooks, hooksFor, parseHooks } from "./hooks.ts";
export type { CommandHook, HookConfig, HookEvent } from "./hooks.ts";
export { DEFAULT_HOOK_TIMEOUT_SECONDS, runHookCommand } from "./hook-runner.ts";
export { claudeGuard } from "./guard.ts";
export type { ClaudeGuard, ClaudeGuardOptions, PermissionMode } from "./guard.ts";
export { PERMISSION_MODES, permissionModeOf } from "./guard-mode.ts";
export type { PermissionModeName } from "./guard-mode.ts";
