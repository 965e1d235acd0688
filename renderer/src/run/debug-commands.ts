// What Run's controls do, for the command palette: the Run region registers how it performs a
// debug action (its input box's draft, Start paused), so "Run the selected agent" in the palette
// does exactly what the Run button does.
import type { DebugAction } from "../debug/index.ts";

let performer: ((action: DebugAction) => void) | null = null;

/** Called by the Run region while it is mounted; `null` when it leaves. */
export function registerDebugPerformer(perform: ((action: DebugAction) => void) | null): void {
  performer = perform;
}

/** Performs `action` as Run's buttons do; false when no Run region is mounted. */
export function performDebugAction(action: DebugAction): boolean {
  if (!performer) return false;
  performer(action);
  return true;
}
