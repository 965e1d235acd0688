// Whether the command palette is open, and what had the focus before it opened (it gets it back).
import { create } from "zustand";

interface PaletteState {
  open: boolean;
  /** The element focused when the palette opened. */
  opener: HTMLElement | null;
  show(): void;
  hide(): void;
}

export const usePalette = create<PaletteState>((set, get) => ({
  open: false,
  opener: null,
  show() {
    if (get().open) return;
    const active = typeof document === "undefined" ? null : document.activeElement;
    set({ open: true, opener: active instanceof HTMLElement && active !== document.body ? active : null });
  },
  hide() {
    set({ open: false });
  },
}));
