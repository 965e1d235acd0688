// "Agent tree": the selected entry drawn with @xyflow/react, laid out top to bottom by dagre, at a
// readable size (fitting never shrinks node text below 12 px; it pans instead: ReadableView).
// Nodes are focusable and named ("agent Triage"); Enter or a click selects one for the inspectors,
// a double click shows its JSX in the Source panel. <Inherit> grants are the labelled, dashed edges. A node with
// children folds its subtree. During a run of this entry each node shows its state in words and
// colour (graph/live-status.ts) and the node the run is busy in is followed; where the run is
// stopped is marked (aria-current="step", "stopped here").
import { Background, ControlButton, Controls, MarkerType, Position, ReactFlow, type Edge, type NodeChange, type Rect } from "@xyflow/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { agentGraph, graphNodeAt, layoutGraph, LIVE_STATE_LABEL, liveStates, NODE_HEIGHT, NODE_WIDTH, visibleGraph } from "../graph/index.ts";
import { selectedEntry, selectedRun, selectedStop, useStudio } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { GraphNodeView, type StudioFlowNode } from "./GraphNodeView.tsx";
import { ReadableView } from "./ReadableView.tsx";

const nodeTypes = { studio: GraphNodeView };
const NO_FOLDS: ReadonlySet<string> = new Set();

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
  const openSource = useStudio((s) => s.openSource);

  const stop = useStudio(selectedStop);
  // Only a run of the entry drawn here is drawn on it.
  const runOfEntry = useStudio((s) => selectedRun(s)?.summary.entryId === s.selectedEntryId);
  const runRoot = useStudio((s) => (selectedRun(s)?.summary.entryId === s.selectedEntryId ? selectedRun(s)?.trace.root : undefined));
  const graph = useMemo(() => agentGraph(entry?.tree), [entry?.tree]);
  const currentId = useMemo(() => (runOfEntry ? graphNodeAt(graph, stop)?.id : undefined), [graph, stop, runOfEntry]);
  const live = useMemo(() => liveStates(graph, runRoot, currentId), [graph, runRoot, currentId]);

  // Folded subtrees, per entry drawn.
  const [folds, setFolds] = useState<{ entry: string | undefined; ids: ReadonlySet<string> }>({ entry: undefined, ids: NO_FOLDS });
  const folded = folds.entry === entry?.id ? folds.ids : NO_FOLDS;
  const toggleFold = useCallback(
    (id: string) =>
      setFolds((prev) => {
        const ids = new Set(prev.entry === entry?.id ? prev.ids : NO_FOLDS);
        if (!ids.delete(id)) ids.add(id);
        return { entry: entry?.id, ids };
      }),
    [entry?.id],
  );
  const visible = useMemo(() => visibleGraph(graph, folded), [graph, folded]);
  const laidOut = useMemo(() => layoutGraph(visible), [visible]);
  const bounds = useMemo<Rect>(() => {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const { x, y } of laidOut.positions.values()) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x + NODE_WIDTH);
      maxY = Math.max(maxY, y + NODE_HEIGHT);
    }
    return Number.isFinite(minX) ? { x: minX, y: minY, width: maxX - minX, height: maxY - minY } : { x: 0, y: 0, width: 0, height: 0 };
  }, [laidOut]);
  // The node the run is busy in, when it is drawn (not folded away).
  const activeId = live.activeId && laidOut.positions.has(live.activeId) ? live.activeId : undefined;

  const nodes = useMemo<StudioFlowNode[]>(
    () =>
      visible.nodes.map((node) => ({
        id: node.id,
        type: "studio",
        position: laidOut.positions.get(node.id) ?? { x: 0, y: 0 },
        data: { node, state: live.states.get(node.id), canFold: visible.parents.has(node.id), hidden: visible.hidden.get(node.id) ?? 0, onToggleFold: toggleFold },
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        // Measured as given: xyflow then counts the nodes as initialised, so a fitView (the
        // Controls' button, a resize) applies at once instead of waiting for a DOM measurement.
        measured: { width: NODE_WIDTH, height: NODE_HEIGHT },
        ariaLabel: live.states.has(node.id) ? `${node.label}, ${LIVE_STATE_LABEL[live.states.get(node.id)!]}` : node.label,
        ...(node.id === currentId ? { domAttributes: { "aria-current": "step" as const } } : {}),
        selected: node.id === selectedNodeId,
        draggable: false,
        connectable: false,
        deletable: false,
        focusable: true,
        // Known handle positions: edges draw without waiting for the DOM to be measured.
        handles: HANDLES,
      })),
    [visible, laidOut, selectedNodeId, currentId, live, toggleFold],
  );

  const edges = useMemo<Edge[]>(
    () =>
      visible.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        type: "smoothstep",
        // A grant's edge is dashed; an edge into a node the run is in now is drawn in the accent.
        // Neither moves: React Flow's `animated` edge redraws its SVG path on the main thread every
        // frame, which was most of the page's work with a run going (docs/benchmarks.md, "Who has the
        // cores: the animated graph edge"); the node says "running" in words.
        className: `graph-edge-${edge.kind}${live.states.get(edge.target) === "running" ? " graph-edge-live" : ""}`,
        ariaLabel: edge.ariaLabel,
        ...(edge.label ? { label: edge.label, labelBgPadding: [6, 3] as [number, number], labelBgBorderRadius: 4 } : {}),
        markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14 },
        selectable: false,
        focusable: false,
        deletable: false,
      })),
    [visible, live],
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
  // "Fit the tree" asks for a fit even when nothing else changed.
  const [fitRequest, setFitRequest] = useState(0);
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
              if (source) void openSource(source);
            }}
            colorMode={theme}
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
            <ReadableView userMoved={userMoved} layoutKey={`${fitRequest}|${[...folded].join(",")}`} bounds={bounds} focusId={activeId ?? selectedNodeId ?? undefined} activeId={activeId} />
            <Controls showInteractive={false} showFitView={false} position="bottom-left">
              <ControlButton
                aria-label="Fit the tree"
                title="Fit the tree (as small as its text stays readable)"
                onClick={() => {
                  userMoved.current = false;
                  setFitRequest((n) => n + 1);
                }}
              >
                <span aria-hidden="true">⤢</span>
              </ControlButton>
            </Controls>
          </ReactFlow>
        </div>
      )}
    </Panel>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
