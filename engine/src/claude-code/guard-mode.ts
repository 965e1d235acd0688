// Claude Code's permission modes as a guard applies them, after deny and ask rules: `default`
// (the rules, then the tool's own needsApproval), `acceptEdits` (file edits inside the project and
// its additionalDirectories run unasked), `plan` (nothing that changes anything runs: edits are
// refused, and so is any other tool that isn't read-only unless a rule or hook allows it),
// `dontAsk` (never asks: what no rule or hook allows is refused) and `bypassPermissions` (every
// call runs unasked) — the last only when the caller opted in, as it turns every safeguard off.
import { relative, isAbsolute } from "node:path";
import { EDIT_TOOLS, READ_TOOLS } from "./permission-rules.ts";
import { absoluteToolPath } from "./permission-rules-paths.ts";
import type { ClaudeSettings, SettingsProblem } from "./settings.ts";

/** The modes June applies. */
export type PermissionMode = "default" | "acceptEdits" | "plan" | "dontAsk" | "bypassPermissions";

const MODES: readonly string[] = ["default", "acceptEdits", "plan", "dontAsk", "bypassPermissions"];

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
}): { mode: PermissionMode; problems: SettingsProblem[] } {
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
  if (!MODES.includes(written)) {
    return { mode: "default", problems: [warn(`the permission mode ${JSON.stringify(written)} is not one June applies (${MODES.join(", ")}); the default mode is used.`)] };
  }
  if (written === "bypassPermissions" && !options.allowBypassPermissions) {
    return {
      mode: "default",
      problems: [warn("permission mode bypassPermissions would run every tool call unasked; June uses the default mode unless you allow bypassing permissions for this project.")],
    };
  }
  return { mode: written as PermissionMode, problems: [] };
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
      if (!EDIT_TOOLS.includes(toolName)) return undefined;
      const path = pathOf(input);
      if (path === undefined || !call.folders.some((folder) => inside(absoluteToolPath(path, call.root), folder))) return undefined;
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

function inside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}
