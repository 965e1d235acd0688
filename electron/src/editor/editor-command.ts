// Which editor to open a file with, and how to ask it for a line: $VISUAL, then $EDITOR, then
// VS Code's `code` on PATH. Each editor family spells "file at line:column" its own way.
import { basename } from "node:path";
import { findOnPath } from "./find-on-path.ts";

export interface EditorCommand {
  /** The resolved executable. */
  executable: string;
  /** Arguments given in $VISUAL/$EDITOR before the file (e.g. `-n` of `emacsclient -n`). */
  baseArgs: string[];
  /** Where it came from, for messages. */
  source: "VISUAL" | "EDITOR" | "PATH";
}

export type EditorChoice = { found: EditorCommand } | { found?: undefined; tried: string[] };

/** The first editor that exists, or what was tried (for the error message). */
export function chooseEditor(env: NodeJS.ProcessEnv): EditorChoice {
  const tried: string[] = [];
  const candidates: [EditorCommand["source"], string | undefined][] = [
    ["VISUAL", env.VISUAL],
    ["EDITOR", env.EDITOR],
    ["PATH", "code"],
  ];
  for (const [source, value] of candidates) {
    const words = splitCommand(value ?? "");
    if (words.length === 0) continue;
    const [command, ...baseArgs] = words as [string, ...string[]];
    const executable = findOnPath(command, env);
    if (executable) return { found: { executable, baseArgs, source } };
    tried.push(source === "PATH" ? `\`${command}\` is not on PATH` : `${source}=${value} is not on PATH`);
  }
  return { tried };
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
  const name = basename(executable).replace(/\.(exe|cmd|bat)$/i, "").toLowerCase();
  const at = line === undefined ? file : `${file}:${line}${column === undefined ? "" : `:${column}`}`;
  if (GOTO_FLAG.has(name)) return line === undefined ? [file] : ["--goto", at];
  if (COLON_SUFFIX.has(name)) return [at];
  if (PLUS_LINE.has(name)) return line === undefined ? [file] : [`+${line}`, file];
  // An editor we don't know: the file alone always opens, where a guessed line flag might not.
  return [file];
}

/** Splits `code --wait` or `"/Applications/My Editor" -n` into words, honouring quotes. */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}
