// One node of the Agent tree graph: kind glyph, name, one line of detail, and the handles edges attach to.
import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import type { GraphNode } from "../graph/index.ts";
import { KindIcon } from "../ui/KindIcon.tsx";

export type StudioFlowNode = Node<{ node: GraphNode }, "studio">;

export function GraphNodeView({ data, selected }: NodeProps<StudioFlowNode>) {
  const { node } = data;
  return (
    <div className={`graph-node graph-node-${node.kind}${selected ? " is-selected" : ""}${node.hasError ? " has-error" : ""}`}>
      <Handle type="target" position={Position.Top} isConnectable={false} className="graph-handle" />
      <KindIcon kind={node.kind} />
      <div className="graph-node-text">
        <div className="graph-node-name">
          {node.name}
          {node.kind === "composite" && <span className="chip">tool</span>}
        </div>
        <div className="graph-node-detail">{node.hasError ? node.trace.error?.code : node.detail}</div>
      </div>
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="graph-handle" />
    </div>
  );
}
