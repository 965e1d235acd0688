// A Claude Code project's settings files, read the way Claude Code reads them: `.claude/settings.json`
// (shared), `.claude/settings.local.json` (personal, wins over the shared file) and, only when the
// caller passes its path, the user's `~/.claude/settings.json` (lowest). June takes `permissions`
// (allow / ask / deny / defaultMode / additionalDirectories) and `hooks`; every value keeps the
// file and line it came from, so a decision can name it. A broken file is a problem naming
// file:line, never a crash: what else loads still loads.
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join, relative, resolve } from "node:path";
import { LineCounter, parseDocument, isNode } from "yaml";
import { z } from "zod";
import { jsonErrorOffset } from "./settings-json-position.ts";

/** Where a settings value came from: the file (as given, absolute) and its 1-based line. */
export interface SettingsSource {
  file: string;
  line: number;
}

/** Which settings file: the user's, the project's shared one, or the project's local one. */
export type SettingsScope = "user" | "project" | "local";

/** One permission rule as written, with its provenance. */
export interface RuleEntry extends SettingsSource {
  text: string;
  list: "allow" | "ask" | "deny";
  scope: SettingsScope;
  /** The settings file's name relative to the project (for messages): `.claude/settings.json`. */
  shown: string;
}

/** A problem in a settings file (same shape as the loader's problems). */
export interface SettingsProblem {
  severity: "error" | "warning";
  code: "JUNE_SETTINGS_INVALID" | "JUNE_PERMISSION_RULE_INVALID" | "JUNE_HOOK_INVALID" | "JUNE_PERMISSION_MODE_REFUSED";
  message: string;
  file: string;
  line?: number;
}

/** A settings file's raw `hooks` value, kept for hooks.ts with a way to find each entry's line. */
export interface RawHooks {
  value: unknown;
  file: string;
  shown: string;
  /** The line of the value at `path` inside `hooks` (e.g. ["PreToolUse", 0, "hooks", 1]). */
  lineOf(path: readonly (string | number)[]): number;
}

/** What a project's settings say about permissions and hooks, highest-precedence file first. */
export interface ClaudeSettings {
  /** Every rule of every file, local before project before user. */
  rules: RuleEntry[];
  /** The highest-precedence `permissions.defaultMode`. */
  defaultMode?: SettingsSource & { value: string; shown: string };
  /** `permissions.additionalDirectories` of every file, absolute. */
  additionalDirectories: string[];
  hooks: RawHooks[];
  /** The files that were found and read. */
  files: string[];
  problems: SettingsProblem[];
}

export interface LoadSettingsOptions {
  /** The user's settings file (e.g. `~/.claude/settings.json`); never read unless given. */
  userSettings?: string;
}

const stringList = z.array(z.string());
const permissionsSchema = z.looseObject({
  allow: z.unknown().optional(),
  ask: z.unknown().optional(),
  deny: z.unknown().optional(),
  defaultMode: z.string().optional(),
  additionalDirectories: stringList.optional(),
});
const settingsSchema = z.looseObject({ permissions: z.unknown().optional(), hooks: z.unknown().optional() });

/**
 * Reads a project's Claude Code settings files (a missing file is simply absent).
 *
 * @example
 * const settings = await loadClaudeSettings("/work/app");
 * settings.rules[0]; // { text: "Bash(npm test *)", list: "allow", file: "/work/app/.claude/settings.local.json", line: 3, … }
 */
export async function loadClaudeSettings(root: string, options: LoadSettingsOptions = {}): Promise<ClaudeSettings> {
  const files: { path: string; scope: SettingsScope }[] = [
    { path: join(root, ".claude", "settings.local.json"), scope: "local" },
    { path: join(root, ".claude", "settings.json"), scope: "project" },
    ...(options.userSettings ? [{ path: options.userSettings, scope: "user" as const }] : []),
  ];
  const settings: ClaudeSettings = { rules: [], additionalDirectories: [], hooks: [], files: [], problems: [] };
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      settings.problems.push({ severity: "error", code: "JUNE_SETTINGS_INVALID", file: file.path, message: `june: ${file.path} can't be read (${(error as Error).message}); its permissions and hooks are not applied.` });
      continue;
    }
    settings.files.push(file.path);
    const shown = file.scope === "user" ? file.path : relative(root, file.path);
    readSettingsText(text, { ...file, shown, root }, settings);
  }
  return settings;
}

