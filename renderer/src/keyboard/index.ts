// Public surface of keyboard/: shortcuts as data (what they are, how they read, whether a key
// press is one) and the studio's global keys. Pure: it imports no other folder of the studio.
export { ariaShortcut, isMac, isTextField, matches, shortcutLabel } from "./shortcut.ts";
export type { KeyPress, Shortcut } from "./shortcut.ts";
export { KEYS } from "./keys.ts";
export { useRovingFocus } from "./use-roving-focus.ts";
