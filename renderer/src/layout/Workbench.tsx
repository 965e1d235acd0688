// The studio's workbench under the top bar: the left sidebar (Agents, Runs, Problems, MCP servers),
// the main stage (the selected agent's graph above its run and trace), and the right sidebar
// (Approvals and todos, the agent's capabilities, Token usage) — resizable columns that fold away,
// each panel scrolling on its own. Below ~1280 px the right sidebar is tabs. Sizes persist per
// project: the workbench is keyed by the open folder, so opening another folder brings its layout.
import { useEffect, useRef, type ReactNode } from "react";
import { Group, Panel as ResizablePanel, Separator, useDefaultLayout, type PanelImperativeHandle } from "react-resizable-panels";
import { AgentsPanel } from "../agents/AgentsPanel.tsx";
import { ApprovalsPanel } from "../approvals/ApprovalsPanel.tsx";
import { RunsPanel } from "../history/index.ts";
import { CapabilitiesPanel } from "../inspectors/CapabilitiesPanel.tsx";
import { InheritedPanel } from "../inspectors/InheritedPanel.tsx";
import { McpPanel } from "../mcp/index.ts";
import { ProblemsPanel } from "../problems/ProblemsPanel.tsx";
import { useStudio } from "../store/index.ts";
import { TodoPanel } from "../todos/index.ts";
import { UsagePanel } from "../usage/UsagePanel.tsx";
import { layoutId, layoutStorage } from "./layout-storage.ts";
import { useLayout, type Column } from "./layout-state.ts";
import { MainStage } from "./MainStage.tsx";
import { RightTabs } from "./RightTabs.tsx";
import { SideStack } from "./SideStack.tsx";
import { NARROW_QUERY, useMediaQuery } from "./use-media-query.ts";

const COLUMNS = ["left", "stage", "right"];

export function Workbench() {
  const folder = useStudio((s) => s.project?.folder);
  const pending = useStudio((s) => s.inbox.length);
  const narrow = useMediaQuery(NARROW_QUERY);
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({ id: layoutId(folder, "columns"), storage: layoutStorage, panelIds: COLUMNS });

  const approvals = (
    <>
      <ApprovalsPanel />
      <TodoPanel />
    </>
  );
  const inspect = (
    <>
      <CapabilitiesPanel />
      <InheritedPanel />
    </>
  );

  return (
    <Group key={folder ?? ""} orientation="horizontal" className="workspace" defaultLayout={defaultLayout} onLayoutChanged={onLayoutChanged}>
      <SideColumn column="left" defaultSize="21%" minSize={190} maxSize="40%">
        <SideStack
          id="left"
          folder={folder}
          label="Project"
          slots={[
            { id: "agents", title: "Agents", defaultSize: 46, children: <AgentsPanel /> },
            { id: "runs", title: "Runs", defaultSize: 22, children: <RunsPanel /> },
            { id: "problems", title: "Problems", defaultSize: 18, children: <ProblemsPanel /> },
            { id: "mcp", title: "MCP servers", defaultSize: 14, children: <McpPanel /> },
          ]}
        />
      </SideColumn>
      <Separator className="separator separator-vertical" aria-label="Resize the left sidebar" />
      <ResizablePanel id="stage" minSize={380} className="stage-column">
        <MainStage folder={folder} />
      </ResizablePanel>
      <Separator className="separator separator-vertical" aria-label="Resize the right sidebar" />
      <SideColumn column="right" defaultSize={narrow ? "31%" : "27%"} minSize={260} maxSize="45%">
        {narrow ? (
          <RightTabs
            tabs={[
              { id: "approvals", label: "Approvals", badge: pending, children: <div className="slot-body">{approvals}</div> },
              { id: "inspect", label: "Capabilities", children: <div className="slot-body">{inspect}</div> },
              { id: "usage", label: "Token usage", children: <div className="slot-body"><UsagePanel /></div> },
            ]}
          />
        ) : (
          <SideStack
            id="right"
            folder={folder}
            label="Inspectors"
            slots={[
              { id: "approvals", title: "Approvals", defaultSize: 36, children: approvals },
              { id: "inspect", title: "Capabilities", defaultSize: 40, children: inspect },
              { id: "usage", title: "Token usage", defaultSize: 24, children: <UsagePanel /> },
            ]}
          />
        )}
      </SideColumn>
    </Group>
  );
}

/** A side column that folds away entirely (the top bar's toggles, Ctrl+B / Ctrl+Alt+B). */
function SideColumn({ column, defaultSize, minSize, maxSize, children }: { column: Column; defaultSize: string; minSize: number; maxSize: string; children: ReactNode }) {
  const handle = useRef<PanelImperativeHandle | null>(null);
  const register = useLayout((s) => s.register);
  const setCollapsed = useLayout((s) => s.setCollapsed);
  useEffect(() => {
    register(column, handle.current);
    return () => register(column, null);
  }, [column, register]);
  return (
    <ResizablePanel
      id={column}
      panelRef={handle}
      defaultSize={defaultSize}
      minSize={minSize}
      maxSize={maxSize}
      collapsible
      collapsedSize={0}
      className={`side-column side-column-${column}`}
      onResize={(size) => setCollapsed(column, size.inPixels < 1)}
    >
      {children}
    </ResizablePanel>
  );
}
