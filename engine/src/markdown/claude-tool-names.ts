// The tool names Claude Code itself provides, current and retired: those June provides and every
// other one (tools/claude/names.ts is the one list of them). A name on this list that no registry
// or built-in supplies is a known gap (skipped with a warning), not a typo. Used when the context
// passes no `knownBuiltins` of its own, so a bare `agents(dir)`, and a project, load any Claude
// Code agent file.
import { CLAUDE_BUILTIN_NAMES, CLAUDE_KNOWN_BUILTINS } from "../tools/index.ts";

export const CLAUDE_CODE_TOOL_NAMES: readonly string[] = Object.freeze([...CLAUDE_BUILTIN_NAMES, ...CLAUDE_KNOWN_BUILTINS].sort());
