// The right column on a narrow window: Approvals, the agent's capabilities and Token usage as
// tabs, one shown at a time (WAI-ARIA tabs: arrow keys move between tabs, one tab stop). The
// Approvals tab carries the pending count, so an approval never arrives unseen.
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useLayout, type RightTab } from "./layout-state.ts";

export interface TabSpec {
  id: RightTab;
  label: string;
  /** A count shown on the tab (pending approvals). */
  badge?: number;
  children: ReactNode;
}

export function RightTabs({ tabs }: { tabs: TabSpec[] }) {
  const selected = useLayout((s) => s.rightTab);
  const show = useLayout((s) => s.showRightTab);
  const buttons = useRef(new Map<RightTab, HTMLButtonElement>());
  const current = tabs.find((t) => t.id === selected) ?? tabs[0]!;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === current.id);
    const next =
      event.key === "ArrowRight" ? tabs[(index + 1) % tabs.length] : event.key === "ArrowLeft" ? tabs[(index - 1 + tabs.length) % tabs.length] : event.key === "Home" ? tabs[0] : event.key === "End" ? tabs.at(-1) : undefined;
    if (!next) return;
    event.preventDefault();
    show(next.id);
    buttons.current.get(next.id)?.focus();
  };

  return (
    <div className="right-tabs">
      <div role="tablist" aria-label="Side panels" className="tab-strip" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) buttons.current.set(tab.id, el);
              else buttons.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === current.id}
            aria-controls={`tabpanel-${tab.id}`}
            tabIndex={tab.id === current.id ? 0 : -1}
            className="tab"
            onClick={() => show(tab.id)}
          >
            {tab.label}
            {tab.badge ? <span className="badge badge-accent tab-badge">{tab.badge}</span> : null}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`tabpanel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} hidden={tab.id !== current.id} className="tab-panel">
          {tab.children}
        </div>
      ))}
    </div>
  );
}
