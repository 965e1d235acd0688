// A native modal <dialog> in the page's body: the top layer, an inert background, Escape (and the
// browser's own cancel) closes it, and focus goes to the control `focus` selects when it opens.
// Compare runs and an MCP server's dialog are both this; their classes set the size.
import { useEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";

export interface ModalDialogProps {
  /** Sizes the dialog (`compare-dialog`, `mcp-dialog`); `modal-dialog` gives the rest. */
  className: string;
  /** The id of the dialog's heading. */
  labelledBy: string;
  /** A selector for what gets the focus when it opens (the first control a person would use). */
  focus: string;
  onClose: () => void;
  children: ReactNode;
}

export function ModalDialog({ className, labelledBy, focus, onClose, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal; an open dialog there is still a dialog with its content.
    if (typeof dialog.showModal === "function") {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute("open", "");
    dialog.querySelector<HTMLElement>(focus)?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === "function") dialog.close();
    };
    // Once, as it opens: the focus selector is where to start, not something to follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return createPortal(
    <dialog
      ref={ref}
      className={`modal-dialog ${className}`}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>,
    document.body,
  );
}
