// "Open in editor" from the studio: a file of the open project (never one outside it), at a line
// and column, in the user's editor, started detached with an allow-listed environment. It answers
// ok only when the editor plausibly opened: a terminal editor is refused, and one that fails as it
// starts is an error (start-editor.ts says how that is told apart from a launcher handing off).
import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { Result } from "../contract/index.ts";
import { chooseEditor, commandArgs, type EditorCommand, type TerminalEditor } from "./editor-command.ts";
import { editorEnv } from "./editor-env.ts";
import { startEditor } from "./start-editor.ts";

export interface OpenInEditorRequest {
  /** Absolute, or relative to `folder`. */
  file: string;
  line?: number | undefined;
  column?: number | undefined;
  /** The open project folder: the file must be inside it. */
  folder: string;
  /** Where JUNE_EDITOR, VISUAL, EDITOR and PATH are read from; the editor gets only allow-listed variables of it. */
  env: NodeJS.ProcessEnv;
  /** How long the started editor is watched for an early failure; default 1 s (EXIT_WINDOW_MS). */
  exitWindowMs?: number | undefined;
}

const SET_JUNE_EDITOR = 'set JUNE_EDITOR (read before VISUAL and EDITOR) to an editor that opens a window, e.g. JUNE_EDITOR="code --goto", before starting the studio';

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
    if (choice.terminal) return fail("STUDIO_EDITOR_TERMINAL", terminalMessage(file, choice.terminal, choice.tried));
    return fail(
      "STUDIO_NO_EDITOR",
      `june studio: no editor to open ${file} with (${choice.tried.join("; ")}). ` +
        `Set JUNE_EDITOR, VISUAL or EDITOR to your editor's command, e.g. JUNE_EDITOR="code --goto", before starting the studio, or put VS Code's \`code\` on PATH.`,
    );
  }
  const editor = choice.found;
  const outcome = await startEditor(editor.executable, commandArgs(editor, file, line, line === undefined ? undefined : column), {
    cwd: root,
    env: editorEnv(env),
    exitWindowMs: request.exitWindowMs,
  });
  if (outcome.started) return { ok: true, value: null };
  return fail(
    "STUDIO_EDITOR_FAILED",
    `june studio: the editor ${editor.executable} (${origin(editor, env)}) ${outcome.what}, so ${file} did not open` +
      `${outcome.output ? `; it printed: ${outcome.output}` : ""}. ${editor.source === "JUNE_EDITOR" ? 'Check JUNE_EDITOR: it should name an editor that opens a window, e.g. JUNE_EDITOR="code --goto"' : `Check ${editor.source}, or ${SET_JUNE_EDITOR}`}.`,
  );
}

function terminalMessage(file: string, terminal: TerminalEditor, tried: string[]): string {
  const others = tried.filter((entry) => !entry.startsWith(`${terminal.source}=`));
  const npm = terminal.source === "EDITOR" ? " (npm sets EDITOR=vi for `npm start` when EDITOR and VISUAL are unset)" : "";
  return (
    `june studio: won't open ${file} with ${terminal.source}=${terminal.value}${npm}: ${terminal.why}, and the studio has no terminal to run it in, ` +
    `so it would exit at once and nothing would open.${others.length ? ` Nothing else was found: ${others.join("; ")}.` : ""} Instead, ${SET_JUNE_EDITOR}.`
  );
}

function origin(editor: EditorCommand, env: NodeJS.ProcessEnv): string {
  return editor.source === "PATH" ? "found on PATH" : `${editor.source}=${env[editor.source] ?? ""}`;
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}

function fail(code: string, message: string): Result<null> {
  return { ok: false, error: { code, message } };
}
