// One node of the Agent tree graph: kind glyph, name, one line that says what it is or — during a
// run — its state in words and colour (running, waiting for approval, stopped here, succeeded,
// failed), the fold toggle of its subtree, and its breakpoint toggle (agents, steps, composite tools).
import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { BreakpointToggle } from "../breakpoints/index.ts";
import { LIVE_STATE_LABEL, type GraphNode, type LiveState } from "../graph/index.ts";
import { KindIcon } from "../ui/KindIcon.tsx";

export interface GraphNodeData extends Record<string, unknown> {
  node: GraphNode;
  state?: LiveState;
  /** Whether the node has children to fold, and how many it hides while folded. */
  canFold: boolean;
  hidden: number;
  onToggleFold(id: string): void;
}

export type StudioFlowNode = Node<GraphNodeData, "studio">;

export function GraphNodeView({ data, selected }: NodeProps<StudioFlowNode>) {
  const { node, state, canFold, hidden, onToggleFold } = data;
  const folded = hidden > 0;
  return (
    <div className={`graph-node graph-node-${node.kind}${selected ? " is-selected" : ""}${node.hasError ? " has-error" : ""}${state ? ` is-${state}` : ""}`}>
      <Handle type="target" position={Position.Top} isConnectable={false} className="graph-handle" />
      <KindIcon kind={node.kind} />
      <div className="graph-node-text">
        <div className="graph-node-name">
          <span className="graph-node-title">{node.name}</span>
          {node.kind === "composite" && <span className="chip">tool</span>}
        </div>
        <div className="graph-node-detail">
          {state ? (
            <span className={`live-state live-${state}`}>
              <span className="live-dot" aria-hidden="true" />
              {LIVE_STATE_LABEL[state]}
            </span>
          ) : node.hasError ? (
            node.trace.error?.code
          ) : (
            node.detail
          )}
        </div>
      </div>
      {/* nodrag/nopan/nokey: the toggles' clicks and keys are their own, not the node's. */}
      {canFold && (
        <button
          type="button"
          className="graph-fold nodrag nopan nokey"
          aria-expanded={!folded}
          aria-label={folded ? `Expand ${node.name} (${hidden} hidden)` : `Collapse ${node.name}`}
          title={folded ? `Show the ${hidden} node${hidden === 1 ? "" : "s"} under ${node.name}` : `Fold what is under ${node.name}`}
          onClick={(event) => {
            event.stopPropagation();
            onToggleFold(node.id);
          }}
        >
          {folded ? `+${hidden}` : "−"}
        </button>
      )}
      {node.breakpoint && <BreakpointToggle breakpoint={node.breakpoint} className="graph-breakpoint nodrag nopan nokey" />}
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="graph-handle" />
    </div>
  );
}
