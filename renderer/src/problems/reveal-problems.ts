// Bringing the Problems panel into view and focus (the top bar's count does): the slot it sits
// in unfolds, and the region itself takes the focus, so a screen reader announces "Problems"
// and Tab goes on into its list.

/** Panel derives a region's heading id from its title: "Problems" is `panel-problems`. */
const PROBLEMS_HEADING = "panel-problems";

const unfolders = new Set<() => void>();

/**
 * A Problems panel registers how to unfold the slot it sits in; the returned function unregisters.
 *
 * @example
 * useEffect(() => onRevealProblems(() => fold?.collapsed && fold.toggle()), [fold]);
 */
export function onRevealProblems(unfold: () => void): () => void {
  unfolders.add(unfold);
  return () => unfolders.delete(unfold);
}

/** Unfolds the Problems panel, scrolls it into view and focuses it; false when the page has none. */
export function revealProblems(doc: Document = document): boolean {
  for (const unfold of unfolders) unfold();
  const region = doc.getElementById(PROBLEMS_HEADING)?.closest<HTMLElement>("section");
  if (!region) return false;
  // Focusable by script only: the region is no stop of its own on the Tab order.
  if (!region.hasAttribute("tabindex")) region.tabIndex = -1;
  region.focus({ preventScroll: true });
  region.scrollIntoView?.({ block: "nearest" });
  return true;
}
