// One node of the Agent tree graph: kind glyph, name, one line of detail, the handles edges attach
// to, its breakpoint toggle (agents, steps, composite tools), and "Stopped here" while the
// selected run is stopped at it.
import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { BreakpointToggle } from "../breakpoints/index.ts";
import type { GraphNode } from "../graph/index.ts";
import { KindIcon } from "../ui/KindIcon.tsx";

export type StudioFlowNode = Node<{ node: GraphNode; current: boolean }, "studio">;

export function GraphNodeView({ data, selected }: NodeProps<StudioFlowNode>) {
  const { node, current } = data;
  return (
    <div
      className={`graph-node graph-node-${node.kind}${selected ? " is-selected" : ""}${node.hasError ? " has-error" : ""}${current ? " is-current" : ""}`}
    >
      <Handle type="target" position={Position.Top} isConnectable={false} className="graph-handle" />
      <KindIcon kind={node.kind} />
      <div className="graph-node-text">
        <div className="graph-node-name">
          {node.name}
          {node.kind === "composite" && <span className="chip">tool</span>}
        </div>
        <div className="graph-node-detail">{current ? <span className="stopped-here">Stopped here</span> : node.hasError ? node.trace.error?.code : node.detail}</div>
      </div>
      {/* nodrag/nopan/nokey: the toggle's clicks and keys are its own, not the node's. */}
      {node.breakpoint && <BreakpointToggle breakpoint={node.breakpoint} className="graph-breakpoint nodrag nopan nokey" />}
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="graph-handle" />
    </div>
  );
}
