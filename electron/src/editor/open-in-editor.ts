// "Open in editor" from the studio: a file of the open project (never one outside it), at a line
// and column, in the user's editor, started detached with an allow-listed environment.
import { spawn } from "node:child_process";
import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { Result } from "../contract/index.ts";
import { chooseEditor, editorArgs } from "./editor-command.ts";
import { editorEnv } from "./editor-env.ts";

export interface OpenInEditorRequest {
  /** Absolute, or relative to `folder`. */
  file: string;
  line?: number | undefined;
  column?: number | undefined;
  /** The open project folder: the file must be inside it. */
  folder: string;
  /** Where VISUAL, EDITOR and PATH are read from; the editor gets only allow-listed variables of it. */
  env: NodeJS.ProcessEnv;
}

/**
 * Opens `file` at `line:column` in the user's editor.
 *
 * @example
 * await openInEditor({ file: "flows/release.tsx", line: 12, column: 5, folder: "/home/me/project", env: process.env });
 */
export async function openInEditor(request: OpenInEditorRequest): Promise<Result<null>> {
  const { line, column, folder, env } = request;
  const wanted = resolve(folder, request.file);
  // Compare real paths: a symlink inside the folder may point anywhere.
  const root = await realpath(folder).catch(() => resolve(folder));
  const file = await realpath(wanted).catch(() => undefined);
  if (!isInside(root, file ?? wanted)) {
    return fail("STUDIO_OUTSIDE_PROJECT", `june studio: won't open ${request.file}: it is outside the open folder ${folder}. Only the project's own files open in the editor.`);
  }
  if (!file) return fail("STUDIO_FILE_NOT_FOUND", `june studio: can't open ${wanted} in the editor: there is no such file.`);

  const choice = chooseEditor(env);
  if (!choice.found) {
    return fail(
      "STUDIO_NO_EDITOR",
      `june studio: no editor to open ${file} with (${choice.tried.join("; ") || "VISUAL and EDITOR are unset and `code` is not on PATH"}). ` +
        "Set VISUAL or EDITOR to your editor's command (e.g. VISUAL=code) before starting the studio, or put VS Code's `code` on PATH.",
    );
  }
  const { executable, baseArgs, source } = choice.found;
  const args = [...baseArgs, ...editorArgs(executable, file, line, line === undefined ? undefined : column)];
  return new Promise((settle) => {
    const child = spawn(executable, args, { cwd: root, env: editorEnv(env), detached: true, stdio: "ignore" });
    child.once("spawn", () => {
      child.unref();
      settle({ ok: true, value: null });
    });
    child.once("error", (error) =>
      settle(fail("STUDIO_EDITOR_FAILED", `june studio: starting the editor ${executable} (from ${source}) failed: ${error.message}. Check ${source === "PATH" ? "PATH" : source}.`)),
    );
  });
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}

function fail(code: string, message: string): Result<null> {
  return { ok: false, error: { code, message } };
}
