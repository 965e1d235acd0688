// A titled block of a node's detail.
import type { ReactNode } from "react";

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    // A plain block with a heading, not a landmark: the page's regions are the panels.
    <div className="detail-section">
      <h3 className="section-title">{title}</h3>
      {children}
    </div>
  );
}
