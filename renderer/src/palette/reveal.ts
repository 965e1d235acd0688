// Bringing a panel into view before the focus goes there: the side column unfolded (it may be
// folded away), the right column's tab chosen on a narrow window (below 1280 px it is tabs), and a
// stacked slot folded to its header opened. The state changes render at once (flushSync), so the
// element can take the focus in the same key press.
import { flushSync } from "react-dom";
import { NARROW_QUERY, useLayout, type Column, type RightTab } from "../layout/index.ts";

/** The region a Panel titled `title` renders (its heading id is derived from the title). */
export function regionOf(title: string, doc: Document = document): HTMLElement | null {
  return doc.getElementById(`panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`)?.closest<HTMLElement>("section") ?? null;
}

function isNarrow(): boolean {
  return typeof matchMedia === "function" && matchMedia(NARROW_QUERY).matches;
}

/**
 * Shows the panel titled `title`: unfolds `column`, selects `tab` on a narrow window, and opens a
 * slot folded to the panel's header. Returns the region (null when the page has none).
 */
export function revealPanel(title: string, column: Column, tab?: RightTab): HTMLElement | null {
  flushSync(() => {
    const layout = useLayout.getState();
    layout.reveal(column);
    if (tab && isNarrow()) layout.showRightTab(tab);
  });
  const region = regionOf(title);
  // A slot folded to its header: its own toggle opens it (it knows its resizable panel).
  const fold = region?.querySelector<HTMLButtonElement>(":scope > .panel-header > .fold-toggle[aria-expanded='false']");
  if (fold) flushSync(() => fold.click());
  return region;
}

/** Focuses `el` and scrolls it into view; false when there is none. */
export function focusInView(el: HTMLElement | null | undefined): boolean {
  if (!el) return false;
  el.focus({ preventScroll: true });
  if (typeof el.scrollIntoView === "function") el.scrollIntoView({ block: "nearest" });
  return true;
}

/** Focuses the region titled `title` itself (a screen reader says its name); false when absent. */
export function focusRegion(region: HTMLElement | null): boolean {
  if (!region) return false;
  // Focusable by script only: the region is no stop of its own on the Tab order.
  if (!region.hasAttribute("tabindex")) region.tabIndex = -1;
  return focusInView(region);
}

/** The first button named `name` inside `within` (by its aria-label or its text). */
export function buttonNamed(within: ParentNode | null | undefined, name: string): HTMLButtonElement | undefined {
  if (!within) return undefined;
  return [...within.querySelectorAll<HTMLButtonElement>("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name);
}
