// The palette's filter: every word typed must begin a word of the action's title, group, keys or
// keywords ("tog bre" finds "Toggle breakpoint…", "f9" finds it too). Order is the table's.
import type { PaletteAction } from "./actions.ts";

function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

/**
 * @example
 * filterActions(actions, "tog side", () => "").map((a) => a.title); // ["Toggle left sidebar", "Toggle right sidebar"]
 */
export function filterActions(actions: readonly PaletteAction[], query: string, keysOf: (action: PaletteAction) => string): PaletteAction[] {
  const wanted = words(query);
  if (wanted.length === 0) return [...actions];
  return actions.filter((action) => {
    const have = words(`${action.title} ${action.group} ${keysOf(action)} ${action.keywords ?? ""}`);
    return wanted.every((w) => have.some((h) => h.startsWith(w)));
  });
}
