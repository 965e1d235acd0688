// The colour theme: the user's last choice, else the system's preference.
import type { Theme } from "./studio-state.ts";

const KEY = "june-studio.theme";

export function initialTheme(): Theme {
  const saved = readSaved();
  if (saved) return saved;
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: light)").matches ? "light" : "dark";
}

export function saveTheme(theme: Theme): void {
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // Storage can be unavailable (a sandboxed page); the theme then lasts for this session only.
  }
}

function readSaved(): Theme | undefined {
  try {
    const value = localStorage.getItem(KEY);
    return value === "light" || value === "dark" ? value : undefined;
  } catch {
    return undefined;
  }
}
