// The studio's global shortcuts (besides the debugger's F5/F10/F6/Shift+F5, debug/keys.ts), as
// data: the palette lists them, the global key handler (palette/use-global-keys.ts) matches them,
// and panels quote them ("press Alt+A to review").
//
// Why these keys: Ctrl+K and Ctrl+Shift+P open command palettes in VS Code, GitHub and Slack, and
// a page may take them (the browser's own Ctrl+K search gives way to preventDefault). Alt+A for
// approvals: no browser or Electron menu binds it (Electron's default menus are File, Edit, View,
// Window — Alt+F/E/V/W; Chrome's Alt+F/E, Firefox's Alt+F/E/V/S/B/T/H), unlike Ctrl+Shift+A
// (Chrome's tab search, Firefox's add-ons) or Ctrl+Alt+A (AltGr+A types ą on Polish keyboards).
// F9 toggles a breakpoint as in VS Code. Ctrl+B and Ctrl+Alt+B fold the sidebars as in VS Code.
import type { Shortcut } from "./shortcut.ts";

export const KEYS = {
  palette: [
    { key: "k", mod: true },
    { key: "p", mod: true, shift: true },
  ],
  focusApproval: [{ key: "a", alt: true }],
  toggleBreakpoint: [{ key: "F9" }],
  toggleLeft: [{ key: "b", mod: true }],
  toggleRight: [{ key: "b", mod: true, alt: true }],
} as const satisfies Record<string, readonly Shortcut[]>;
