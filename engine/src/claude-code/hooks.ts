// Claude Code hooks: the `hooks` of settings files (and of an agent file's frontmatter) parsed into
// command hooks by event and tool matcher, and what a hook's run means (its exit code and JSON):
// exit 0 with JSON decides (`hookSpecificOutput.permissionDecision`, `decision: "block"`,
// `continue: false`, `updatedInput`, `additionalContext`), exit 2 blocks with stderr as the reason,
// any other exit is an error that blocks nothing. Only `type: "command"` hooks run in June.
import type { RawHooks, SettingsProblem } from "./settings.ts";

/** The events June runs hooks for (others in a file are kept for nothing, without a warning). */
export type HookEvent = "PreToolUse" | "PostToolUse" | "Stop" | "SubagentStop" | "UserPromptSubmit" | "SessionStart";

const KNOWN_EVENTS = new Set([
  "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied", "Notification",
  "UserPromptSubmit", "Stop", "StopFailure", "SubagentStart", "SubagentStop", "PreCompact", "PostCompact",
  "SessionStart", "SessionEnd", "Setup", "TeammateIdle", "TaskCreated", "TaskCompleted", "ConfigChange",
  "InstructionsLoaded", "WorktreeCreate", "WorktreeRemove", "Elicitation", "ElicitationResult", "CwdChanged", "FileChanged",
]);

/** One command hook, with where it was written. */
export interface CommandHook {
  event: string;
  /** The matcher as written ("" for every tool). */
  matcher: string;
  command: string;
  timeoutSeconds?: number;
  file: string;
  shown: string;
  line: number;
}

/** A parsed hooks configuration: command hooks in file order (local settings first). */
export interface HookConfig {
  hooks: CommandHook[];
}

/**
 * Parses `hooks` values (settings files, then an agent's frontmatter); what can't run is a warning.
 * `stopAsSubagentStop` makes an agent file's `Stop` hooks `SubagentStop` ones, as Claude Code does
 * for a subagent's frontmatter.
 *
 * @example
 * const { config, problems } = parseHooks(settings.hooks);
 * hooksFor(config, "PreToolUse", "Bash"); // the hooks whose matcher takes Bash
 */
export function parseHooks(sources: readonly RawHooks[], options: { stopAsSubagentStop?: boolean } = {}): { config: HookConfig; problems: SettingsProblem[] } {
  const hooks: CommandHook[] = [];
  const problems: SettingsProblem[] = [];
  for (const source of sources) {
    const warn = (path: (string | number)[], message: string) => {
      const line = source.lineOf(path);
      problems.push({ severity: "warning", code: "JUNE_HOOK_INVALID", file: source.file, line, message: `june: ${source.shown}:${line}: ${message}` });
    };
    if (source.value === undefined || source.value === null) continue;
    if (typeof source.value !== "object" || Array.isArray(source.value)) {
      warn([], "`hooks` must be an object of events (PreToolUse, PostToolUse, Stop, …); it is ignored.");
      continue;
    }
    for (const [written, groups] of Object.entries(source.value as Record<string, unknown>)) {
      if (!KNOWN_EVENTS.has(written)) {
        warn([written], `\`${written}\` is not a Claude Code hook event; its hooks are ignored.`);
        continue;
      }
      const event = written === "Stop" && options.stopAsSubagentStop ? "SubagentStop" : written;
      if (!Array.isArray(groups)) {
        warn([written], `\`hooks.${written}\` must be a list of { matcher, hooks: [...] }; it is ignored.`);
        continue;
      }
      groups.forEach((group: unknown, g) => {
        const { matcher = "", hooks: handlers } = (group ?? {}) as { matcher?: unknown; hooks?: unknown };
        if (typeof matcher !== "string" || !Array.isArray(handlers)) {
          warn([written, g], `\`hooks.${written}[${g}]\` needs \`hooks\`: a list, and \`matcher\` (if any): a string; it is ignored.`);
          return;
        }
        if (!validMatcher(matcher)) {
          warn([written, g, "matcher"], `the matcher ${JSON.stringify(matcher)} is not a valid regular expression; its hooks are ignored.`);
          return;
        }
        handlers.forEach((handler: unknown, h) => {
          const { type, command, timeout } = (handler ?? {}) as { type?: unknown; command?: unknown; timeout?: unknown };
          const path = [written, g, "hooks", h];
          if (type !== "command") {
            warn(path, `a \`${String(type)}\` hook doesn't run in June (only \`command\` hooks do); it is skipped.`);
            return;
          }
          if (typeof command !== "string" || command.trim() === "") {
            warn(path, "a command hook needs `command`: the shell command to run; it is skipped.");
            return;
          }
          const timeoutSeconds = typeof timeout === "number" && timeout > 0 ? timeout : undefined;
          hooks.push({ event, matcher, command, ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}), file: source.file, shown: source.shown, line: source.lineOf(path) });
        });
      });
    }
  }
  return { config: { hooks }, problems };
}

