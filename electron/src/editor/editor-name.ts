// The name an editor goes by, from its path: `/usr/bin/vim.basic` is vim, `C:\...\Code.cmd` is code,
// `emacs-29.1` is emacs. Both the line syntax and the terminal check key on it.
import { basename } from "node:path";

/** `/usr/bin/vim.basic` → `vim`; `nvim.appimage` → `nvim`; `Code.cmd` → `code`; `emacs-29.1` → `emacs`; `emacs-nox` stays. */
export function editorName(path: string): string {
  return basename(path.replace(/\\/g, "/"))
    .toLowerCase()
    .replace(/\.(exe|cmd|bat|com)$/, "")
    .replace(/^(n?vim)\.[a-z0-9]+$/, "$1") // Debian's vim.basic, vim.tiny, vim.gtk3; nvim.appimage
    .replace(/-\d[\d.]*$/, "");
}
