// Type-ahead as a native listbox has it: letters typed in quick succession move to the next item
// whose name starts with them; the same letter typed again cycles through the items it starts.

/** How long a pause ends the typed prefix, as in Windows and macOS lists. */
export const TYPE_AHEAD_RESET_MS = 500;

/**
 * The index of the item the typed text moves to, or -1. `names[i]` holds the names an item
 * answers to (the one it shows), or none for an item type-ahead skips (a group's header).
 * One letter (or one letter repeated) looks after `from`; a longer prefix looks from `from`
 * itself, so typing on keeps the item already reached. The search wraps around.
 *
 * @example
 * typeAheadIndex([["alpha"], ["beta"], ["bravo"]], 1, "b"); // 2
 * typeAheadIndex([["alpha"], ["beta"], ["bravo"]], 1, "br"); // 2
 */
export function typeAheadIndex(names: readonly (readonly string[] | null)[], from: number, typed: string): number {
  const text = typed.toLowerCase();
  if (text === "" || names.length === 0) return -1;
  const repeated = [...text].every((char) => char === text[0]);
  const prefix = repeated ? text[0]! : text;
  const start = repeated ? from + 1 : Math.max(from, 0);
  for (let step = 0; step < names.length; step++) {
    const index = (((start + step) % names.length) + names.length) % names.length;
    if (names[index]?.some((name) => name.toLowerCase().startsWith(prefix))) return index;
  }
  return -1;
}
