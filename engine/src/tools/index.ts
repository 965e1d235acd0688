// Public surface of tools/ (published as june/tools): plain AI SDK tools usable without JSX.
export { bashTool } from "./bash.ts";
export type { BashInput, BashTool, BashToolOptions } from "./bash.ts";
export type { BashResult } from "./run-bash.ts";
export { DEFAULT_BASH_ENV_ALLOWLIST } from "./bash-env.ts";
export { sandboxStatus } from "../sandbox/index.ts";
export type { SandboxSettings, SandboxStatus } from "../sandbox/index.ts";
export { markBuiltin, builtinName } from "./builtin.ts";
export {
  claudeBuiltins,
  CLAUDE_BUILTIN_NAMES,
  CLAUDE_KNOWN_BUILTINS,
  domainAllowed,
  domainOf,
  todoWriteTool,
  webFetchTool,
  webFetchSettingsSchema,
  webSearchTool,
  webSearchSettingsSchema,
  webSearchMissingMessage,
} from "./claude/index.ts";
export type {
  ClaudeBuiltinName,
  ClaudeBuiltins,
  ClaudeBuiltinsOptions,
  ClaudeBashOptions,
  WebFetchOptions,
  WebSearchSettings,
} from "./claude/index.ts";
export { globSource } from "./claude/glob-pattern.ts";
