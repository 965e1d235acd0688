// The studio's global keys (besides the debugger's, run/use-debug-keys.ts): one window listener
// that matches the action table's keys. A matching key is kept from the browser even when its
// action does not apply now (Ctrl+B must not open Firefox's bookmarks instead). Option+letter
// types a character on a Mac (Option+A is "å"), so there it is left to text fields.
import { useEffect } from "react";
import { isMac, isTextField, matches } from "../keyboard/index.ts";
import { useStudioStore } from "../store/index.ts";
import { ACTIONS, type PaletteAction } from "./actions.ts";
import { usePalette } from "./palette-state.ts";

/** The action a key press performs, if any. */
export function actionForKey(event: KeyboardEvent, actions: readonly PaletteAction[] = ACTIONS, mac = isMac()): PaletteAction | undefined {
  return actions.find((action) =>
    action.keys?.some((key) => matches(event, key, mac) && !(mac && key.alt && !key.mod && isTextField(event.target))),
  );
}

export function useGlobalKeys(): void {
  const store = useStudioStore();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const action = actionForKey(event);
      if (!action) return;
      event.preventDefault();
      // The palette is modal: behind it nothing moves (its own keys open it, nothing else).
      if (usePalette.getState().open) return;
      if (action.unavailable?.(store.getState()) === undefined) action.perform(store);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [store]);
}
