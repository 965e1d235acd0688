// A keyboard shortcut as plain data, how it reads on this platform ("Ctrl+K", "⌘K"), how it goes
// into aria-keyshortcuts ("Control+K Meta+K"), and whether a key press is it. "Mod" is Ctrl, or
// Cmd on macOS, as in VS Code's keybindings.

export interface Shortcut {
  /** `KeyboardEvent.key`, lower case for letters: "k", "F9", "a". */
  key: string;
  /** Ctrl, or Cmd on macOS. */
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
}

export interface KeyPress {
  key: string;
  /** `KeyboardEvent.code`: the physical key ("KeyA"), the same whatever Option types on a Mac. */
  code?: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** Whether the page runs on macOS (Cmd rather than Ctrl). */
export function isMac(platform: string = typeof navigator === "undefined" ? "" : navigator.platform): boolean {
  return /mac|iphone|ipad/i.test(platform);
}

/**
 * Whether `press` is `shortcut`. Letters match by the key typed or, with Alt, by the physical key
 * (Option+A types "å" on a Mac); AltGr (Ctrl+Alt on Windows) typing "{" is not Ctrl+Alt+B.
 *
 * @example
 * matches({ key: "k", ctrlKey: true, shiftKey: false, altKey: false, metaKey: false }, { key: "k", mod: true }, false); // true
 */
export function matches(press: KeyPress, shortcut: Shortcut, mac = isMac()): boolean {
  const mod = mac ? press.metaKey : press.ctrlKey;
  const other = mac ? press.ctrlKey : press.metaKey;
  if (mod !== Boolean(shortcut.mod) || other) return false;
  if (press.shiftKey !== Boolean(shortcut.shift) || press.altKey !== Boolean(shortcut.alt)) return false;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (key === shortcut.key) return true;
  // Only on a Mac: elsewhere Ctrl+Alt is AltGr, and what it types is a character, not the shortcut.
  return mac && shortcut.alt === true && shortcut.key.length === 1 && press.code === `Key${shortcut.key.toUpperCase()}`;
}

/** How a shortcut reads: "Ctrl+Shift+P", "Alt+A", "F9"; on macOS "⌘⇧P", "⌥A". */
export function shortcutLabel(shortcut: Shortcut, mac = isMac()): string {
  const key = shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key;
  if (mac) return `${shortcut.alt ? "⌥" : ""}${shortcut.shift ? "⇧" : ""}${shortcut.mod ? "⌘" : ""}${key}`;
  return [shortcut.mod && "Ctrl", shortcut.alt && "Alt", shortcut.shift && "Shift", key].filter(Boolean).join("+");
}

/** The shortcut as aria-keyshortcuts wants it: "Control+Shift+P" ("Meta+Shift+P" on macOS). */
export function ariaShortcut(shortcut: Shortcut, mac = isMac()): string {
  const key = shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key;
  return [shortcut.mod && (mac ? "Meta" : "Control"), shortcut.alt && "Alt", shortcut.shift && "Shift", key].filter(Boolean).join("+");
}

/** Whether the element takes typed text (a shortcut made of a plain letter must leave it alone). */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(target.type);
}
