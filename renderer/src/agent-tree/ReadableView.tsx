// Keeps the Agent tree readable in its pane (graph/readable-fit.ts): fitted when it first draws,
// when the pane changes size and when a subtree folds — until the user pans or zooms, after which
// their view is left alone — and the node the run is busy in is panned into view whenever it
// changes. Renders nothing; lives inside <ReactFlow>.
import { useReactFlow, useStore, type Rect } from "@xyflow/react";
import { useEffect, useRef, type RefObject } from "react";
import { readableViewport } from "../graph/index.ts";

export function ReadableView({ userMoved, layoutKey, bounds, focusId, activeId }: { userMoved: RefObject<boolean>; layoutKey: string; bounds: Rect; focusId: string | undefined; activeId: string | undefined }) {
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const fitted = useRef("");

  // Fit on the first size, a new size or a new layout (a fold), unless the user moved the view.
  useEffect(() => {
    if (width === 0 || height === 0) return;
    const key = `${layoutKey}@${width}x${height}`;
    if (fitted.current === key) return;
    const first = fitted.current === "";
    fitted.current = key;
    if (!first && userMoved.current) return;
    const focus = focusId ? flow.getNode(focusId) : undefined;
    const box = focus ? { x: focus.position.x, y: focus.position.y, width: focus.width ?? 0, height: focus.height ?? 0 } : undefined;
    void flow.setViewport(readableViewport({ width, height }, bounds, box));
    // `flow` is React Flow's stable instance; `bounds` and `focusId` are read as they are when the layout changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layoutKey, width, height]);

  // Follow the run: a new busy node out of view is panned to, keeping the zoom.
  useEffect(() => {
    if (!activeId || width === 0 || height === 0) return;
    const node = flow.getNode(activeId);
    if (!node) return;
    const { x, y, zoom } = flow.getViewport();
    const w = (node.width ?? 0) * zoom;
    const h = (node.height ?? 0) * zoom;
    const left = node.position.x * zoom + x;
    const top = node.position.y * zoom + y;
    if (left >= 0 && top >= 0 && left + w <= width && top + h <= height) return;
    void flow.setCenter(node.position.x + (node.width ?? 0) / 2, node.position.y + (node.height ?? 0) / 2, { zoom, duration: 200 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new busy node pans
  }, [activeId, width, height]);

  return null;
}
