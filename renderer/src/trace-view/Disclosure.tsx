// A titled part of a node's detail that opens and closes: a button with aria-expanded naming it,
// and the part it controls, drawn only while open (a closed Raw section asks the host nothing).
import { useId, useState, type ReactNode } from "react";

export interface DisclosureProps {
  title: string;
  /** Open at first; default closed. */
  defaultOpen?: boolean;
  /** Said after the title while closed (e.g. how long the reasoning is). */
  hint?: string;
  children: ReactNode;
}

export function Disclosure({ title, defaultOpen = false, hint, children }: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <div className="detail-section disclosure">
      <h3 className="section-title">
        <button type="button" className="disclosure-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          <span className="disclosure-arrow" aria-hidden="true">
            {open ? "▾" : "▸"}
          </span>
          {title}
        </button>
        {!open && hint && <span className="disclosure-hint">{hint}</span>}
      </h3>
      {open && (
        <div id={id} className="disclosure-body">
          {children}
        </div>
      )}
    </div>
  );
}
