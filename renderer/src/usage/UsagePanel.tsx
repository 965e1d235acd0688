// "Token usage": the selected node, the selected run's tokens per step (a chart and a table, with
// each step's model calls on request), each agent of the run, and the runs (the ten newest and the
// selected one, more on request); each with its cost.
// Usage and cost roll up (model call → step → agent → run), so an agent's row includes its nested
// agents; a step's row counts only its own calls (a composite's steps have rows of their own).
import { useMemo, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { CompareRunsButton } from "../compare/index.ts";
import type { TraceNodeOf } from "../contract/index.ts";
import { runCost, runUsage, stepLabel, stepsOf } from "../run-figures/index.ts";
import { nodesOfKind } from "../trace/index.ts";
import { selectedRun, selectedTraceNode, useStudio, type RunView } from "../store/index.ts";
import { EmptyState, Panel } from "../ui/Panel.tsx";
import { costText, formatCost, formatStart, formatTokens } from "../ui/format.ts";
import { chartBars } from "./chart-bars.ts";
import { TokenChart } from "./TokenChart.tsx";
import { UsageCostTable, type UsageCostRow } from "./UsageCostTable.tsx";
import { CheckField } from "../ui/CheckField.tsx";
import { ShowMore } from "../ui/ShowMore.tsx";
import { useListLimit } from "../ui/use-list-limit.ts";
import "./usage.css";

const STEP_TABLE = "Per step";
/** Runs the per-run table draws at first, and draws more at each ask (the newest first). */
const RUN_ROWS_SHOWN = 10;

export function UsagePanel() {
  const run = useStudio(selectedRun);
  const node = useStudio(selectedTraceNode);
  const runs = useStudio(useShallow((s) => s.runOrder.map((id) => s.runs[id]).filter((r): r is RunView => r !== undefined)));
  const selectedRunId = useStudio((s) => s.selectedRunId);
  const [showCalls, setShowCalls] = useState(false);
  const root = run?.trace.root;

  const steps = useMemo(() => stepsOf(root), [root]);
  const bars = useMemo(() => chartBars(steps), [steps]);
  const stepRows = useMemo<UsageCostRow[]>(
    () =>
      steps.flatMap((step) => [
        { key: step.node.id, label: stepLabel(step), usage: step.usage, cost: step.cost },
        ...(showCalls
          ? step.modelCalls.map((call, index) => ({ key: call.id, label: `call ${index + 1} · ${modelName(call)}`, usage: call.usage, cost: call.cost, nested: true }))
          : []),
      ]),
    [steps, showCalls],
  );
  const agentRows = useMemo<UsageCostRow[]>(
    () => nodesOfKind(root, "agent").map(({ node: agent, agentPath }) => ({ key: agent.id, label: agentPath.join(" › "), usage: agent.usage, cost: agent.cost })),
    [root],
  );
  // Newest first, each named as the Run region's list names it — "Release #2" is the entry's second
  // run — with its start time (as Runs shows it) under the name.
  const runRows = useMemo<UsageCostRow[]>(() => {
    const seen = new Map<string, number>();
    const numbered = runs.map((view) => {
      const n = (seen.get(view.summary.entryId) ?? 0) + 1;
      seen.set(view.summary.entryId, n);
      return { view, n };
    });
    return numbered
      .sort((a, b) => b.view.summary.startedAt - a.view.summary.startedAt)
      .map(({ view, n }) => ({
        key: view.summary.runId,
        label: `${view.summary.name} #${n}`,
        sub: formatStart(view.summary.startedAt),
        usage: runUsage(view),
        cost: runCost(view),
        current: view.summary.runId === selectedRunId,
      }));
  }, [runs, selectedRunId]);

  const shownRuns = useListLimit(runRows, RUN_ROWS_SHOWN, runRows.findIndex((row) => row.current));

  return (
    <Panel
      title="Token usage"
      meta={run ? <span title={formatCost(runCost(run))}>{`${formatTokens(runUsage(run).totalTokens)} tokens · ${costText(runCost(run)).text} this run`}</span> : undefined}
      actions={<CompareRunsButton />}
      className="usage-panel"
    >
      {runs.length === 0 ? (
        <EmptyState title="No runs yet">
          <p className="muted">Token counts and cost per node, step, agent and run appear once something runs.</p>
        </EmptyState>
      ) : (
        <>
          {node && (
            <UsageCostTable caption="Selected node" rowHeader="Node" rows={[{ key: node.id, label: `${node.kind} ${node.name}`, usage: node.usage, cost: node.cost }]} />
          )}
          {steps.length > 0 && (
            <>
              <TokenChart bars={bars} tableName={STEP_TABLE} />
              <CheckField className="usage-toggle" checked={showCalls} onChange={setShowCalls}>
                Show each step's model calls
              </CheckField>
              <UsageCostTable caption={STEP_TABLE} rowHeader="Step" rows={stepRows} />
            </>
          )}
          {agentRows.length > 0 && <UsageCostTable caption="Per agent" rowHeader="Agent" rows={agentRows} />}
          <UsageCostTable caption="Per run" rowHeader="Run" rows={shownRuns.tail ? [...shownRuns.head, shownRuns.tail] : shownRuns.head} />
          <ShowMore list={shownRuns} total={runRows.length} />
        </>
      )}
    </Panel>
  );
}

function modelName(call: TraceNodeOf<"model-call">): string {
  return call.input?.modelId ?? call.name;
}
