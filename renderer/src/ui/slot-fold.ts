// What a stacked slot of the workbench (layout/SideStack.tsx) tells the panel at its top: that it can fold to its header, and whether it
// is folded. The Panel draws the toggle in its header (one place for every panel's chevron).
import { createContext, useContext } from "react";

export interface SlotFold {
  /** The panel whose header carries the toggle (a slot may hold several panels). */
  title: string;
  collapsed: boolean;
  toggle(): void;
}

export const SlotContext = createContext<SlotFold | null>(null);

/** The fold toggle for the panel titled `title`, when it heads a foldable slot. */
export function useSlotFold(title: string): SlotFold | null {
  const fold = useContext(SlotContext);
  return fold && fold.title === title ? fold : null;
}