/**
 * An agent file's own `hooks` frontmatter value as a hooks source (every entry on the key's line).
 *
 * @example
 * parseHooks([...settings.hooks, frontmatterHooks(definition.hooks, { file: definition.file, line: definition.lines.hooks })]);
 */
export function frontmatterHooks(value: unknown, at: { file: string; line?: number; shown?: string }): RawHooks {
  return { value, file: at.file, shown: at.shown ?? at.file, lineOf: () => at.line ?? 1 };
}

function validMatcher(matcher: string): boolean {
  try {
    new RegExp(matcher);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a hook's matcher takes `toolName`: "" or "*" take every tool, plain names (`Edit|Write`)
 * match exactly, anything else is a regular expression (`Notebook.*`, `mcp__github__.*`).
 *
 * @example
 * matcherTakes("Edit|Write", "Write"); // true
 */
export function matcherTakes(matcher: string, toolName: string): boolean {
  if (matcher === "" || matcher === "*") return true;
  if (/^[A-Za-z0-9_|]+$/.test(matcher)) return matcher.split("|").includes(toolName);
  return new RegExp(matcher).test(toolName);
}

/** The hooks of `event` that apply (for tool events, whose matcher takes `toolName`). */
export function hooksFor(config: HookConfig, event: HookEvent, toolName?: string): CommandHook[] {
  return config.hooks.filter((hook) => hook.event === event && (toolName === undefined || matcherTakes(hook.matcher, toolName)));
}

/** What one hook's run decided. */
export interface HookOutcome {
  /** block: exit 2 or `decision: "block"`; allow/deny/ask: `permissionDecision` (or the older `decision: "approve"`). */
  decision?: "allow" | "deny" | "ask" | "block";
  /** `continue: false`: stop altogether, with its `stopReason` (a tool call is refused; a Stop hook lets the agent end). */
  stopped?: string;
  reason?: string;
  updatedInput?: Record<string, unknown>;
  additionalContext?: string;
  /** An exit other than 0 and 2, a timeout, output that claims JSON but isn't: shown, blocks nothing. */
  error?: string;
}

/**
 * Reads a hook's exit code, stdout and stderr as Claude Code does.
 *
 * @example
 * hookOutcome({ exitCode: 2, stdout: "", stderr: "no pushes on Friday" }); // { decision: "block", reason: "no pushes on Friday" }
 */
export function hookOutcome(result: { exitCode?: number; stdout: string; stderr: string; timedOut?: true; aborted?: true; spawnError?: string }, timeoutSeconds: number): HookOutcome {
  if (result.timedOut) return { error: `timed out after ${timeoutSeconds} s` };
  if (result.aborted) return { error: "stopped: the run was aborted" };
  if (result.spawnError !== undefined) return { error: `could not start: ${result.spawnError}` };
  if (result.exitCode === 2) return { decision: "block", reason: result.stderr.trim() || "(the hook gave no reason on stderr)" };
  if (result.exitCode !== 0) return { error: `exited with ${result.exitCode}${result.stderr.trim() ? `: ${result.stderr.trim()}` : ""}` };
  const text = result.stdout.trim();
  if (!text.startsWith("{")) return {};
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { error: "printed output that starts like JSON but isn't; it was ignored" };
  }
  return jsonOutcome(json);
}

function jsonOutcome(json: Record<string, unknown>): HookOutcome {
  const specific = (typeof json.hookSpecificOutput === "object" && json.hookSpecificOutput !== null ? json.hookSpecificOutput : {}) as Record<string, unknown>;
  const outcome: HookOutcome = {};
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  if (typeof specific.additionalContext === "string") outcome.additionalContext = specific.additionalContext;
  if (typeof specific.updatedInput === "object" && specific.updatedInput !== null && !Array.isArray(specific.updatedInput)) {
    outcome.updatedInput = specific.updatedInput as Record<string, unknown>;
  }
  const permission = specific.permissionDecision;
  if (permission === "allow" || permission === "deny" || permission === "ask") {
    outcome.decision = permission;
    const reason = text(specific.permissionDecisionReason) ?? text(json.reason);
    if (reason !== undefined) outcome.reason = reason;
  } else if (json.decision === "block" || json.decision === "approve") {
    // The older top-level form: approve/block.
    outcome.decision = json.decision === "block" ? "block" : "allow";
    const reason = text(json.reason);
    if (reason !== undefined) outcome.reason = reason;
  }
  if (json.continue === false) outcome.stopped = text(json.stopReason) ?? "the hook said not to continue";
  return outcome;
}
