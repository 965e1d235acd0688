// Pans the Agent tree to the node the selected run is stopped at, when it is out of view (as
// xyflow does for a focused node), keeping the zoom. Renders nothing; lives inside <ReactFlow>.
import { useReactFlow, useStore } from "@xyflow/react";
import { useEffect } from "react";

export function CurrentNodeInView({ nodeId }: { nodeId: string | undefined }) {
  const flow = useReactFlow();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);

  useEffect(() => {
    if (!nodeId || width === 0 || height === 0) return;
    const node = flow.getNode(nodeId);
    if (!node) return;
    const { x, y, zoom } = flow.getViewport();
    const w = (node.width ?? 0) * zoom;
    const h = (node.height ?? 0) * zoom;
    const left = node.position.x * zoom + x;
    const top = node.position.y * zoom + y;
    if (left >= 0 && top >= 0 && left + w <= width && top + h <= height) return;
    void flow.setCenter(node.position.x + (node.width ?? 0) / 2, node.position.y + (node.height ?? 0) / 2, { zoom, duration: 200 });
    // Only a new stop position pans; the user's own panning afterwards is left alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `flow` is React Flow's stable instance
  }, [nodeId, width, height]);

  return null;
}