/**
 * Adds one settings file's rules, mode, folders and hooks to `into` (problems for what is wrong).
 *
 * @example
 * readSettingsText('{"permissions":{"deny":["Read(./.env)"]}}', { path: "/p/.claude/settings.json", scope: "project", shown: ".claude/settings.json", root: "/p" }, settings);
 */
export function readSettingsText(
  text: string,
  file: { path: string; scope: SettingsScope; shown: string; root: string },
  into: ClaudeSettings,
): void {
  const problem = (message: string, line?: number, code: SettingsProblem["code"] = "JUNE_SETTINGS_INVALID") =>
    into.problems.push({ severity: code === "JUNE_SETTINGS_INVALID" ? "error" : "warning", code, file: file.path, message, ...(line !== undefined ? { line } : {}) });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const line = jsonErrorLine(text, (error as Error).message);
    problem(`june: ${file.shown}${line !== undefined ? `:${line}` : ""} is not valid JSON (${(error as Error).message}); fix it for its permissions and hooks to apply.`, line);
    return;
  }
  // JSON.parse said it is JSON; the YAML reader (JSON is YAML) is only asked where values sit.
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: false });
  const lineOf = (path: readonly (string | number)[]): number => {
    for (let end = path.length; end >= 0; end--) {
      const node = doc.getIn(path.slice(0, end), true);
      if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
    }
    return 1;
  };
  const top = settingsSchema.safeParse(value);
  if (!top.success) {
    problem(`june: ${file.shown}:1: the settings must be a JSON object.`, 1);
    return;
  }
  if (top.data.permissions !== undefined) readPermissions(top.data.permissions, file, lineOf, into, problem);
  if (top.data.hooks !== undefined) into.hooks.push({ value: top.data.hooks, file: file.path, shown: file.shown, lineOf: (path) => lineOf(["hooks", ...path]) });
}

function readPermissions(
  raw: unknown,
  file: { path: string; scope: SettingsScope; shown: string; root: string },
  lineOf: (path: readonly (string | number)[]) => number,
  into: ClaudeSettings,
  problem: (message: string, line?: number) => void,
): void {
  const parsed = permissionsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const line = lineOf(["permissions", ...(issue.path as (string | number)[])]);
    problem(`june: ${file.shown}:${line}: \`permissions${issue.path.map((p) => `.${String(p)}`).join("")}\`: ${issue.message}; that value is ignored.`, line);
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return;
  }
  const permissions = (parsed.success ? parsed.data : raw) as Record<string, unknown>;
  for (const list of ["allow", "ask", "deny"] as const) {
    const entries = permissions[list];
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) {
      const line = lineOf(["permissions", list]);
      problem(`june: ${file.shown}:${line}: \`permissions.${list}\` must be a list of rules like "Bash(npm test *)"; it is ignored.`, line);
      continue;
    }
    entries.forEach((text, index) => {
      const line = lineOf(["permissions", list, index]);
      if (typeof text !== "string") {
        problem(`june: ${file.shown}:${line}: \`permissions.${list}[${index}]\` is not a string rule; it is skipped.`, line);
        return;
      }
      into.rules.push({ text, list, file: file.path, line, scope: file.scope, shown: file.shown });
    });
  }
  if (typeof permissions.defaultMode === "string" && into.defaultMode === undefined) {
    into.defaultMode = { value: permissions.defaultMode, file: file.path, line: lineOf(["permissions", "defaultMode"]), shown: file.shown };
  }
  if (parsed.success && parsed.data.additionalDirectories) {
    for (const folder of parsed.data.additionalDirectories) {
      into.additionalDirectories.push(folder.startsWith("~/") ? join(homedir(), folder.slice(2)) : resolve(file.root, folder));
    }
  }
}

// V8 may say "(line 3 column 5)"; otherwise the scanner finds the place.
function jsonErrorLine(text: string, message: string): number | undefined {
  const line = /\(line (\d+) column \d+\)/.exec(message);
  if (line) return Number(line[1]);
  const offset = jsonErrorOffset(text);
  return offset === undefined ? undefined : text.slice(0, offset).split("\n").length;
}
