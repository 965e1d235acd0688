// Claude Code's permission modes as a guard applies them, after deny and ask rules: `default`
// (the rules, then the tool's own needsApproval; `manual` is its other name), `acceptEdits` (file
// edits inside the project and its additionalDirectories run unasked, and so do Bash's mkdir,
// touch, mv and cp on paths there — except in protected paths),
// `plan` (nothing that changes anything runs: edits are refused, and so is any other tool that
// isn't read-only unless a rule or hook allows it), `auto` (Claude Code's classifier approves in
// the user's place; June has none, so it asks as the default mode does, and says so), `dontAsk`
// (never asks: what no rule or hook allows is refused) and `bypassPermissions` (every call runs
// unasked) — the last only when the caller opted in, as it turns every safeguard off.
// (code.claude.com/docs/en/permission-modes)
import { isWithin } from "../paths/index.ts";
import { EDIT_TOOLS, READ_TOOLS } from "./permission-rules.ts";
import { absoluteToolPath } from "./permission-rules-paths.ts";
import { acceptedFileCommand } from "./accept-edits-bash.ts";
import { isProtected } from "./protected-paths.ts";
import type { ClaudeSettings, SettingsProblem } from "./settings.ts";

/** Claude Code's permission modes, as an agent's `permissionMode` or the settings' `defaultMode` name them. */
export const PERMISSION_MODES = ["default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"] as const;
export type PermissionModeName = (typeof PERMISSION_MODES)[number];

/** The modes June applies (`auto` is applied as `default`). */
export type PermissionMode = Exclude<PermissionModeName, "auto">;

/**
 * A written mode as Claude Code reads it (`manual` is `default`), or undefined when it names none.
 *
 * @example
 * permissionModeOf(" manual "); // "default"
 */
export function permissionModeOf(written: string): PermissionModeName | undefined {
  const mode = written.trim();
  if (mode === "manual") return "default";
  return (PERMISSION_MODES as readonly string[]).includes(mode) ? (mode as PermissionModeName) : undefined;
}

/** Tools that only look: they run in plan mode. */
const READ_ONLY: readonly string[] = [...READ_TOOLS, "WebFetch", "WebSearch", "TodoWrite", "TodoRead"];

/**
 * The mode in force: the agent's `permissionMode`, else the settings' `defaultMode`, else default.
 *
 * @example
 * resolveMode({ permissionMode: "bypassPermissions" }).mode; // "default", with a warning: no opt-in
 */
export function resolveMode(options: {
  permissionMode?: string;
  permissionModeSource?: { file: string; line?: number };
  settings?: Pick<ClaudeSettings, "defaultMode">;
  allowBypassPermissions?: boolean;
}): { mode: PermissionMode; source?: string; problems: SettingsProblem[] } {
  const fromSettings = options.settings?.defaultMode;
  const written = options.permissionMode ?? fromSettings?.value;
  if (written === undefined) return { mode: "default", problems: [] };
  const at =
    options.permissionMode !== undefined
      ? { file: options.permissionModeSource?.file ?? "the agent's permissionMode", line: options.permissionModeSource?.line }
      : { file: fromSettings!.file, line: fromSettings!.line, shown: fromSettings!.shown };
  const where = `${"shown" in at ? at.shown : at.file}${at.line !== undefined ? `:${at.line}` : ""}`;
  const warn = (message: string): SettingsProblem => ({
    severity: "warning",
    code: "JUNE_PERMISSION_MODE_REFUSED",
    file: at.file,
    ...(at.line !== undefined ? { line: at.line } : {}),
    message: `june: ${where}: ${message}`,
  });
  const mode = permissionModeOf(written);
  if (mode === undefined) {
    return { mode: "default", problems: [warn(`${JSON.stringify(written)} is not a Claude Code permission mode (${PERMISSION_MODES.join(", ")}); the default mode is used.`)] };
  }
  if (mode === "auto") {
    return {
      mode: "default",
      problems: [warn("auto mode has Claude Code's classifier approve calls in your place; June has no classifier, so it asks as in the default mode.")],
    };
  }
  if (mode === "bypassPermissions" && !options.allowBypassPermissions) {
    return {
      mode: "default",
      problems: [warn("permission mode bypassPermissions would run every tool call unasked; June uses the default mode unless you allow bypassing permissions for this project.")],
    };
  }
  return { mode, source: where, problems: [] };
}

/**
 * What the mode says of a call no deny or ask rule caught (undefined: the mode has no say).
 *
 * @example
 * modeVerdict("plan", "Write", { file_path: "a.txt" }, { allowed: false, folders: ["/p"], root: "/p" });
 * // { behavior: "deny", reason: "plan mode changes nothing: Write is refused" }
 */
export function modeVerdict(
  mode: PermissionMode,
  toolName: string,
  input: unknown,
  call: { allowed: boolean; folders: readonly string[]; root: string },
): { behavior: "allow" | "deny"; reason: string } | undefined {
  switch (mode) {
    case "default":
      return undefined;
    case "bypassPermissions":
      return { behavior: "allow", reason: "every call runs unasked" };
    case "acceptEdits": {
      if (toolName === "Bash") {
        const command = (input as { command?: unknown } | undefined)?.command;
        if (typeof command !== "string" || !acceptedFileCommand(command, call.folders, call.root)) return undefined;
        return { behavior: "allow", reason: "mkdir, touch, mv and cp on files in the project run unasked" };
      }
      if (!EDIT_TOOLS.includes(toolName)) return undefined;
      const path = pathOf(input);
      if (path === undefined) return undefined;
      const target = absoluteToolPath(path, call.root);
      const folder = call.folders.find((candidate) => isWithin(candidate, target));
      if (folder === undefined || isProtected(folder, target)) return undefined;
      return { behavior: "allow", reason: "file edits in the project run unasked" };
    }
    case "plan":
      if (EDIT_TOOLS.includes(toolName)) return { behavior: "deny", reason: `plan mode changes nothing: ${toolName} is refused` };
      if (READ_ONLY.includes(toolName) || call.allowed) return undefined;
      return { behavior: "deny", reason: `plan mode only reads and plans: ${toolName} is refused unless a rule allows it` };
    case "dontAsk":
      // The tool's own needsApproval may still want to ask: the guard refuses that too.
      return undefined;
  }
}

function pathOf(input: unknown): string | undefined {
  const record = (input ?? {}) as Record<string, unknown>;
  const path = record.file_path ?? record.notebook_path;
  return typeof path === "string" ? path : undefined;
}
