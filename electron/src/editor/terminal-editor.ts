// Editors that draw in a terminal. The studio starts the editor detached, with no terminal (stdin
// and stdout are not a tty), so these exit at once (vim after a 2 s warning, nano on "too many
// errors from stdin", ed on end of input) and nothing opens. They are refused before they start:
// waiting for them to exit can't catch vim, which outlives any short watch.
import { editorName } from "./editor-name.ts";

const VI = "vi and Vim draw in the terminal (Vim's windowed forms are `gvim`, `mvim` and `vim -g`)";
const NEOVIM = "Neovim draws in the terminal (its windows are separate programs, such as neovide)";
const TERMINAL_UI = "it draws in the terminal and has no window of its own";
const LINE_EDITOR = "a line editor reads its commands from the terminal";

/** Editors that only ever run in a terminal, with why — keyed by `editorName`. */
export const TERMINAL_EDITORS: ReadonlyMap<string, string> = new Map([
  ...["vi", "vim", "view", "ex", "rvim", "rview", "vimdiff", "nvi", "elvis", "vis"].map((name) => [name, VI] as const),
  ["nvim", NEOVIM],
  // nano and friends, micro, Helix, Kakoune, JOE (and its emacs/pico/wordstar personalities),
  // ne, the small emacs clones, Midnight Commander's editor: all full-screen terminal programs.
  ...["nano", "rnano", "pico", "micro", "hx", "helix", "kak", "joe", "rjoe", "jmacs", "jpico", "jstar", "ne", "mg", "zile", "jed", "mcedit", "dte", "tilde", "emacs-nox"].map(
    (name) => [name, TERMINAL_UI] as const,
  ),
  ...["ed", "red"].map((name) => [name, LINE_EDITOR] as const),
  ["sensible-editor", "Debian's chooser runs a terminal editor (~/.selected_editor, else nano), and the studio passes it no VISUAL or EDITOR"],
]);

/**
 * Names under which the vim binary opens a window (it reads its own argv[0]), though on disk they
 * link to a `vim.*` file: the name as written wins over the link's target for these.
 */
const WINDOWED_VIM = new Set(["gvim", "gview", "evim", "eview", "rgvim", "rgview", "mvim"]);

export interface EditorInvocation {
  /** The command as written (`vi`, `/usr/bin/editor`): the name the program sees decides first. */
  command: string;
  /** Its arguments as written (`-nw`, `-g`, `--remote-silent`). */
  args: readonly string[];
  /** The executable after symlinks (`/usr/bin/editor` → `/usr/bin/nano`), consulted for names we don't know. */
  resolved?: string | undefined;
}

/**
 * Why `invocation` would run in a terminal (and so open nothing from the studio), or undefined
 * when it opens a window or we don't know it (an unknown editor is started and watched).
 *
 * @example
 * terminalOnly({ command: "vi", args: [] }, {});                     // "vi and Vim draw in the terminal (…)"
 * terminalOnly({ command: "emacs", args: ["-nw"] }, { DISPLAY: ":0" }); // "-nw keeps emacs in the terminal"
 * terminalOnly({ command: "code", args: [] }, {});                   // undefined
 */
export function terminalOnly(invocation: EditorInvocation, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string | undefined {
  const named = verdict(editorName(invocation.command), invocation.args, env, platform);
  if (named !== "unknown" || invocation.resolved === undefined) return named === "unknown" ? undefined : named;
  const resolved = verdict(editorName(invocation.resolved), invocation.args, env, platform);
  return resolved === "unknown" ? undefined : resolved;
}

/** A reason (terminal), undefined (opens a window), or "unknown" (not an editor we know). */
function verdict(name: string, args: readonly string[], env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined | "unknown" {
  if (WINDOWED_VIM.has(name)) return undefined;
  const hasDisplay = platform === "darwin" || platform === "win32" || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  if (name === "emacs" || name === "emacs-gtk" || name === "emacs-lucid" || name === "emacs-pgtk") {
    const flag = args.find((arg) => /^(-nw|--no-window-system|-t|--terminal(=.*)?|--tty|-?-batch|--(bg-|fg-)?daemon(=.*)?)$/.test(arg));
    if (flag) return `${flag} keeps emacs out of a window`;
    return hasDisplay ? undefined : "without DISPLAY or WAYLAND_DISPLAY, emacs runs in the terminal";
  }
  if (name === "emacsclient") {
    const flag = args.find((arg) => arg === "-t" || arg === "-nw" || arg === "--tty");
    if (flag) return `${flag} makes emacsclient open a terminal frame`;
    const creates = args.some((arg) => arg === "-c" || arg === "--create-frame");
    return creates && !hasDisplay ? "without DISPLAY or WAYLAND_DISPLAY, emacsclient -c opens a terminal frame" : undefined;
  }
  const why = TERMINAL_EDITORS.get(name);
  if (why === undefined) return "unknown";
  // `vim -g` opens gvim; `--remote*` (Vim, and Neovim's `--server … --remote`) hands the file to a running editor.
  if (why === VI && args.includes("-g")) return undefined;
  if ((why === VI || why === NEOVIM) && args.some((arg) => arg.startsWith("--remote"))) return undefined;
  return why;
}
