// Bringing the Problems panel into view and focus (the top bar's count does): the region itself
// takes the focus, so a screen reader announces "Problems" and Tab goes on into its list.

/** Panel derives a region's heading id from its title: "Problems" is `panel-problems`. */
const PROBLEMS_HEADING = "panel-problems";

/** Scrolls the Problems region into view and focuses it; false when the page has none. */
export function revealProblems(doc: Document = document): boolean {
  const region = doc.getElementById(PROBLEMS_HEADING)?.closest<HTMLElement>("section");
  if (!region) return false;
  // Focusable by script only: the region is no stop of its own on the Tab order.
  if (!region.hasAttribute("tabindex")) region.tabIndex = -1;
  region.scrollIntoView?.({ block: "start" });
  region.focus({ preventScroll: true });
  return true;
}
