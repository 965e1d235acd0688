// Public surface of claude-code/: a Claude Code project's own files read as June uses them (what
// the floors above use; the rest stays inside the folder).
export { claudeMdBlocks, readProjectMemory } from "./claude-md.ts";
export type { ClaudeMdWarningCode, MemoryProblem, ProjectMemory, ProjectMemoryOptions } from "./claude-md.ts";
export type { MemoryImport } from "./claude-md-imports.ts";
export { loadClaudeSettings } from "./settings.ts";
export type { ClaudeSettings, LoadSettingsOptions, RawHooks, RuleEntry, SettingsProblem, SettingsScope } from "./settings.ts";
export { decide } from "./permission-rules.ts";
export type { PermissionRule, RuleDecision } from "./permission-rules.ts";
export { frontmatterHooks } from "./hooks.ts";
export type { CommandHook, HookConfig, HookEvent } from "./hooks.ts";
export { claudeGuard } from "./guard.ts";
export type { ClaudeGuard, ClaudeGuardOptions, PermissionMode } from "./guard.ts";
export { PERMISSION_MODES, permissionModeOf } from "./guard-mode.ts";
export type { PermissionModeName } from "./guard-mode.ts";
