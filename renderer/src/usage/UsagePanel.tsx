// "Token usage": the selected node, each agent of the selected run, and every run of the session.
// Usage rolls up (model call → step → agent → run), so an agent's row includes its nested agents.
import { useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { nodesOfKind } from "../trace/index.ts";
import { selectedRun, selectedTraceNode, useStudio, type RunView } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { UsageTable, type UsageRow } from "../ui/UsageTable.tsx";
import { formatTokens } from "../ui/format.ts";

export function UsagePanel() {
  const run = useStudio(selectedRun);
  const node = useStudio(selectedTraceNode);
  const runs = useStudio(useShallow((s) => s.runOrder.map((id) => s.runs[id]).filter((r): r is RunView => r !== undefined)));
  const selectedRunId = useStudio((s) => s.selectedRunId);

  const agentRows = useMemo<UsageRow[]>(
    () => nodesOfKind(run?.trace.root, "agent").map(({ node: agent, agentPath }) => ({ key: agent.id, label: agentPath.join(" › "), usage: agent.usage })),
    [run?.trace.root],
  );
  const runRows = useMemo<UsageRow[]>(
    () =>
      runs.map((view, index) => ({
        key: view.summary.runId,
        label: `${view.summary.name} #${index + 1}`,
        usage: runUsage(view),
        current: view.summary.runId === selectedRunId,
      })),
    [runs, selectedRunId],
  );

  return (
    <Panel title="Token usage" meta={run ? `${formatTokens(runUsage(run).totalTokens)} tokens this run` : undefined} className="usage-panel">
      {runs.length === 0 ? (
        <EmptyState title="No runs yet">
          <p className="muted">Token counts per node, agent and run appear once something runs.</p>
        </EmptyState>
      ) : (
        <>
          {node && <UsageTable caption="Selected node" rowHeader="Node" rows={[{ key: node.id, label: `${node.kind} ${node.name}`, usage: node.usage }]} />}
          {agentRows.length > 0 && <UsageTable caption="Per agent" rowHeader="Agent" rows={agentRows} />}
          <UsageTable caption="Per run" rowHeader="Run" rows={runRows} />
        </>
      )}
    </Panel>
  );
}

/** A finished run's usage is the engine's result; a live one's is what its trace has added up so far. */
export function runUsage(view: RunView) {
  if (view.summary.status !== "running") return view.summary.usage;
  return view.trace.root?.usage ?? view.summary.usage;
}
