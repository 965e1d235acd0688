// Claude Code's permission rules (`permissions.allow` / `ask` / `deny` of settings.json) parsed
// and applied to one tool call. Precedence is Claude Code's: any matching deny rule wins, then
// ask, then allow, whichever file each came from (a file's order only picks which rule is named).
// A rule is `Tool` (every call), `Tool(specifier)`, `mcp__server` / `mcp__server__*` (a server's
// tools) or `mcp__server__tool`. Specifiers: Bash commands (permission-rules-bash.ts), file paths
// for the file tools (permission-rules-paths.ts), `domain:host` for WebFetch.
import { domainAllowed, domainOf } from "../tools/index.ts";
import type { RuleEntry, SettingsProblem } from "./settings.ts";
import { bashPatternMatches, hasSubstitution, splitCommand, withoutAssignments } from "./permission-rules-bash.ts";
import { absoluteToolPath, compilePathRule, type PathBase, type PathMatcher } from "./permission-rules-paths.ts";

/** A rule ready to match: what it names and where it was written. */
export interface PermissionRule {
  entry: RuleEntry;
  tool: string;
  specifier?: string;
  /** For file-tool rules: the compiled path pattern. */
  path?: PathMatcher;
}

/** What the rules say about one call. `none`: no rule matched (the mode and the tool decide). */
export interface RuleDecision {
  behavior: "allow" | "ask" | "deny" | "none";
  rule?: { text: string; file: string; line: number; list: "allow" | "ask" | "deny"; shown: string };
}

/** Tools a `Read(...)` rule covers (Claude Code: every built-in tool that reads files). */
export const READ_TOOLS: readonly string[] = ["Read", "Glob", "Grep", "LS", "NotebookRead"];
/** Tools an `Edit(...)` rule covers (every built-in tool that edits files). */
export const EDIT_TOOLS: readonly string[] = ["Edit", "Write", "MultiEdit", "NotebookEdit"];

const RULE = /^([A-Za-z_][A-Za-z0-9_-]*(?:__\*)?)(?:\((.*)\))?$/s;

/**
 * Parses rules; an invalid one is a warning naming its file:line, and is skipped.
 *
 * @example
 * const { rules, problems } = parseRules(settings.rules, { root: "/work/app" });
 */
export function parseRules(entries: readonly RuleEntry[], base: PathBase): { rules: PermissionRule[]; problems: SettingsProblem[] } {
  const rules: PermissionRule[] = [];
  const problems: SettingsProblem[] = [];
  for (const entry of entries) {
    const parsed = parseRule(entry, base);
    if (typeof parsed === "string") {
      problems.push({
        severity: "warning",
        code: "JUNE_PERMISSION_RULE_INVALID",
        file: entry.file,
        line: entry.line,
        message: `june: ${entry.shown}:${entry.line}: the ${entry.list} rule ${JSON.stringify(entry.text)} ${parsed}; it is skipped. Rules look like Bash, Bash(npm test *), Read(./secrets/**), WebFetch(domain:example.com) or mcp__server__tool.`,
      });
    } else {
      rules.push(parsed);
    }
  }
  return { rules, problems };
}

function parseRule(entry: RuleEntry, base: PathBase): PermissionRule | string {
  const match = RULE.exec(entry.text.trim());
  if (!match) return "is not a tool name with an optional (specifier)";
  const tool = match[1]!;
  const specifier = match[2];
  // `Bash` and `Bash(*)` are the same rule: every call.
  if (specifier === undefined || specifier === "*") return { entry, tool };
  if (specifier.trim() === "") return "has an empty specifier";
  if (tool.startsWith("mcp__")) return "gives an MCP tool a specifier (write mcp__server__tool)";
  if (tool === "WebFetch" && !specifier.startsWith("domain:")) return "needs domain: before the host (WebFetch(domain:example.com))";
  if (READ_TOOLS.includes(tool) || EDIT_TOOLS.includes(tool)) {
    try {
      return { entry, tool, specifier, path: compilePathRule(specifier, base) };
    } catch (error) {
      return `has a path pattern that can't compile (${(error as Error).message})`;
    }
  }
  return { entry, tool, specifier };
}

