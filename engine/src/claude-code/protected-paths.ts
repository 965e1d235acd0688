// Claude Code's protected paths: folders and files whose edits no permission mode but
// bypassPermissions runs unasked, so an agent can't rewrite its own settings, a git hook or the
// user's shell profile under acceptEdits (code.claude.com/docs/en/permission-modes).
import { basename } from "node:path";

const PROTECTED_FOLDERS: readonly string[] = [".git", ".claude", ".vscode", ".idea", ".husky"];
const PROTECTED_FILES: readonly string[] = [".gitconfig", ".gitmodules", ".bashrc", ".zshrc", ".profile", ".mcp.json"];

/**
 * True when `target` (inside `folder`, both absolute) is in a protected folder at any depth (a
 * nested repository's .git too), is one, or is a protected file.
 *
 * @example
 * isProtected("/p", "/p/.git/hooks/pre-commit"); // true
 * isProtected("/p", "/p/src/app.ts");            // false
 */
export function isProtected(folder: string, target: string): boolean {
  const parts = target.slice(folder.length).split(/[\\/]/).filter(Boolean);
  return parts.some((part) => PROTECTED_FOLDERS.includes(part)) || PROTECTED_FILES.includes(basename(target));
}
