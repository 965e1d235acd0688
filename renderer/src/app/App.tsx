// The studio's layout: top bar; Agents, Runs, Problems and MCP servers on the left; the Agent
// tree, Run and Trace in the middle; Approvals, the run's todo lists and the inspectors on the right.
import { useEffect } from "react";
import { AgentsPanel } from "../agents/AgentsPanel.tsx";
import { AgentTreePanel } from "../agent-tree/AgentTreePanel.tsx";
import { ApprovalsPanel } from "../approvals/ApprovalsPanel.tsx";
import { RunsPanel } from "../history/index.ts";
import { CapabilitiesPanel } from "../inspectors/CapabilitiesPanel.tsx";
import { InheritedPanel } from "../inspectors/InheritedPanel.tsx";
import { McpPanel } from "../mcp/index.ts";
import { ProblemsPanel } from "../problems/ProblemsPanel.tsx";
import { RunPanel } from "../run/RunPanel.tsx";
import { useStudio } from "../store/index.ts";
import { TracePanel } from "../trace-view/TracePanel.tsx";
import { TodoPanel } from "../todos/index.ts";
import { UsagePanel } from "../usage/UsagePanel.tsx";
import { Notices } from "../ui/Notices.tsx";
import { TrustBanner } from "../trust/index.ts";
import { TopBar } from "./TopBar.tsx";

export function App() {
  const theme = useStudio((s) => s.theme);
  const ready = useStudio((s) => s.ready);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return (
    <div className="app" data-ready={ready ? "true" : "false"}>
      <TopBar />
      {/* Always present, so the grid's rows stay put when there is nothing to say. */}
      <div className="global-notices-slot">
        <TrustBanner />
        <Notices area="global" className="global-notices" />
      </div>
      <main className="workspace">
        <div className="column column-left">
          <AgentsPanel />
          <RunsPanel />
          <ProblemsPanel />
          <McpPanel />
        </div>
        <div className="column column-center">
          <AgentTreePanel />
          <RunPanel />
          <TracePanel />
        </div>
        <div className="column column-right">
          <ApprovalsPanel />
          <TodoPanel />
          <CapabilitiesPanel />
          <InheritedPanel />
          <UsagePanel />
        </div>
      </main>
    </div>
  );
}
