// The theme slice: the colour theme the studio shows (persisting it is the host page's business,
// through onThemeChange; theme.ts reads and saves it).
import type { StudioSlice } from "./slice.ts";

export type Theme = "light" | "dark";

export interface ThemeData {
  theme: Theme;
}

export interface ThemeActions {
  toggleTheme(): void;
}

export function themeSlice(theme: Theme, onThemeChange?: (theme: Theme) => void): StudioSlice<ThemeData & ThemeActions> {
  return (set, get) => ({
    theme,

    toggleTheme() {
      const next: Theme = get().theme === "dark" ? "light" : "dark";
      set({ theme: next });
      onThemeChange?.(next);
    },
  });
}
