// Shortcuts as data: how they read per platform, and which key presses they are.
import { describe, expect, it } from "vitest";
import { KEYS } from "./keys.ts";
import { ariaShortcut, matches, shortcutLabel, type KeyPress } from "./shortcut.ts";

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, ...mods });

describe("matches", () => {
  it("takes Mod as Ctrl, or Cmd on macOS, and never both", () => {
    expect(matches(press("k", { ctrlKey: true }), KEYS.palette[0], false)).toBe(true);
    expect(matches(press("k", { metaKey: true }), KEYS.palette[0], false)).toBe(false);
    expect(matches(press("k", { metaKey: true }), KEYS.palette[0], true)).toBe(true);
    expect(matches(press("k", { ctrlKey: true }), KEYS.palette[0], true)).toBe(false);
    expect(matches(press("k"), KEYS.palette[0], false)).toBe(false);
  });

  it("reads a shifted letter as the letter (Ctrl+Shift+P arrives as \"P\")", () => {
    expect(matches(press("P", { ctrlKey: true, shiftKey: true }), KEYS.palette[1], false)).toBe(true);
    expect(matches(press("p", { ctrlKey: true }), KEYS.palette[1], false)).toBe(false);
  });

  it("matches Option+A by the physical key on a Mac (it types å), and AltGr's characters nowhere", () => {
    expect(matches(press("å", { altKey: true, code: "KeyA" }), KEYS.focusApproval[0], true)).toBe(true);
    expect(matches(press("a", { altKey: true, code: "KeyA" }), KEYS.focusApproval[0], false)).toBe(true);
    expect(matches(press("{", { ctrlKey: true, altKey: true, code: "KeyB" }), KEYS.toggleRight[0], false)).toBe(false);
    expect(matches(press("b", { ctrlKey: true, altKey: true, code: "KeyB" }), KEYS.toggleRight[0], false)).toBe(true);
  });

  it("keeps F9 apart from Shift+F9 and Ctrl+F9", () => {
    expect(matches(press("F9"), KEYS.toggleBreakpoint[0], false)).toBe(true);
    expect(matches(press("F9", { shiftKey: true }), KEYS.toggleBreakpoint[0], false)).toBe(false);
    expect(matches(press("F9", { ctrlKey: true }), KEYS.toggleBreakpoint[0], false)).toBe(false);
  });
});

describe("labels", () => {
  it("reads as VS Code writes keys, per platform", () => {
    expect(shortcutLabel(KEYS.palette[1], false)).toBe("Ctrl+Shift+P");
    expect(shortcutLabel(KEYS.palette[1], true)).toBe("⇧⌘P");
    expect(shortcutLabel(KEYS.toggleRight[0], false)).toBe("Ctrl+Alt+B");
    expect(shortcutLabel(KEYS.focusApproval[0], true)).toBe("⌥A");
    expect(ariaShortcut(KEYS.toggleRight[0], false)).toBe("Control+Alt+B");
    expect(ariaShortcut(KEYS.palette[0], true)).toBe("Meta+K");
  });
});
