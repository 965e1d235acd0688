// Keeps the Agent tree fitted to its panel when the panel changes size (the window, or the Run and
// Trace panels beside it growing), until the user pans or zooms it: then their view is left alone.
// Renders nothing; lives inside <ReactFlow>, before CurrentNodeInView (which pans after a fit).
import { useReactFlow, useStore, type FitViewOptions } from "@xyflow/react";
import { useEffect, useRef, type RefObject } from "react";

export function FitOnResize({ userMoved, options }: { userMoved: RefObject<boolean>; options: FitViewOptions }) {
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const measured = useRef(false);

  useEffect(() => {
    if (width === 0 || height === 0) return;
    // The first size is fitted by <ReactFlow fitView> itself.
    if (!measured.current) {
      measured.current = true;
      return;
    }
    if (!userMoved.current) void flow.fitView(options);
    // Only a new size refits: `flow` is stable, `userMoved` a ref, `options` read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [width, height]);

  return null;
}
