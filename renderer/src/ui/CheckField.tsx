// A checkbox and its label, redrawn only when what it shows changes. React 19 writes an input's
// `name` (twice) and `type` on every render of it, and each write is a DOM change: style, paint and
// layerize in the next frame. A checkbox in a panel that re-renders with each event batch (the Run
// region's "Start paused", Token usage's "Show each step's model calls") made the page draw a frame
// for every batch while runs streamed (docs/benchmarks.md, "Web host under load").
import { memo, type ReactNode } from "react";

export interface CheckFieldProps {
  checked: boolean;
  /** Pass a stable function (a store action, a state setter): a new one each render redraws it. */
  onChange: (checked: boolean) => void;
  /** The label's class: its look where it stands ("check" by default). */
  className?: string;
  title?: string;
  children: ReactNode;
}

export const CheckField = memo(function CheckField({ checked, onChange, className = "check", title, children }: CheckFieldProps) {
  return (
    <label className={className} title={title}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
});