/**
 * What the rules decide for a call of `toolName` with `input`: deny > ask > allow > none.
 *
 * @example
 * decide("Bash", { command: "npm test && git push" }, rules, { root: "/work/app" });
 * // { behavior: "ask", rule: { text: "Bash(git push *)", file: "/work/app/.claude/settings.json", line: 6, list: "ask", … } }
 */
export function decide(toolName: string, input: unknown, rules: readonly PermissionRule[], base: PathBase): RuleDecision {
  const call = { toolName, input: (input ?? {}) as Record<string, unknown>, root: base.root };
  for (const list of ["deny", "ask"] as const) {
    // Deny and ask look at every part of a compound command: any one matching is enough.
    const hit = rules.find((rule) => rule.entry.list === list && matchesAny(rule, call));
    if (hit) return decision(list, hit);
  }
  const allows = rules.filter((rule) => rule.entry.list === "allow");
  const hit = allowedBy(allows, call);
  return hit ? decision("allow", hit) : { behavior: "none" };
}

function decision(behavior: "allow" | "ask" | "deny", rule: PermissionRule): RuleDecision {
  const { text, file, line, list, shown } = rule.entry;
  return { behavior, rule: { text, file, line, list, shown } };
}

interface Call {
  toolName: string;
  input: Record<string, unknown>;
  root: string;
}

function namesTool(rule: PermissionRule, toolName: string): boolean {
  if (rule.tool === toolName) return true;
  if (rule.tool === "Edit" && rule.specifier !== undefined) return EDIT_TOOLS.includes(toolName);
  if (rule.tool === "Read" && rule.specifier !== undefined) return READ_TOOLS.includes(toolName);
  // `mcp__server` and `mcp__server__*`: every tool of that server.
  if (rule.tool.startsWith("mcp__") && toolName.startsWith("mcp__")) {
    const server = rule.tool.replace(/__\*$/, "");
    return server.split("__").length === 2 && toolName.startsWith(`${server}__`);
  }
  return false;
}

// Deny/ask: the rule matches the call, or (Bash) any one of its commands.
function matchesAny(rule: PermissionRule, call: Call): boolean {
  if (!namesTool(rule, call.toolName)) return false;
  if (rule.specifier === undefined) return true;
  if (rule.tool === "Bash") {
    const command = String(call.input.command ?? "");
    const parts = splitCommand(command);
    return [command.trim(), ...parts, ...parts.map(withoutAssignments)].some((part) => bashPatternMatches(rule.specifier!, part));
  }
  return specifierMatches(rule, call);
}

// Allow: a compound command is allowed only when every one of its commands is.
function allowedBy(allows: readonly PermissionRule[], call: Call): PermissionRule | undefined {
  const named = allows.filter((rule) => namesTool(rule, call.toolName));
  const whole = named.find((rule) => rule.specifier === undefined);
  if (whole) return whole;
  if (call.toolName === "Bash") {
    const command = String(call.input.command ?? "");
    if (hasSubstitution(command)) return undefined;
    const parts = splitCommand(command);
    if (parts.length === 0) return undefined;
    let first: PermissionRule | undefined;
    for (const part of parts) {
      const rule = named.find((r) => bashPatternMatches(r.specifier!, part));
      if (!rule) return undefined;
      first ??= rule;
    }
    return first;
  }
  return named.find((rule) => specifierMatches(rule, call));
}

function specifierMatches(rule: PermissionRule, call: Call): boolean {
  if (rule.path) {
    const path = pathOf(call);
    return path !== undefined && rule.path.test(absoluteToolPath(path, call.root));
  }
  if (rule.tool === "WebFetch") {
    const url = call.input.url;
    return typeof url === "string" && domainAllowed(domainOf(url), [rule.specifier!.slice("domain:".length)]);
  }
  if (rule.tool === "Agent" || rule.tool === "Task") return call.input.subagent_type === rule.specifier;
  // Other specifiers (WebSearch(...), Skill(...)) name things June's tools don't have: they never match.
  return false;
}

/** The path a file tool's input names: `file_path`, `notebook_path`, or `path` (Glob/Grep/LS: the project when absent). */
function pathOf(call: Call): string | undefined {
  const { input } = call;
  for (const key of ["file_path", "notebook_path", "path"]) {
    if (typeof input[key] === "string" && input[key] !== "") return input[key] as string;
  }
  return ["Glob", "Grep", "LS"].includes(call.toolName) ? call.root : undefined;
}
