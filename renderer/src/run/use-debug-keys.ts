// F5, F10, F6 and Shift+F5 anywhere in the studio (see debug/keys.ts for what each does now).
// One window listener; it reads the latest controls and actions, so it never re-subscribes.
import { useEffect, useRef } from "react";
import { debugKeyAction, type DebugAction, type DebugControls } from "../debug/index.ts";

export function useDebugKeys(controls: DebugControls, perform: (action: DebugAction) => void): void {
  const latest = useRef({ controls, perform });
  latest.current = { controls, perform };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const action = debugKeyAction(event, latest.current.controls);
      if (action === undefined) return;
      // Also when nothing applies now: F5 must not reload the page under a debugging session.
      event.preventDefault();
      if (action) latest.current.perform(action);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
