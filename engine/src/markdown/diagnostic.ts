// What loading a markdown agent reports: errors (the agent can't load) and warnings (it loads,
// but something in the file was ignored), each with the file, the frontmatter key and its line.
import type { JuneErrorCode } from "../errors/index.ts";

/** Codes of warnings: the file still loads. Listed with the error codes in docs/errors.md. */
export type MarkdownWarningCode =
  /** A frontmatter key June doesn't use (permissionMode, color, hooks, …); warned once per key. */
  | "JUNE_UNKNOWN_KEY"
  /** A Claude Code built-in tool June doesn't provide (WebFetch, …); the agent loads without it. */
  | "JUNE_BUILTIN_SKIPPED"
  /** A Claude permission pattern such as `Bash(git diff:*)`, which June can't enforce; not given. */
  | "JUNE_TOOL_PATTERN_SKIPPED"
  /** A `disallowedTools` entry that matches nothing in the agent's own `tools`. */
  | "JUNE_DISALLOWED_UNMATCHED"
  /** An agent name a model provider won't take as a tool name; callers see it sanitised. */
  | "JUNE_AGENT_NAME_NOT_WIRE_SAFE"
  /** A symlink to a directory inside an agents folder; never walked (keeps the walk loop-free). */
  | "JUNE_SYMLINK_DIR_SKIPPED";

export type DiagnosticCode = JuneErrorCode | MarkdownWarningCode;

/** One problem found in an agent file, or in the folder walked. */
export interface Diagnostic {
  severity: "error" | "warning";
  code: DiagnosticCode;
  message: string;
  file: string;
  /** 1-based; for a field, the line of its frontmatter key. */
  line?: number;
  column?: number;
  /** The frontmatter key at fault, when there is one. */
  field?: string;
}

/** Where a diagnostic points: its file, and optionally a field with its line. */
export interface DiagnosticPlace {
  file: string;
  line?: number;
  column?: number;
  field?: string;
}

export function errorAt(place: DiagnosticPlace, code: JuneErrorCode, message: string): Diagnostic {
  return { severity: "error", code, message, ...definedPlace(place) };
}

export function warningAt(place: DiagnosticPlace, code: MarkdownWarningCode, message: string): Diagnostic {
  return { severity: "warning", code, message, ...definedPlace(place) };
}

function definedPlace(place: DiagnosticPlace): DiagnosticPlace {
  const out: DiagnosticPlace = { file: place.file };
  if (place.line !== undefined) out.line = place.line;
  if (place.column !== undefined) out.column = place.column;
  if (place.field !== undefined) out.field = place.field;
  return out;
}

/**
 * True when any diagnostic is an error.
 *
 * @example
 * const { diagnostics } = await loadAgentDefinitions("agents");
 * if (hasErrors(diagnostics)) process.exitCode = 1;
 */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/**
 * One line for a terminal or a log. Messages already say where (`june: file:line: …`); the
 * severity and code follow, so a reader can look the code up in docs/errors.md.
 *
 * @example
 * for (const d of (await loadAgentDefinitions(".claude/agents")).diagnostics) console.warn(formatDiagnostic(d));
 * // june: .claude/agents/triage.md:1: the frontmatter has no `description`; … [error JUNE_AGENT_FIELD_MISSING]
 */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  return `${diagnostic.message} [${diagnostic.severity} ${diagnostic.code}]`;
}

/** `file:line` (or just `file`), for messages. */
export function fileLine(place: DiagnosticPlace): string {
  return place.line === undefined ? place.file : `${place.file}:${place.line}`;
}
