// The approval key (Alt+A): from anywhere, the first pending approval's card takes the focus —
// Approvals is shown first (the right sidebar unfolded, its Approvals tab selected on a narrow
// window). With nothing pending, the empty inbox takes it, which says so.
import { focusInView, focusRegion, revealPanel } from "./reveal.ts";

/** Focuses the first pending approval (or the empty inbox); false when the page has no Approvals. */
export function focusFirstApproval(): boolean {
  const region = revealPanel("Approvals", "right", "approvals");
  if (!region) return false;
  const card = region.querySelector<HTMLElement>("[data-approval-id]");
  if (card) return focusInView(card);
  return focusInView(region.querySelector<HTMLElement>(".approvals-empty")) || focusRegion(region);
}
