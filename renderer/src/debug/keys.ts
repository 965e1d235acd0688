// The debugger's keys, as in VS Code: F5 Continue (or Run when nothing is stopped), F10 Step (or
// start the selected agent paused), Shift+F5 Stop, F6 Pause. Function keys type nothing, so they
// work while a text field has focus too; with Ctrl, Alt or Meta they stay the browser's.
import type { DebugControls } from "./controls.ts";

export type DebugAction = "run" | "run-paused" | "continue" | "step" | "pause" | "abort";

/** What the keys are, for tooltips and aria-keyshortcuts. */
export const DEBUG_KEYS = { run: "F5", continue: "F5", step: "F10", pause: "F6", abort: "Shift+F5" } as const;

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/**
 * The action a key press asks for: an action, `null` for a debugger key that does nothing now
 * (still kept from the browser: F5 would reload the page), or `undefined` for any other key.
 *
 * @example
 * debugKeyAction({ key: "F10", shiftKey: false, ctrlKey: false, altKey: false, metaKey: false }, controls); // "step"
 */
export function debugKeyAction(press: KeyPress, controls: DebugControls): DebugAction | null | undefined {
  if (press.ctrlKey || press.altKey || press.metaKey) return undefined;
  switch (press.key) {
    case "F5":
      if (press.shiftKey) return controls.abort ? "abort" : null;
      if (controls.continue) return "continue";
      return !controls.live && controls.run ? "run" : null;
    case "F10":
      if (press.shiftKey) return undefined;
      if (!controls.step) return null;
      return controls.stepStarts ? "run-paused" : "step";
    case "F6":
      if (press.shiftKey) return undefined;
      return controls.pause ? "pause" : null;
    default:
      return undefined;
  }
}
