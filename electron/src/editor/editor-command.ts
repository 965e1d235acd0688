// Which editor to open a file with, and how to ask it for a line: $JUNE_EDITOR, then $VISUAL, then
// $EDITOR, then a windowed editor found on PATH (VS Code's `code` first). Each editor family
// spells "file at line:column" its own way.
import { realpathSync } from "node:fs";
import { editorName } from "./editor-name.ts";
import { findOnPath } from "./find-on-path.ts";
import { terminalOnly } from "./terminal-editor.ts";

export type EditorSource = "JUNE_EDITOR" | "VISUAL" | "EDITOR" | "PATH";

export interface EditorCommand {
  /** The resolved executable. */
  executable: string;
  /** Arguments given in the variable before the file (e.g. `-n` of `emacsclient -n`). */
  baseArgs: string[];
  /** Where it came from, for messages. */
  source: EditorSource;
}

/** A terminal editor that was named but not started: the studio has no terminal to give it. */
export interface TerminalEditor {
  source: Exclude<EditorSource, "PATH">;
  /** The variable's text, e.g. `vi`. */
  value: string;
  /** Why it runs in a terminal (from `terminalOnly`). */
  why: string;
}

export type EditorChoice = { found: EditorCommand } | { found?: undefined; tried: string[]; terminal?: TerminalEditor };

/** Windowed editors looked for on PATH when no variable names one that can open a window. */
export const PATH_EDITORS: readonly string[] = Object.freeze(["code", "cursor", "codium", "subl", "zed"]);

/**
 * The editor to start, or what was tried (for the error message).
 *
 * JUNE_EDITOR is the studio's own setting, so whatever it names is used or is the error. VISUAL and
 * EDITOR are the shell's, often a terminal editor (npm sets EDITOR=vi for `npm start`): a terminal
 * editor there is passed over for the next candidate, and reported only when nothing else is found.
 *
 * @example
 * chooseEditor({ PATH: "/usr/bin", EDITOR: "vi" }); // { found: { executable: "/usr/bin/code", baseArgs: [], source: "PATH" } } if code is there
 */
export function chooseEditor(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): EditorChoice {
  const tried: string[] = [];
  let terminal: TerminalEditor | undefined;
  for (const source of ["JUNE_EDITOR", "VISUAL", "EDITOR"] as const) {
    const value = env[source] ?? "";
    const [command, ...baseArgs] = splitCommand(value);
    if (command === undefined) continue;
    const executable = findOnPath(command, env, platform);
    const why = terminalOnly({ command, args: baseArgs, resolved: executable && realOrSelf(executable) }, env, platform);
    if (why !== undefined) {
      tried.push(`${source}=${value} is a terminal editor`);
      terminal ??= { source, value, why };
      if (source === "JUNE_EDITOR") return { tried, terminal };
      continue;
    }
    if (executable) return { found: { executable, baseArgs, source } };
    tried.push(`${source}=${value} is not on PATH`);
    if (source === "JUNE_EDITOR") return { tried };
  }
  for (const command of PATH_EDITORS) {
    const executable = findOnPath(command, env, platform);
    if (executable) return { found: { executable, baseArgs: [], source: "PATH" } };
  }
  tried.push(`none of ${PATH_EDITORS.map((name) => `\`${name}\``).join(", ")} is on PATH`);
  return terminal ? { tried, terminal } : { tried };
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

const GOTO_FLAG = new Set(["code", "code-insiders", "codium", "vscodium", "cursor", "windsurf"]);
const COLON_SUFFIX = new Set(["subl", "sublime_text", "zed", "zeditor", "hx", "helix", "atom", "kate", "gedit"]);
const PLUS_LINE = new Set(["vi", "vim", "nvim", "gvim", "mvim", "nano", "emacs", "emacsclient", "micro", "kak", "joe", "ne", "mg"]);

/**
 * The arguments that open `file` at `line`/`column` in the editor `executable` names.
 *
 * @example
 * editorArgs("/usr/bin/code", "/p/flow.tsx", 4, 7); // ["--goto", "/p/flow.tsx:4:7"]
 * editorArgs("/usr/bin/vim", "/p/flow.tsx", 4);     // ["+4", "/p/flow.tsx"]
 */
export function editorArgs(executable: string, file: string, line?: number, column?: number): string[] {
  const name = editorName(executable);
  const at = line === undefined ? file : `${file}:${line}${column === undefined ? "" : `:${column}`}`;
  if (GOTO_FLAG.has(name)) return line === undefined ? [file] : ["--goto", at];
  if (COLON_SUFFIX.has(name)) return [at];
  if (PLUS_LINE.has(name)) return line === undefined ? [file] : [`+${line}`, file];
  // An editor we don't know: the file alone always opens, where a guessed line flag might not.
  return [file];
}

/**
 * The whole argument list for `editor`: its own arguments, then the file at the line — without a
 * second `--goto` when the variable already says `code --goto` (or `code -g`).
 *
 * @example
 * commandArgs({ executable: "/usr/bin/code", baseArgs: ["--goto"], source: "JUNE_EDITOR" }, "/p/a.tsx", 4); // ["--goto", "/p/a.tsx:4"]
 */
export function commandArgs(editor: EditorCommand, file: string, line?: number, column?: number): string[] {
  const args = editorArgs(editor.executable, file, line, column);
  const hasGoto = editor.baseArgs.some((arg) => arg === "--goto" || arg === "-g");
  return [...editor.baseArgs, ...(hasGoto && args[0] === "--goto" ? args.slice(1) : args)];
}

/** Splits `code --wait` or `"/Applications/My Editor" -n` into words, honouring quotes. */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}
