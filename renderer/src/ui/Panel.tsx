// A named region of the studio: a <section> with a header; tests and screen readers find it by name.
import type { ReactNode } from "react";
import { useSlotFold } from "./slot-fold.ts";

export interface PanelProps {
  /** The region's accessible name and visible title. */
  title: string;
  /** Short text beside the title (a count, the selected thing). */
  meta?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Panel({ title, meta, actions, className, children }: PanelProps) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  // In a foldable slot of the workbench, the header folds the panel to itself.
  const fold = useSlotFold(title);
  return (
    <section aria-labelledby={id} className={`panel${className ? ` ${className}` : ""}`}>
      <header className="panel-header">
        {fold && (
          <button
            type="button"
            className="fold-toggle"
            aria-expanded={!fold.collapsed}
            aria-controls={`${id}-body`}
            aria-label={`${fold.collapsed ? "Expand" : "Collapse"} ${title}`}
            title={`${fold.collapsed ? "Expand" : "Collapse"} ${title}`}
            onClick={fold.toggle}
          >
            <span aria-hidden="true">{fold.collapsed ? "▸" : "▾"}</span>
          </button>
        )}
        <h2 id={id} className="panel-title">
          {title}
        </h2>
        {meta !== undefined && <span className="panel-meta">{meta}</span>}
        {actions && <div className="panel-actions">{actions}</div>}
      </header>
      <div id={`${id}-body`} className="panel-body">
        {children}
      </div>
    </section>
  );
}

export function EmptyState({ title, children, tone = "neutral" }: { title: string; children?: ReactNode; tone?: "neutral" | "loading" | "error" }) {
  return (
    <div className={`empty empty-${tone}`} role={tone === "error" ? "alert" : undefined} aria-busy={tone === "loading" || undefined}>
      {tone === "loading" && <span className="spinner" aria-hidden="true" />}
      <p className="empty-title">{title}</p>
      {children && <div className="empty-body">{children}</div>}
    </div>
  );
}
