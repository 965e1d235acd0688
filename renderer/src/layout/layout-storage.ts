// Where panel sizes are kept: localStorage, one key per project folder and group, so each project
// opens with the layout it was left in. Storage may be unavailable (a sandboxed page): sizes then
// last for the session.
import type { LayoutStorage } from "react-resizable-panels";

const PREFIX = "june-studio.layout";

/** The storage key of one group's layout in one project. */
export function layoutId(folder: string | undefined, group: string): string {
  return `${PREFIX}:${group}:${folder ?? "(no folder)"}`;
}

export const layoutStorage: LayoutStorage = {
  getItem(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Not kept: the layout lasts for this session only.
    }
  },
};
