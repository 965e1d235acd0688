// The main stage: the selected agent's graph above its run — the Run controls and the live Trace —
// split by a separator that moves with the mouse or the keyboard; the split persists per project.
// A file:line link's Source takes the graph's place until it is closed (the run stays in view
// below it: a source is read beside the run it explains; beside the graph it would leave neither
// readable at 1024 px).
import { Group, Panel as ResizablePanel, Separator, useDefaultLayout } from "react-resizable-panels";
import { AgentTreePanel } from "../agent-tree/AgentTreePanel.tsx";
import { RunPanel } from "../run/RunPanel.tsx";
import { TracePanel } from "../trace-view/TracePanel.tsx";
import { SourcePanel } from "../source/index.ts";
import { useStudio } from "../store/index.ts";
import { layoutId, layoutStorage } from "./layout-storage.ts";

const PARTS = ["graph", "run"];

export function MainStage({ folder }: { folder: string | undefined }) {
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({ id: layoutId(folder, "stage"), storage: layoutStorage, panelIds: PARTS });
  const sourceOpen = useStudio((s) => s.source !== null);
  return (
    <Group orientation="vertical" className="main-stage" defaultLayout={defaultLayout} onLayoutChanged={onLayoutChanged}>
      <ResizablePanel id="graph" defaultSize="38%" minSize={120} collapsible collapsedSize={31} className="slot">
        <div className="slot-body">{sourceOpen ? <SourcePanel /> : <AgentTreePanel />}</div>
      </ResizablePanel>
      <Separator className="separator separator-horizontal" aria-label="Resize the Agent tree" />
      <ResizablePanel id="run" minSize={220} className="slot">
        <div className="slot-body stage-run">
          <RunPanel />
          <TracePanel />
        </div>
      </ResizablePanel>
    </Group>
  );
}
