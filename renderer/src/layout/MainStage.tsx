// The main stage: the selected agent's graph above its run — the Run controls and the live Trace —
// split by a separator that moves with the mouse or the keyboard; the split persists per project.
import { Group, Panel as ResizablePanel, Separator, useDefaultLayout } from "react-resizable-panels";
import { AgentTreePanel } from "../agent-tree/AgentTreePanel.tsx";
import { RunPanel } from "../run/RunPanel.tsx";
import { TracePanel } from "../trace-view/TracePanel.tsx";
import { SourcePanel } from "../source/index.ts";
import { layoutId, layoutStorage } from "./layout-storage.ts";

const PARTS = ["graph", "run"];

export function MainStage({ folder }: { folder: string | undefined }) {
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({ id: layoutId(folder, "stage"), storage: layoutStorage, panelIds: PARTS });
  return (
    <Group orientation="vertical" className="main-stage" defaultLayout={defaultLayout} onLayoutChanged={onLayoutChanged}>
      <ResizablePanel id="graph" defaultSize="38%" minSize={120} collapsible collapsedSize={31} className="slot">
        <div className="slot-body">
          <AgentTreePanel />
        </div>
      </ResizablePanel>
      <Separator className="separator separator-horizontal" aria-label="Resize the Agent tree" />
      <ResizablePanel id="run" minSize={220} className="slot">
        <div className="slot-body stage-run">
          <RunPanel />
          <TracePanel />
          <SourcePanel />
        </div>
      </ResizablePanel>
    </Group>
  );
}
