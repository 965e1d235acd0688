// A column of panels stacked top to bottom, each in its own slot: resizable by the separators
// between them (mouse or keyboard), foldable to its header, scrolling on its own. Sizes persist
// per project (layout-storage.ts).
import { useRef, useState, type ReactNode } from "react";
import { Group, Panel as ResizablePanel, Separator, useDefaultLayout, type PanelImperativeHandle } from "react-resizable-panels";
import { layoutId, layoutStorage } from "./layout-storage.ts";
import { SlotContext } from "../ui/slot-fold.ts";

/** The height of a panel's header: what a folded slot keeps. */
export const HEADER_HEIGHT = 31;

export interface Slot {
  id: string;
  /** The title of the panel that heads the slot (its header carries the fold toggle). */
  title: string;
  /** A percentage of the column. */
  defaultSize: number;
  minSize?: number;
  children: ReactNode;
}

export function SideStack({ id, folder, label, slots }: { id: string; folder: string | undefined; label: string; slots: Slot[] }) {
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({ id: layoutId(folder, id), storage: layoutStorage, panelIds: slots.map((s) => s.id) });
  return (
    <Group orientation="vertical" className="side-stack" defaultLayout={defaultLayout} onLayoutChanged={onLayoutChanged} aria-label={label}>
      {slots.map((slot, index) => (
        <StackSlot key={slot.id} slot={slot} last={index === slots.length - 1} />
      ))}
    </Group>
  );
}

function StackSlot({ slot, last }: { slot: Slot; last: boolean }) {
  const handle = useRef<PanelImperativeHandle | null>(null);
  const [collapsed, setCollapsed] = useState(false);
  const toggle = () => {
    const panel = handle.current;
    if (!panel) return;
    if (panel.isCollapsed()) panel.expand();
    else panel.collapse();
  };
  return (
    <>
      <ResizablePanel
        id={slot.id}
        panelRef={handle}
        defaultSize={`${slot.defaultSize}%`}
        minSize={slot.minSize ?? 64}
        collapsible
        collapsedSize={HEADER_HEIGHT}
        className={`slot${collapsed ? " is-folded" : ""}`}
        onResize={(size) => setCollapsed(size.inPixels <= HEADER_HEIGHT + 1)}
      >
        <SlotContext.Provider value={{ title: slot.title, collapsed, toggle }}>
          <div className="slot-body">{slot.children}</div>
        </SlotContext.Provider>
      </ResizablePanel>
      {!last && <Separator className="separator separator-horizontal" aria-label={`Resize ${slot.title}`} />}
    </>
  );
}
