// Whether a CSS media query matches, following the window as it changes (the right column folds
// into tabs on narrow windows).
import { useSyncExternalStore } from "react";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== "function") return () => {};
      const list = matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => (typeof matchMedia === "function" ? matchMedia(query).matches : false),
  );
}

/** Below this width the right column is one panel at a time, in tabs. */
export const NARROW_QUERY = "(max-width: 1279.98px)";
