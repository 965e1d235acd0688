// "Agent tree": the selected entry drawn with @xyflow/react, laid out top to bottom by dagre.
// Nodes are focusable and named ("agent Triage"); Enter or a click selects one for the inspectors,
// a double click opens its JSX source. <Inherit> grants are the labelled, dashed edges. Agents,
// steps and composite tools carry a breakpoint toggle; where the selected run is stopped is marked
// (aria-current="step", "Stopped here") and panned into view.
import { Background, Controls, MarkerType, Position, ReactFlow, type Edge, type FitViewOptions, type NodeChange } from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { agentGraph, graphNodeAt, layoutGraph, NODE_HEIGHT, NODE_WIDTH } from "../graph/index.ts";
import { selectedEntry, selectedRun, selectedStop, useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { CurrentNodeInView } from "./CurrentNodeInView.tsx";
import { FitOnResize } from "./FitOnResize.tsx";
import { GraphNodeView, type StudioFlowNode } from "./GraphNodeView.tsx";

const nodeTypes = { studio: GraphNodeView };
const FIT: FitViewOptions = { padding: 0.15, maxZoom: 1.1 };

const HANDLES = [
  { type: "target" as const, position: Position.Top, x: NODE_WIDTH / 2 - 1, y: -1, width: 2, height: 2 },
  { type: "source" as const, position: Position.Bottom, x: NODE_WIDTH / 2 - 1, y: NODE_HEIGHT - 1, width: 2, height: 2 },
];

export function AgentTreePanel() {
  const entry = useStudio(selectedEntry);
  const loading = useStudio((s) => s.loadingFolder !== null);
  // Restricted mode lists workflows without loading them: an empty tree is no error then.
  const restricted = useStudio((s) => s.project?.trust === "restricted");
  const selectedNodeId = useStudio((s) => s.selectedGraphNodeId);
  const theme = useStudio((s) => s.theme);
  const selectGraphNode = useStudio((s) => s.selectGraphNode);
  const openInEditor = useStudio((s) => s.openInEditor);

  const stop = useStudio(selectedStop);
  // Only a run of the entry drawn here can be stopped somewhere in it.
  const runOfEntry = useStudio((s) => selectedRun(s)?.summary.entryId === s.selectedEntryId);
  const graph = useMemo(() => agentGraph(entry?.tree), [entry?.tree]);
  const laidOut = useMemo(() => layoutGraph(graph), [graph]);
  const currentId = useMemo(() => (runOfEntry ? graphNodeAt(graph, stop)?.id : undefined), [graph, stop, runOfEntry]);

  const nodes = useMemo<StudioFlowNode[]>(
    () =>
      graph.nodes.map((node) => ({
        id: node.id,
        type: "studio",
        position: laidOut.positions.get(node.id) ?? { x: 0, y: 0 },
        data: { node, current: node.id === currentId },
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        // Measured as given: xyflow then counts the nodes as initialised, so a fitView (the
        // Controls' button, a resize) applies at once instead of waiting for a DOM measurement.
        measured: { width: NODE_WIDTH, height: NODE_HEIGHT },
        ariaLabel: node.label,
        ...(node.id === currentId ? { domAttributes: { "aria-current": "step" as const } } : {}),
        selected: node.id === selectedNodeId,
        draggable: false,
        connectable: false,
        deletable: false,
        focusable: true,
        // Known handle positions: edges draw without waiting for the DOM to be measured.
        handles: HANDLES,
      })),
    [graph, laidOut, selectedNodeId, currentId],
  );

  const edges = useMemo<Edge[]>(
    () =>
      graph.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        type: "smoothstep",
        className: `graph-edge-${edge.kind}`,
        ariaLabel: edge.ariaLabel,
        ...(edge.label ? { label: edge.label, labelBgPadding: [6, 3] as [number, number], labelBgBorderRadius: 4 } : {}),
        markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14 },
        animated: edge.kind === "inherits",
        selectable: false,
        focusable: false,
        deletable: false,
      })),
    [graph],
  );

  // Clicks and Enter/Space on a focused node arrive as selection changes.
  const onNodesChange = useCallback(
    (changes: NodeChange<StudioFlowNode>[]) => {
      for (const change of changes) if (change.type === "select" && change.selected) selectGraphNode(change.id);
    },
    [selectGraphNode],
  );

  const inherits = graph.edges.filter((e) => e.kind === "inherits").length;
  // Set once the user pans or zooms the drawn entry: from then on a resize keeps their view.
  const userMoved = useRef(false);
  useEffect(() => {
    userMoved.current = false;
  }, [entry?.id]);

  return (
    <Panel
      title="Agent tree"
      meta={entry ? `${entry.name} · ${plural(graph.nodes.filter((n) => n.kind === "agent").length, "agent")}${inherits ? ` · ${inherits} grant${inherits === 1 ? "" : "s"}` : ""}` : undefined}
      className="tree-panel"
    >
      {loading ? (
        <EmptyState title="Loading project…" tone="loading" />
      ) : !entry ? (
        <EmptyState title="No agent selected">
          <p className="muted">Pick a workflow or markdown agent in Agents to draw its tree.</p>
        </EmptyState>
      ) : graph.nodes.length === 0 && restricted && entry.kind === "workflow" ? (
        <EmptyState title={`${entry.name} is not loaded`}>
          <p className="muted">Restricted mode: June draws a workflow once it may run its code. Trust the folder to load it.</p>
        </EmptyState>
      ) : graph.nodes.length === 0 ? (
        <EmptyState title={`${entry.name} has nothing to draw`} tone="error">
          <p>It did not render far enough to resolve its agents. Problems lists what went wrong and where.</p>
        </EmptyState>
      ) : (
        <div
          className="flow"
          data-testid="agent-tree-flow"
          onClickCapture={(event) => {
            // The zoom buttons move the view without an event of their own; "fit view" hands it back.
            const target = event.target as Element;
            if (target.closest(".react-flow__controls-zoomin, .react-flow__controls-zoomout")) userMoved.current = true;
            else if (target.closest(".react-flow__controls-fitview")) userMoved.current = false;
          }}
        >
          <ReactFlow
            key={entry.id}
            nodes={nodes}
            edges={edges}
            nodeTypes={nodeTypes}
            onNodesChange={onNodesChange}
            onNodeDoubleClick={(_event, node) => {
              const source = node.data.node.trace.source;
              if (source) void openInEditor(source);
            }}
            colorMode={theme}
            fitView
            fitViewOptions={FIT}
            onMoveStart={(event) => {
              // A drag or a wheel is a DOM event; xyflow's own moves (fitView, setCenter) pass a plain object.
              if (event instanceof Event) userMoved.current = true;
            }}
            minZoom={0.2}
            maxZoom={2}
            nodesDraggable={false}
            nodesConnectable={false}
            edgesFocusable={false}
            deleteKeyCode={null}
            selectionKeyCode={null}
            multiSelectionKeyCode={null}
            proOptions={{ hideAttribution: false }}
            attributionPosition="bottom-right"
          >
            <Background gap={16} size={1} />
            <FitOnResize userMoved={userMoved} options={FIT} />
            <CurrentNodeInView nodeId={currentId} />
            <Controls showInteractive={false} position="bottom-left" />
          </ReactFlow>
        </div>
      )}
    </Panel>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
